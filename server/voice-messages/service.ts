import { fileTypeFromBuffer } from 'file-type';
import { texts } from '../../common/texts';
import { now } from '../db/database';
import { DomainError } from '../http/errors';
import { enqueue } from '../jobs/queue';
import { attachFile } from '../submissions';
import { storeTiming } from '../video';
import { audioExtension } from '../transcription/transcriber';
import { mediaCapMinutes, measureBuffer } from '../media-jobs/length';
import { z } from 'zod';
import type { Deps } from '../deps';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'db' | 'jobs' | 'log' | 'mediaJobs' | 'transcriber'>;

export const TRANSCRIBE_JOB = 'transcribe-voice-message';
export const transcribeJobPayload = z.object({ contentId: z.number(), mediaId: z.number() });
export type TranscribeJobPayload = z.infer<typeof transcribeJobPayload>;

const audioTypes: Record<string, string> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  mp4: 'audio/mp4',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  aac: 'audio/aac',
};

/** The recording's real format, from its bytes; anything that is not audio is refused. */
export async function detectAudio(body: Buffer): Promise<{ extension: string; contentType: string }> {
  const detected = await fileTypeFromBuffer(body.subarray(0, 64 * 1024));
  const extension = detected?.ext === 'm4a' ? 'mp4' : detected?.ext;
  if (!extension || !audioTypes[extension]) throw new DomainError('unsupported_type', texts.voiceMessages.notAudio);
  return { extension: extension === 'opus' ? 'ogg' : extension, contentType: audioTypes[extension]! };
}

/**
 * A recording's length, measured from its packets (never its header): longer than the cap (signed
 * in, or on the public link) it is refused before anything is stored or counted, with a German
 * message naming the limit. Null when its packets cannot be read (counted by its size instead).
 */
export async function measureVoiceMessage(
  deps: Pick<ServiceDeps, 'log'> & Pick<Deps, 'config'>,
  body: Buffer,
  viaPublicLink: boolean,
): Promise<number | null> {
  const { contentType } = await detectAudio(body);
  const capMinutes = mediaCapMinutes(deps.config, viaPublicLink);
  const measured = await measureBuffer(deps, body, { mime: contentType, limitSeconds: capMinutes * 60 });
  if (measured?.over) throw new DomainError('too_large', texts.voiceMessages.tooLong(capMinutes));
  return measured?.seconds ?? null;
}

/**
 * Keeps the recording as an audio file of the submission (so the team can listen to it) and,
 * when a transcriber can work, queues its transcription.
 */
export async function receiveVoiceMessage(
  deps: ServiceDeps,
  contentId: number,
  body: Buffer,
  seconds: number | null = null,
): Promise<{ mediaId: number; jobId: number | null }> {
  const { extension, contentType } = await detectAudio(body);
  const media = await attachFile(deps, {
    contentId,
    kind: 'audio',
    body,
    originalName: `sprachnachricht.${extension}`,
    contentType,
    extension,
    size: body.length,
  });
  // Its length as measured from its packets: what the inbox shows.
  if (seconds !== null)
    await deps.db
      .updateTable('media')
      .set({ duration_ms: Math.round(seconds * 1000) })
      .where('id', '=', media.id)
      .execute();
  return { mediaId: media.id, jobId: await queueTranscription(deps, contentId, media.id) };
}

/** Queues the transcription of a stored recording; null when no transcriber can work now. */
export async function queueTranscription(
  deps: ServiceDeps,
  contentId: number,
  mediaId: number,
): Promise<number | null> {
  const media = await deps.db
    .selectFrom('media')
    .select('id')
    .where('id', '=', mediaId)
    .where('submission_id', '=', contentId)
    .where('kind', '=', 'audio')
    .executeTakeFirst();
  if (!media) throw new DomainError('not_found', texts.voiceMessages.noRecording);
  if (!(await deps.transcriber.available())) return null;
  const jobId = await enqueue(deps.db, TRANSCRIBE_JOB, { contentId, mediaId } satisfies TranscribeJobPayload);
  deps.jobs.nudge();
  return jobId;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The job: transcribes the stored recording. The text goes into the job result for the page; a
 * submission without a transcript also keeps it, so nothing is lost if the page is closed.
 */
export function registerTranscriptionJob(deps: ServiceDeps): void {
  deps.jobs.register(TRANSCRIBE_JOB, transcribeJobPayload, async (job) => {
    const { contentId, mediaId } = job.payload;
    const media = await deps.db
      .selectFrom('media')
      .selectAll()
      .where('id', '=', mediaId)
      .where('submission_id', '=', contentId)
      .executeTakeFirst();
    if (!media) return { text: '', missing: true };
    const data = await readAll(await deps.blobs.get(media.file_path));
    const started = Date.now();
    const result = await deps.transcriber.transcribe(
      { kind: 'file', data, mimeType: media.file_type },
      { language: 'de' },
    );
    deps.log.info(
      {
        job: job.id,
        contentId,
        transcriber: deps.transcriber.name,
        ms: Date.now() - started,
        chars: result.text.length,
      },
      'voice message transcribed',
    );
    // Its captions come from the same timed transcript.
    await storeTiming(deps, media, result, { addToTranscript: false });
    if (result.text) {
      await deps.db
        .updateTable('submissions')
        .set({ transcript: result.text, updated_at: now() })
        .where('id', '=', contentId)
        .where('transcript', 'is', null)
        .execute();
    }
    return { text: result.text };
  });
}

export { audioExtension };
