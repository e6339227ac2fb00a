import { createHmac, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { fileFormats, surfaceFor, uploadSurfaces, type FileFormat, type MediaItem, type UploadMetadata, type UploadOutcome } from '../../common/schemas/upload';
import { texts } from '../../common/texts';
import { now } from '../db/database';
import type { MediaTable } from '../db/schema';
import { enqueue, jobStatus } from '../jobs/queue';
import { blobKey, safeFileName } from '../submissions/files';
import { cleanPhoto, ffmpegAvailable, thumbnail, videoPoster } from './processing';
import { countSurfaceMedia, findMedia, findMediaByUpload, insertMedia, setThumbnail } from './queries';
import { judgeFile } from './validation';

export type MediaRow = Selectable<MediaTable>;

export const PHOTO_JOB = 'media.photo';
export const POSTER_JOB = 'media.poster';

const PHOTO_ATTEMPTS = 3;

/** How long the final upload request waits for the photo job before answering "still processing". */
const PHOTO_WAIT_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// Signed file URLs: <img> and <video> cannot send the anonymous token header, so the media list
// (itself authorised) hands out URLs signed for one file and one hour.

const URL_LIFETIME_MS = 60 * 60_000;

function signature(secret: string, mediaId: number, variant: string, exp: number): string {
  return createHmac('sha256', secret).update(`media:${mediaId}:${variant}:${exp}`).digest('base64url');
}

export function signedUrl(secret: string, mediaId: number, variant: 'file' | 'thumbnail'): string {
  // Rounded up to the next full hour, so the same URL (and the browser's cache) holds for a while.
  const exp = Math.ceil((Date.now() + URL_LIFETIME_MS) / URL_LIFETIME_MS) * URL_LIFETIME_MS;
  return `/api/media/${mediaId}/${variant}?exp=${exp}&sig=${signature(secret, mediaId, variant, exp)}`;
}

export function validSignature(secret: string, mediaId: number, variant: string, exp: number | undefined, sig: string | undefined): boolean {
  if (!exp || !sig || exp < Date.now()) return false;
  const expected = Buffer.from(signature(secret, mediaId, variant, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function toMediaItem(secret: string, row: MediaRow): MediaItem {
  return {
    id: row.id,
    kind: row.kind,
    fileType: row.file_type,
    size: Number(row.size),
    originalName: row.original_name,
    thumbnailUrl: row.thumbnail_path ? signedUrl(secret, row.id, 'thumbnail') : null,
    url: signedUrl(secret, row.id, 'file'),
  };
}

// ---------------------------------------------------------------------------------------------
// Finished uploads

export type FinishedUpload = {
  id: string;
  /** The first bytes of the file (enough to tell its format). */
  head(): Promise<Uint8Array>;
  /** The whole file, from wherever the tus store keeps it (local disk or blob store). */
  open(): Promise<Readable>;
  size: number;
  metadata: UploadMetadata;
  /** Removes the tus file (and its bookkeeping). */
  discard(): Promise<void>;
};

type Rejection = { status: number; title: string; message: string };
const rejected = (r: Rejection): { status: number; body: UploadOutcome } => ({
  status: r.status,
  body: { error: r.status === 413 ? 'too_large' : r.status === 429 ? 'too_many' : 'unsupported_type', title: r.title, message: r.message },
});

/**
 * The server's decision on a finished upload: its bytes must be an allowed format of the page's
 * surface within the size and count limits. A refused file is deleted at once and never
 * registered. Photos go through the durable photo job (EXIF removed, orientation applied,
 * thumbnail) before they are registered; other files are registered right away and videos get
 * a poster job.
 */
export async function acceptUpload(app: FastifyInstance, tenant: string, upload: FinishedUpload): Promise<{ status: number; body: UploadOutcome }> {
  const { contentId, page } = upload.metadata;
  const originalName = safeFileName(upload.metadata.filename);
  const surface = surfaceFor(tenant, page);
  const verdict = await judgeFile(surface, { head: await upload.head(), size: upload.size, originalName }, app.config.MAX_VIDEO_MB);
  if (!verdict.ok) {
    await upload.discard();
    return rejected(verdict);
  }
  if ((await countSurfaceMedia(app.db, contentId, surface.id)) >= surface.maxFiles) {
    await upload.discard();
    return rejected({ status: 429, title: texts.upload.tooManyTitle, message: texts.upload.tooMany(surface.maxFiles) });
  }

  if (verdict.kind === 'photo') {
    // The original (with its EXIF) goes to a private staging key the job reads and deletes.
    const stagingKey = `${contentId}/incoming_${upload.id.replace(/[^a-zA-Z0-9]/g, '')}.${verdict.format}`;
    await app.blobs.put(stagingKey, await upload.open(), { contentType: verdict.mime });
    await upload.discard();
    const jobId = await enqueue(
      app.db,
      PHOTO_JOB,
      { uploadId: upload.id, stagingKey, contentId, surface: surface.id, format: verdict.format, originalName } satisfies PhotoJob,
      { maxAttempts: PHOTO_ATTEMPTS },
    );
    app.jobs.nudge();
    return photoOutcome(app, jobId, upload.id);
  }

  const key = blobKey(contentId, verdict.format);
  await app.blobs.put(key, await upload.open(), { contentType: verdict.mime });
  let row: MediaRow;
  try {
    row = await insertMedia(app.db, {
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
    });
  } catch (error) {
    await app.blobs.delete(key);
    throw error;
  }
  await upload.discard();
  if (verdict.kind === 'video' && ffmpegAvailable()) {
    await enqueue(app.db, POSTER_JOB, { mediaId: row.id } satisfies PosterJob);
    app.jobs.nudge();
  }
  return { status: 200, body: { media: toMediaItem(app.config.authSecret, row) } };
}

async function photoOutcome(app: FastifyInstance, jobId: number, uploadId: string): Promise<{ status: number; body: UploadOutcome }> {
  const deadline = Date.now() + PHOTO_WAIT_MS;
  while (Date.now() < deadline) {
    const job = await jobStatus(app.db, jobId);
    if (job?.status === 'done') {
      const result = job.result as PhotoResult;
      if ('rejected' in result) return rejected({ status: 415, title: texts.upload.invalidTypeTitle, message: result.rejected });
      const row = await findMedia(app.db, result.mediaId);
      if (row) return { status: 200, body: { media: toMediaItem(app.config.authSecret, row) } };
    }
    if (job?.status === 'failed') return rejected({ status: 500, title: texts.upload.failedTitle, message: texts.upload.uploadException });
    await new Promise((r) => setTimeout(r, 100));
  }
  // Still queued (busy workers): the job registers the photo later; the upload itself is safe.
  app.log.warn({ jobId, uploadId }, 'photo job still pending');
  return { status: 202, body: { error: 'pending', title: texts.upload.successTitle, message: texts.upload.imageSuccess } };
}

// ---------------------------------------------------------------------------------------------
// Jobs

export type PhotoJob = { uploadId: string; stagingKey: string; contentId: number; surface: string; format: FileFormat; originalName: string };
type PhotoResult = { mediaId: number } | { rejected: string };
type PosterJob = { mediaId: number };

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Strips EXIF (GPS!), applies orientation, makes the thumbnail, then registers the photo. */
export async function processPhoto(app: FastifyInstance, job: PhotoJob): Promise<PhotoResult> {
  const done = await findMediaByUpload(app.db, job.uploadId);
  if (done) {
    await app.blobs.delete(job.stagingKey);
    return { mediaId: done.id };
  }
  const original = await readAll(await app.blobs.get(job.stagingKey));
  let clean: Buffer;
  let thumb: Buffer;
  try {
    clean = await cleanPhoto(original, job.format);
    thumb = await thumbnail(clean);
  } catch {
    // Right magic number, but not a readable image: refused like any other wrong file.
    await app.blobs.delete(job.stagingKey);
    return { rejected: texts.upload.contentMismatch(job.originalName) };
  }
  const key = blobKey(job.contentId, job.format);
  const thumbKey = blobKey(job.contentId, 'jpg');
  await app.blobs.put(key, clean, { contentType: fileFormats[job.format].mime });
  await app.blobs.put(thumbKey, thumb, { contentType: 'image/jpeg' });
  let row: MediaRow;
  try {
    row = await insertMedia(app.db, {
      submission_id: job.contentId,
      kind: 'photo',
      file_path: key,
      file_type: fileFormats[job.format].mime,
      size: clean.length,
      original_name: job.originalName,
      thumbnail_path: thumbKey,
      created_at: now(),
      surface: job.surface,
      upload_id: job.uploadId,
    });
  } catch (error) {
    await app.blobs.delete(key);
    await app.blobs.delete(thumbKey);
    throw error;
  }
  await app.blobs.delete(job.stagingKey);
  return { mediaId: row.id };
}

/** A poster frame for a registered video (ffmpeg needs a seekable local file). */
export async function processPoster(app: FastifyInstance, job: PosterJob): Promise<{ thumbnail: string | null }> {
  const row = await findMedia(app.db, job.mediaId);
  if (!row || row.thumbnail_path) return { thumbnail: row?.thumbnail_path ?? null };
  const dir = await mkdtemp(path.join(tmpdir(), 'ca-poster-'));
  try {
    const local = path.join(dir, 'video');
    await pipeline(await app.blobs.get(row.file_path), createWriteStream(local));
    const poster = await videoPoster(local);
    const key = blobKey(row.submission_id, 'jpg');
    await app.blobs.put(key, poster, { contentType: 'image/jpeg' });
    await setThumbnail(app.db, row.id, key);
    return { thumbnail: key };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function registerMediaJobs(app: FastifyInstance): void {
  app.jobs.register(PHOTO_JOB, async (job) => {
    const payload = job.payload as PhotoJob;
    try {
      return await processPhoto(app, payload);
    } catch (error) {
      // The last attempt failed: the unregistered original must not stay behind.
      if (job.attempts >= PHOTO_ATTEMPTS) await app.blobs.delete(payload.stagingKey).catch(() => undefined);
      throw error;
    }
  });
  app.jobs.register(POSTER_JOB, (job) => processPoster(app, job.payload as PosterJob));
}

/** Largest file any surface can take, for the tus server's own limit. */
export function largestUpload(maxVideoMb: number): number {
  const documentAndPhotoMb = Math.max(...Object.values(uploadSurfaces).flatMap((s) => Object.values(s.maxMb) as number[]));
  return Math.round(Math.max(maxVideoMb, documentAndPhotoMb) * 1024 * 1024);
}
