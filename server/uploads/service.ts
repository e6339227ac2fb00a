import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Selectable } from 'kysely';
import {
  fileFormats,
  kindsOf,
  maxBytes,
  publicSurface,
  surfaceFor,
  uploadSurfaces,
  type FileFormat,
  type UploadLimits,
  type UploadMetadata,
  type UploadSurface,
} from '../../common/schemas/uploads';
import type { UploadOutcome } from '../../common/contracts/uploads';
import { texts } from '../../common/texts';
import { now } from '../db/database';
import type { MediaTable } from '../db/schema';
import { storageFault } from '../http/outage';
import { enqueue, jobStatus } from '../jobs/queue';
import { blobKey, safeFileName } from '../submissions';
import { cleanPhotoFile, ffmpegAvailable, thumbnail, videoPoster } from './processing';
import { countSurfaceMedia, findMedia, findMediaByUpload, insertMediaWithin, setThumbnail } from './queries';
import { judgeFile } from './validation';
import { toMediaItem } from './signed-urls';
import { clipLengthRefusal, registerVideoAnswer } from '../video-answers';
import { hasConsent } from '../finish';
import { queueVideo } from '../video';
import { queueTranscription } from '../voice-messages';
import { mediaCapMinutes, measureStored } from '../media-jobs/length';
import { z } from 'zod';
import type { Deps } from '../deps';
import type { WithTenants } from '../tenants';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'config' | 'db' | 'dialect' | 'jobs' | 'log' | 'mediaJobs' | 'transcriber'> &
  WithTenants;

export type MediaRow = Selectable<MediaTable>;

export const PHOTO_JOB = 'media.photo';
export const POSTER_JOB = 'media.poster';

const PHOTO_ATTEMPTS = 3;

/** How long the final upload request waits for the photo job before answering "still processing". */
const PHOTO_WAIT_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// Finished uploads

export type FinishedUpload = {
  id: string;
  /** The first bytes of the file (enough to tell its format); reads nothing else. */
  head(): Promise<Uint8Array>;
  /**
   * Puts the whole file at its final key without copying it (local: a hard link of the appended
   * file; S3: CompleteMultipartUpload) and returns the key. Safe to call again after a crash.
   */
  finish(format: FileFormat): Promise<string>;
  size: number;
  metadata: UploadMetadata;
  /** Removes the tus bookkeeping once the file is registered (the file itself stays). */
  forget(): Promise<void>;
  /** Removes everything of a refused upload, a finished file included. */
  discard(): Promise<void>;
};

type Rejection = { status: number; title: string; message: string; error?: string };
const rejected = (r: Rejection): { status: number; body: UploadOutcome } => ({
  status: r.status,
  body: {
    error: r.error ?? (r.status === 413 ? 'too_large' : r.status === 429 ? 'too_many' : 'unsupported_type'),
    title: r.title,
    message: r.message,
  },
});

/** The final key of an upload: `{contentId}/{tus id}.{ext}`; the tus id is `{timestamp}_{random}`. */
export function uploadKey(contentId: number, uploadId: string, format: string): string {
  const ext =
    format
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase()
      .slice(0, 8) || 'bin';
  return `${contentId}/${uploadId.replace(/[^a-zA-Z0-9_]/g, '')}.${ext}`;
}

/** The format a file name claims (known formats only), else null. */
export function namedFormat(filename: string): FileFormat | null {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  return ext in fileFormats ? (ext as FileFormat) : null;
}

const tooMany = (maxFiles: number) =>
  rejected({ status: 429, title: texts.uploads.tooManyTitle, message: texts.uploads.tooMany(maxFiles) });

/** The photo-rights question ("Bestätigung erforderlich"): no photo is kept without its answer. */
export const rightsMissing = () =>
  rejected({ status: 400, error: 'invalid', title: texts.uploads.rightsTitle, message: texts.uploads.rightsText });

/** Every photo, on every page and path, needs the submission's photo-rights consent first. */
export const photoRightsGiven = (deps: ServiceDeps, contentId: number) =>
  hasConsent(deps.db, contentId, 'photo_rights');

/**
 * The server's decision on a finished upload: its bytes must be an allowed format of the page's
 * surface within the size and count limits. A refused file is deleted at once and never
 * registered. The file is never copied: the tus store puts it at its final key (finish). Photos
 * go through the durable photo job (EXIF removed, orientation applied, thumbnail) before they
 * are registered; other files are registered right away and videos get a poster job. The page's
 * file count is enforced by the insert itself (insertMediaWithin). Called again for an upload
 * that was finished before a crash, it registers it once.
 */
