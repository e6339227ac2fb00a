import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Selectable } from 'kysely';
import { captionCues, timedWords, toSrt, toWebVtt, type Timing } from '../../common/captions';
import type { MediaTable } from '../db/schema';
import { ffprobe, FfmpegFailed, fencedInput, MAX_PIXELS, type FfprobeResult } from '../media-jobs/ffmpeg';
import { measureMedia } from '../media-jobs/measure';
import type { MediaJobContext } from '../media-jobs/runner';
import { blobKey, saveTranscript } from '../submissions';
import { z } from 'zod';
import type { ParsedJob } from '../jobs/queue';
import type { Deps } from '../deps';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'config' | 'db' | 'log' | 'mediaJobs' | 'transcriber'>;

type MediaRow = Selectable<MediaTable>;

/** Makes a video playable for the team (proxy, poster) and its captions. */
export const VIDEO_JOB = 'media.video';
/** Transcribes a stored recording (voice message, interview) for its captions. */
export const CAPTIONS_JOB = 'media.captions';

export const videoJob = z.object({ mediaId: z.number() });
export type VideoJob = z.infer<typeof videoJob>;

/** Proxy limits: at most 1080p (long side 1920), H.264 High, AAC. */
const LONG_SIDE = 1920;
const SHORT_SIDE = 1080;
/**
 * x264 preset and quality: `veryfast` keeps a 60 s 1080p phone clip under real time on two cores
 * (bench/media), CRF 23 with a 6 Mbit/s cap is visually fine for review and keeps files small.
 */
export const PROXY_PRESET = 'veryfast';
const PROXY_CRF = '23';
const POSTER_SIZE = 480;

/** Display size and length of a probed file; null when it holds no video stream. */
export function videoFacts(
  probe: FfprobeResult,
): { width: number; height: number; rotation: number; durationSeconds: number; hasAudio: boolean } | null {
  const stream = probe.streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!stream?.width || !stream.height) return null;
  const sideRotation = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const rotation = ((Math.round(Number(sideRotation ?? stream.tags?.rotate ?? 0)) % 360) + 360) % 360;
  const turned = rotation === 90 || rotation === 270;
  const durationSeconds = Number(probe.format?.duration ?? stream.duration ?? 0) || 0;
  return {
    width: turned ? stream.height : stream.width,
    height: turned ? stream.width : stream.height,
    rotation,
    durationSeconds,
    hasAudio: probe.streams.some((s) => s.codec_type === 'audio'),
  };
}