export async function acceptUpload(
  deps: ServiceDeps,
  tenant: string,
  upload: FinishedUpload,
  opts: { viaPublicLink?: boolean } = {},
): Promise<{ status: number; body: UploadOutcome }> {
  const { contentId, page } = upload.metadata;
  const done = await findMediaByUpload(deps.db, upload.id);
  if (done) {
    if (page === 'video-answer') await registerVideoAnswer(deps, done, upload.metadata);
    await upload.forget();
    // A crash before its proxy job was queued: queued now.
    if (done.kind === 'video' && !done.media_state && (await ffmpegAvailable())) await queueVideo(deps, done.id);
    return { status: 200, body: { media: toMediaItem(deps.config.authSecret, done) } };
  }
  const originalName = safeFileName(upload.metadata.filename);
  const pageSurface = surfaceFor((await deps.tenantRegistry.fresh()).uploadSurfaces(tenant), page);
  const surface = opts.viaPublicLink ? publicSurface(pageSurface) : pageSurface;
  const verdict = await judgeFile(
    surface,
    { head: await upload.head(), size: upload.size, originalName },
    uploadLimits(deps.config),
  );
  if (!verdict.ok) {
    await upload.discard();
    return rejected(verdict);
  }
  if (verdict.kind === 'photo' && !(await photoRightsGiven(deps, contentId))) {
    await upload.discard();
    return rightsMissing();
  }
  if ((await countSurfaceMedia(deps.db, contentId, surface.id)) >= surface.maxFiles) {
    await upload.discard();
    return tooMany(surface.maxFiles);
  }
  const key = await upload.finish(verdict.format);
  let seconds: number | null = null;
  if (verdict.kind === 'video' || verdict.kind === 'audio') {
    // Measured from its packets before any work: longer than the cap, it is refused and removed.
    const capMinutes = mediaCapMinutes(deps.config, !!opts.viaPublicLink);
    const measured = await measureStored(deps, key, { mime: verdict.mime, limitSeconds: capMinutes * 60 });
    const clip = page === 'video-answer' ? await clipLengthRefusal(deps, tenant, measured?.seconds ?? null) : null;
    const tooLong = measured?.over ? texts.uploads.mediaTooLong(originalName, capMinutes) : clip;
    if (tooLong) {
      await upload.discard();
      const title = measured?.over ? texts.uploads.mediaTooLongTitle : texts.videoAnswers.tooLongTitle;
      return rejected({ status: 422, error: 'too_long', title, message: tooLong });
    }
    seconds = measured?.seconds ?? null;
  }

  if (verdict.kind === 'photo') {
    // The original (with its EXIF) stays at a private key the job reads and deletes.
    const jobId = await enqueue(
      deps.db,
      PHOTO_JOB,
      {
        uploadId: upload.id,
        stagingKey: key,
        contentId,
        surface: surface.id,
        maxFiles: surface.maxFiles,
        format: verdict.format,
        originalName,
        size: upload.size,
      } satisfies PhotoJob,
      { maxAttempts: PHOTO_ATTEMPTS },
    );
    await upload.forget();
    deps.jobs.nudge();
    return photoOutcome(deps, jobId, upload.id);
  }

  const row = await insertMediaWithin(
    deps.db,
    deps.dialect,
    {
      submission_id: contentId,
      kind: verdict.kind,
      file_path: key,
      file_type: verdict.mime,
      size: upload.size,
      original_name: originalName,
      thumbnail_path: null,
      created_at: now(),
      surface: surface.id,
      upload_id: upload.id,
    },
    surface.maxFiles,
  );
  if (!row) {
    await upload.discard();
    return tooMany(surface.maxFiles);
  }
  // A recorded clip is tied to its question before the tus bookkeeping goes (a crash here is finished on the retry).
  if (page === 'video-answer') await registerVideoAnswer(deps, row, upload.metadata);
  await upload.forget();
  // Every video gets a playable proxy, a poster and its captions (server/video).
  if (verdict.kind === 'video' && (await ffmpegAvailable())) await queueVideo(deps, row.id);
  if (verdict.kind === 'audio') await afterAudio(deps, row, seconds);
  return { status: 200, body: { media: toMediaItem(deps.config.authSecret, row) } };
}

/**
 * An uploaded recording (mp3, m4a, wav, ogg) is a voice message made elsewhere: its measured
 * length is kept (the inbox shows it) and it is transcribed by the voice messages' job, so its
 * transcript and word times reach captions, passages and audiograms alike.
 */