/** ffmpeg arguments of the proxy: rotation applied (autorotate), at most 1080p, H.264/AAC, faststart, no metadata. */
export function proxyArgs(
  input: string,
  output: string,
  facts: { width: number; height: number; hasAudio: boolean; mime?: string | null; maxSeconds?: number },
  preset = PROXY_PRESET,
): string[] {
  const [maxW, maxH] = facts.width >= facts.height ? [LONG_SIDE, SHORT_SIDE] : [SHORT_SIDE, LONG_SIDE];
  return [
    ...fencedInput(input, facts.mime),
    ...(facts.maxSeconds ? ['-t', String(facts.maxSeconds)] : []),
    '-map',
    '0:v:0',
    ...(facts.hasAudio ? ['-map', '0:a:0'] : []),
    '-map_metadata',
    '-1',
    '-vf',
    `scale='min(iw,${maxW})':'min(ih,${maxH})':force_original_aspect_ratio=decrease:force_divisible_by=2,format=yuv420p`,
    '-fpsmax',
    '60',
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-crf',
    PROXY_CRF,
    '-maxrate',
    '6M',
    '-bufsize',
    '12M',
    '-profile:v',
    'high',
    ...(facts.hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000'] : []),
    '-movflags',
    '+faststart',
    '-y',
    output,
  ];
}

/**
 * The poster: a frame from about 1 s in, or the first frame when the picture ends before that (a
 * very short clip, or a recording whose sound outlasts its few frames). null when no frame can be
 * read: the video still plays, only without a poster.
 */
async function makePoster(
  deps: ServiceDeps,
  ctx: MediaJobContext,
  proxy: string,
  durationSeconds: number,
  mediaId: number,
): Promise<string | null> {
  const poster = path.join(ctx.tempDir, 'poster.jpg');
  const at = Math.min(1, durationSeconds / 2);
  for (const seek of at > 0 ? [at, 0] : [0]) {
    try {
      await ctx.ffmpeg(
        [
          ...(seek > 0 ? ['-ss', seek.toFixed(2)] : []),
          '-i',
          proxy,
          '-frames:v',
          '1',
          '-vf',
          `scale=${POSTER_SIZE}:${POSTER_SIZE}:force_original_aspect_ratio=decrease`,
          '-q:v',
          '4',
          '-y',
          poster,
        ],
        { from: 0.9, to: 0.92 },
      );
    } catch (error) {
      if (ctx.signal.aborted || !(error instanceof FfmpegFailed)) throw error;
      deps.log.warn({ mediaId, seek, detail: error.detail }, 'poster frame not read');
      continue;
    }
    // ffmpeg ends without error and without a file when the seek lies past the last frame.
    if ((await stat(poster).catch(() => null))?.size) return poster;
  }
  deps.log.warn({ mediaId }, 'video has no poster frame');
  return null;
}

/** A local file with a blob's bytes: the file itself on the local store, else a copy in `dir`. */
async function localCopy(deps: ServiceDeps, key: string, dir: string, name: string): Promise<string> {
  if (deps.blobs.localPath) return deps.blobs.localPath(key);
  const file = path.join(dir, name);
  await pipeline(await deps.blobs.get(key), createWriteStream(file));
  return file;
}

async function setMedia(
  deps: Pick<ServiceDeps, 'db'>,
  id: number,
  values: Partial<Omit<MediaRow, 'id'>>,
): Promise<void> {
  await deps.db.updateTable('media').set(values).where('id', '=', id).execute();
}

/**
 * The video job: probe, proxy, poster, then the captions from its audio. The original is never
 * touched. A file ffmpeg cannot read is marked unreadable (the page says so), not retried.
 */
export async function processVideo(
  deps: ServiceDeps,
  ctx: MediaJobContext<ParsedJob<typeof videoJob>>,
): Promise<unknown> {
  const { mediaId } = ctx.job.payload;
  const row = await deps.db.selectFrom('media').selectAll().where('id', '=', mediaId).executeTakeFirst();
  if (!row) return { missing: true };
  const input = await localCopy(deps, row.file_path, ctx.tempDir, 'original');
  const capSeconds = deps.config.MEDIA_MAX_MINUTES * 60;
  let facts: ReturnType<typeof videoFacts>;
  let seconds: number | null = null;
  let probe: FfprobeResult | null = null;
  try {
    probe = await ffprobe(input, { signal: ctx.signal, mime: row.file_type });
    facts = videoFacts(probe);
    // Its length from its packets, not its header: the job's time limit and progress follow it.
    seconds = (await measureMedia(input, { mime: row.file_type, limitSeconds: capSeconds, signal: ctx.signal }))
      .seconds;
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    facts = null;
  }
  if (!facts && seconds !== null && probe?.streams.some((st) => st.codec_type === 'audio'))
    return soundOnly(deps, ctx, row, input, Math.min(seconds, capSeconds));
  if (!facts || facts.width * facts.height > MAX_PIXELS || seconds === null) {
    await setMedia(deps, mediaId, { media_state: 'unreadable', caption_state: null });
    return { unreadable: true };
  }
  const length = Math.min(seconds, capSeconds);
  ctx.limitTime(length);
  const proxy = path.join(ctx.tempDir, 'proxy.mp4');
  try {
    await ctx.ffmpeg(proxyArgs(input, proxy, { ...facts, mime: row.file_type, maxSeconds: capSeconds }), {
      durationSeconds: length,
      from: 0,
      to: 0.9,
    });
  } catch (error) {
    if (error instanceof FfmpegFailed) {
      deps.log.warn({ mediaId, detail: error.detail }, 'video not transcoded');
      await setMedia(deps, mediaId, { media_state: 'unreadable', caption_state: null });
      return { unreadable: true };
    }
    throw error;
  }
  const probed = videoFacts(await ffprobe(proxy, { signal: ctx.signal }))!;
  const poster = await makePoster(deps, ctx, proxy, probed.durationSeconds, mediaId);
  const proxyKey = blobKey(row.submission_id, 'mp4');
  const posterKey = blobKey(row.submission_id, 'jpg');
  await deps.blobs.put(proxyKey, createReadStream(proxy), { contentType: 'video/mp4' });
  if (poster) await deps.blobs.put(posterKey, await readFile(poster), { contentType: 'image/jpeg' });
  const old = [row.proxy_path, row.thumbnail_path].filter((k): k is string => !!k);
  await setMedia(deps, mediaId, {
    proxy_path: proxyKey,
    thumbnail_path: poster ? posterKey : null,
    width: probed.width,
    height: probed.height,
    duration_ms: Math.round(probed.durationSeconds * 1000),
    media_state: 'ready',
  });
  for (const key of old)
    await deps.blobs
      .delete(key)
      .catch((error) => deps.log.warn({ err: error, key }, 'old video derivative not removed'));
  ctx.progress(0.92);
  const captions = await captionsFromAudio(deps, ctx, { ...row, proxy_path: proxyKey }, facts.hasAudio ? proxy : null, {
    addToTranscript: true,
  });
  return {
    proxy: proxyKey,
    width: probed.width,
    height: probed.height,
    seconds: probed.durationSeconds,
    captions,
    proxyBytes: (await stat(proxy)).size,
  };
}

/**
 * An MP4 that holds sound only (a recorder app's export): it is a spoken recording, kept as audio
 * and transcribed like a voice message, its words joining the transcript.
 */
async function soundOnly(
  deps: ServiceDeps,
  ctx: MediaJobContext,
  row: MediaRow,
  input: string,
  seconds: number,
): Promise<unknown> {
  ctx.limitTime(seconds);
  const audio = { kind: 'audio', file_type: 'audio/mp4', media_state: null, duration_ms: Math.round(seconds * 1000) };
  await setMedia(deps, row.id, audio);
  return {
    audio: true,
    captions: await captionsFromAudio(deps, ctx, { ...row, ...audio }, input, { addToTranscript: true }),
  };
}

/**
 * Transcribes a recording's audio (extracted with ffmpeg: 16 kHz mono Opus) and keeps its timed
 * transcript for captions. No audio or no words: no captions, and the row says so. A video's
 * words also join the submission's transcript.
 */
async function captionsFromAudio(
  deps: ServiceDeps,
  ctx: MediaJobContext,
  row: MediaRow,
  source: string | null,
  opts: { addToTranscript: boolean },
): Promise<string> {
  if (!source) {
    await setMedia(deps, row.id, { caption_state: 'none' });
    return 'none';
  }
  if (!(await deps.transcriber.available())) {
    await setMedia(deps, row.id, { caption_state: null });
    return 'unavailable';
  }
  await setMedia(deps, row.id, { caption_state: 'pending' });
  const audio = path.join(ctx.tempDir, 'speech.ogg');
  try {
    await ctx.ffmpeg(
      // The transcriber (perhaps billed per minute) never gets more than the cap.
      [
        '-i',
        source,
        '-t',
        String(deps.config.MEDIA_MAX_MINUTES * 60),
        '-vn',
        '-map',
        '0:a:0',
        '-ac',
        '1',
        '-ar',
        '16000',
        '-c:a',
        'libopus',
        '-b:a',
        '32k',
        '-y',
        audio,
      ],
      { from: 0.92, to: 0.95 },
    );
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    deps.log.warn({ mediaId: row.id, detail: (error as FfmpegFailed).detail }, 'no audio to transcribe');
    await setMedia(deps, row.id, { caption_state: 'none' });
    return 'none';
  }
  let timing: Timing;
  try {
    const result = await deps.transcriber.transcribe(
      { kind: 'file', data: await readFile(audio), mimeType: 'audio/ogg' },
      { language: 'de' },
    );
    timing = { text: result.text, segments: result.segments, ...(result.words?.length ? { words: result.words } : {}) };
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    deps.log.warn({ err: error, mediaId: row.id }, 'captions: transcription failed');
    await setMedia(deps, row.id, { caption_state: 'failed' });
    return 'failed';
  }
  ctx.progress(1);
  return storeTiming(deps, row, timing, opts);
}

/** Keeps a timed transcript with its recording; 'none' when it holds no words. */
export async function storeTiming(
  deps: Omit<ServiceDeps, 'config'>,
  row: Pick<MediaRow, 'id' | 'submission_id'>,
  timing: Timing,
  opts: { addToTranscript: boolean },
): Promise<string> {
  if (!timing.text.trim() || timedWords(timing).length === 0) {
    await setMedia(deps, row.id, { caption_state: 'none', timing: JSON.stringify(timing), caption_text: null });
    return 'none';
  }
  await setMedia(deps, row.id, { caption_state: 'ready', timing: JSON.stringify(timing), caption_text: timing.text });
  if (opts.addToTranscript) {
    const submission = await deps.db
      .selectFrom('submissions')
      .select('transcript')
      .where('id', '=', row.submission_id)
      .executeTakeFirst();
    const current = submission?.transcript?.trim() ?? '';
    if (submission && !current.includes(timing.text.trim()))
      await saveTranscript(
        deps,
        row.submission_id,
        current ? `${current}\n\n${timing.text.trim()}` : timing.text.trim(),
      );
  }
  return 'ready';
}

/** The job for an audio recording without timed transcript (interview recording). */
export async function processCaptions(
  deps: ServiceDeps,
  ctx: MediaJobContext<ParsedJob<typeof videoJob>>,
): Promise<unknown> {
  const { mediaId } = ctx.job.payload;
  const row = await deps.db.selectFrom('media').selectAll().where('id', '=', mediaId).executeTakeFirst();
  if (!row) return { missing: true };
  const input = await localCopy(deps, row.file_path, ctx.tempDir, 'recording');
  const capSeconds = deps.config.MEDIA_MAX_MINUTES * 60;
  const measured = await measureMedia(input, {
    mime: row.file_type,
    limitSeconds: capSeconds,
    signal: ctx.signal,
  }).catch(() => null);
  ctx.limitTime(Math.min(measured?.seconds ?? capSeconds, capSeconds));
  return { captions: await captionsFromAudio(deps, ctx, row, input, { addToTranscript: false }) };
}

/** Queues the proxy (and captions) of a registered video. */
export async function queueVideo(deps: ServiceDeps, mediaId: number): Promise<number> {
  const jobId = await deps.mediaJobs.enqueue(VIDEO_JOB, { mediaId } satisfies VideoJob, { maxAttempts: 2 });
  await setMedia(deps, mediaId, { media_state: 'processing', media_job_id: jobId });
  return jobId;
}

/** Queues captions for a stored recording (interview audio) when a transcriber can work. */
export async function queueCaptions(deps: ServiceDeps, mediaId: number): Promise<number | null> {
  if (!(await deps.transcriber.available())) return null;
  const jobId = await deps.mediaJobs.enqueue(CAPTIONS_JOB, { mediaId } satisfies VideoJob, { maxAttempts: 2 });
  await setMedia(deps, mediaId, { caption_state: 'pending', media_job_id: jobId });
  return jobId;
}

/** WebVTT or SRT of a recording; null when it has none. */
export function captionsOf(
  row: Pick<MediaRow, 'timing' | 'caption_text' | 'caption_state'>,
  format: 'vtt' | 'srt',
): string | null {
  if (row.caption_state !== 'ready' || !row.timing) return null;
  const cues = captionCues(JSON.parse(row.timing) as Timing, row.caption_text);
  if (cues.length === 0) return null;
  return format === 'vtt' ? toWebVtt(cues) : toSrt(cues);
}

export function registerVideoJobs(deps: ServiceDeps): void {
  deps.mediaJobs.register(VIDEO_JOB, videoJob, (ctx) => processVideo(deps, ctx));
  deps.mediaJobs.register(CAPTIONS_JOB, videoJob, (ctx) => processCaptions(deps, ctx));
}