async function afterAudio(deps: ServiceDeps, row: MediaRow, seconds: number | null): Promise<void> {
  if (seconds !== null)
    await deps.db
      .updateTable('media')
      .set({ duration_ms: Math.round(seconds * 1000) })
      .where('id', '=', row.id)
      .execute();
  await queueTranscription(deps, row.submission_id, row.id);
}

/**
 * A finished upload asked about again (the client lost the answer and repeats its last PATCH, or
 * asks with HEAD): its submission, its length and the answer the first finish gave, so the repeat
 * answers the same and nothing is stored twice. Null when no finished upload has this id.
 */
export async function finishedUpload(
  deps: ServiceDeps,
  uploadId: string,
): Promise<{ contentId: number; size: number | null; outcome: () => Promise<UploadAnswer> } | null> {
  // The ids this server hands out (tus namingFunction); anything else was never an upload here.
  if (!/^\d{1,16}_[0-9a-f]{16}$/.test(uploadId)) return null;
  const row = await findMediaByUpload(deps.db, uploadId);
  if (row)
    return {
      contentId: row.submission_id,
      size: row.size,
      outcome: async () => ({ status: 200, body: { media: toMediaItem(deps.config.authSecret, row) } }),
    };
  // A photo is registered by its job: the job is the trace of the finished upload.
  const job = await deps.db
    .selectFrom('jobs')
    .select(['id', 'payload'])
    .where('kind', '=', PHOTO_JOB)
    .where('payload', 'like', `%"uploadId":"${uploadId}"%`)
    .executeTakeFirst();
  if (!job) return null;
  const payload = JSON.parse(job.payload) as PhotoJob;
  if (payload.uploadId !== uploadId) return null;
  return {
    contentId: payload.contentId,
    size: payload.size ?? null,
    outcome: () => photoOutcome(deps, Number(job.id), uploadId),
  };
}

type UploadAnswer = { status: number; body: UploadOutcome };

async function photoOutcome(
  deps: ServiceDeps,
  jobId: number,
  uploadId: string,
): Promise<{ status: number; body: UploadOutcome }> {
  const deadline = Date.now() + PHOTO_WAIT_MS;
  while (Date.now() < deadline) {
    const job = await jobStatus(deps.db, jobId);
    if (job?.status === 'done') {
      const result = job.result as PhotoResult;
      if ('rejected' in result) {
        return rejected(
          result.status === 429
            ? { status: 429, title: texts.uploads.tooManyTitle, message: result.rejected }
            : { status: 415, title: texts.uploads.invalidTypeTitle, message: result.rejected },
        );
      }
      const row = await findMedia(deps.db, result.mediaId);
      if (row) return { status: 200, body: { media: toMediaItem(deps.config.authSecret, row) } };
    }
    // Failed for now: the original is kept and a later round processes it (see registerMediaJobs).
    if (job?.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // Still queued (busy workers): the job registers the photo later; the upload itself is safe.
  deps.log.warn({ jobId, uploadId }, 'photo job still pending');
  return {
    status: 202,
    body: { error: 'pending', title: texts.uploads.successTitle, message: texts.uploads.imageSuccess },
  };
}

// ---------------------------------------------------------------------------------------------
// Jobs

const photoJob = z.object({
  uploadId: z.string(),
  stagingKey: z.string(),
  contentId: z.number(),
  surface: z.string(),
  maxFiles: z.number().optional(),
  format: z.enum(Object.keys(fileFormats) as [FileFormat, ...FileFormat[]]),
  originalName: z.string(),
  round: z.number().optional(),
  /** The upload's length (jobs queued before it was kept have none). */
  size: z.number().optional(),
});
export type PhotoJob = z.infer<typeof photoJob>;
type PhotoResult = { mediaId: number } | { rejected: string; status?: number };
const posterJob = z.object({ mediaId: z.number() });
type PosterJob = z.infer<typeof posterJob>;

/** A local file with a blob's bytes: the file itself on the local store, else a temporary copy. */
async function localFile(deps: ServiceDeps, key: string, dir: string): Promise<string> {
  if (deps.blobs.localPath) return deps.blobs.localPath(key);
  const file = path.join(dir, 'original');
  await pipeline(await deps.blobs.get(key), createWriteStream(file));
  return file;
}

/**
 * Strips EXIF (GPS!), applies orientation, makes the thumbnail, then registers the photo. Works
 * on files, never on the whole photo in the server's memory.
 */
export async function processPhoto(deps: ServiceDeps, job: PhotoJob): Promise<PhotoResult> {
  const done = await findMediaByUpload(deps.db, job.uploadId);
  if (done) {
    await deps.blobs.delete(job.stagingKey);
    return { mediaId: done.id };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'ca-photo-'));
  try {
    const original = await localFile(deps, job.stagingKey, dir);
    const cleanFile = path.join(dir, `clean.${job.format}`);
    let thumb: Buffer;
    try {
      await cleanPhotoFile(original, job.format, cleanFile);
      thumb = await thumbnail(cleanFile);
    } catch (error) {
      // A full or failing disk is no verdict on the photo: the job tries again, the original stays.
      if (storageFault(error)) throw error;
      // Right magic number, but not a readable image: refused like any other wrong file.
      await deps.blobs.delete(job.stagingKey);
      return { rejected: texts.uploads.contentMismatch(job.originalName) };
    }
    const key = blobKey(job.contentId, job.format);
    const thumbKey = blobKey(job.contentId, 'jpg');
    const size = (await stat(cleanFile)).size;
    await deps.blobs.put(key, createReadStream(cleanFile), { contentType: fileFormats[job.format].mime });
    await deps.blobs.put(thumbKey, thumb, { contentType: 'image/jpeg' });
    let row: MediaRow | null;
    try {
      row = await insertMediaWithin(
        deps.db,
        deps.dialect,
        {
          submission_id: job.contentId,
          kind: 'photo',
          file_path: key,
          file_type: fileFormats[job.format].mime,
          size,
          original_name: job.originalName,
          thumbnail_path: thumbKey,
          created_at: now(),
          surface: job.surface,
          upload_id: job.uploadId,
        },
        job.maxFiles ?? Number.MAX_SAFE_INTEGER,
      );
    } catch (error) {
      await deps.blobs.delete(key);
      await deps.blobs.delete(thumbKey);
      throw error;
    }
    await deps.blobs.delete(job.stagingKey);
    if (!row) {
      // Another photo took the page's last place meanwhile.
      await deps.blobs.delete(key);
      await deps.blobs.delete(thumbKey);
      return { rejected: texts.uploads.tooMany(job.maxFiles ?? 0), status: 429 };
    }
    return { mediaId: row.id };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A poster frame for a registered video (ffmpeg needs a seekable local file). */
export async function processPoster(deps: ServiceDeps, job: PosterJob): Promise<{ thumbnail: string | null }> {
  const row = await findMedia(deps.db, job.mediaId);
  if (!row || row.thumbnail_path) return { thumbnail: row?.thumbnail_path ?? null };
  const dir = await mkdtemp(path.join(tmpdir(), 'ca-poster-'));
  try {
    const local = await localFile(deps, row.file_path, dir);
    const poster = await videoPoster(local);
    const key = blobKey(row.submission_id, 'jpg');
    await deps.blobs.put(key, poster, { contentType: 'image/jpeg' });
    await setThumbnail(deps.db, row.id, key);
    return { thumbnail: key };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function registerMediaJobs(deps: ServiceDeps): void {
  deps.jobs.register(PHOTO_JOB, photoJob, async (job) => {
    const payload = job.payload;
    try {
      return await processPhoto(deps, payload);
    } catch (error) {
      // Received bytes are never deleted because processing failed (a full disk, a database
      // outage): after the job's own attempts, a new round starts later, the waits growing to an
      // hour, until the photo is processed once there is room again.
      if (job.attempts >= PHOTO_ATTEMPTS) {
        const round = (payload.round ?? 0) + 1;
        const delayMs = Math.min(60 * 60_000, 30_000 * 2 ** Math.min(round - 1, 7));
        await enqueue(deps.db, PHOTO_JOB, { ...payload, round } satisfies PhotoJob, {
          maxAttempts: PHOTO_ATTEMPTS,
          runAt: new Date(Date.now() + delayMs),
        });
        deps.log.warn(
          { err: error, uploadId: payload.uploadId, round, delayMs },
          'photo processing failed; the original is kept and tried again later',
        );
      }
      throw error;
    }
  });
  deps.jobs.register(POSTER_JOB, posterJob, (job) => processPoster(deps, job.payload));
}

/** The configured limits of photos and videos (MAX_PHOTO_MB, MAX_VIDEO_MB). */
export function uploadLimits(config: { MAX_PHOTO_MB: number; MAX_VIDEO_MB: number }): UploadLimits {
  return { photoMb: config.MAX_PHOTO_MB, videoMb: config.MAX_VIDEO_MB };
}

/** Largest file any surface can take, for the tus server's own limit. */
export function largestUpload(limits: UploadLimits): number {
  const surfaces = Object.values(uploadSurfaces) as UploadSurface[];
  return Math.max(...surfaces.flatMap((s) => kindsOf(s).map((k) => maxBytes(s, k, limits))));
}
