import { loadOwnedSubmission, nameWithType } from '../submissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentIdParam } from '../../common/schemas/submissions';
import { fileQuery, mediaIdParam } from '../../common/schemas/uploads';
import { texts } from '../../common/texts';
import { DomainError } from '../http/errors';
import { serve } from '../http/contract';
import { parseRange } from '../http/range';
import { PRIVATE_MEDIA } from '../http/no-store';
import { JOB_BASE_SECONDS, JOB_SECONDS_PER_MEDIA_SECOND } from '../media-jobs/runner';
import { findMedia, listSubmissionMedia } from './queries';
import { registerMediaJobs, type MediaRow } from './service';
import { toMediaItem, validSignature } from './signed-urls';
import { tusRoutes } from './tus';

/**
 * A file the caller may read: with a valid signed URL from the media list, or as owner or editor
 * of its submission. Anything else looks like a missing file.
 */
export async function readableMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  variant: 'file' | 'thumbnail' | 'proxy' | 'captions',
): Promise<MediaRow> {
  const { mediaId } = mediaIdParam.parse(request.params);
  const { exp, sig } = fileQuery.parse(request.query);
  const row = await findMedia(request.server.db, mediaId);
  if (!row) throw new DomainError('not_found', texts.uploads.notFound);
  if (!validSignature(request.server.config.authSecret, mediaId, variant, exp, sig)) {
    await loadOwnedSubmission(request, reply, row.submission_id);
  }
  return row;
}

export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  registerMediaJobs(app);
  await app.register(tusRoutes);

  // Limits the browser repeats for quick feedback and operators read (the server enforces them anyway).
  serve(app, 'GET /media/limits', async () => ({
    maxPhotoMb: app.config.MAX_PHOTO_MB,
    maxVideoMb: app.config.MAX_VIDEO_MB,
    maxMediaMinutes: app.config.MEDIA_MAX_MINUTES,
    maxPublicMediaMinutes: app.config.PUBLIC_MEDIA_MAX_MINUTES,
    jobBaseSeconds: JOB_BASE_SECONDS,
    jobSecondsPerMediaSecond: JOB_SECONDS_PER_MEDIA_SECOND,
    jobMaxSeconds: app.config.MEDIA_JOB_TIMEOUT_SECONDS,
  }));

  serve(app, 'GET /submissions/:contentId/media', async (request, reply) => {
    const { contentId } = contentIdParam.parse(request.params);
    await loadOwnedSubmission(request, reply, contentId);
    const rows = await listSubmissionMedia(app.db, contentId);
    return rows.map((row) => toMediaItem(app.config.authSecret, row));
  });

  // Streams a stored file; answers Range requests so videos can play and seek.
  serve(app, 'GET /media/:mediaId/file', async (request, reply) => {
    const row = await readableMedia(request, reply, 'file');
    const { download } = fileQuery.parse(request.query);
    return sendBlob(request, reply, {
      key: row.file_path,
      size: Number(row.size),
      type: row.file_type,
      name: nameWithType(row.original_name, row.file_path),
      download: !!download,
    });
  });

  serve(app, 'GET /media/:mediaId/thumbnail', async (request, reply) => {
    const row = await readableMedia(request, reply, 'thumbnail');
    if (!row.thumbnail_path) throw new DomainError('not_found', texts.uploads.notFound);
    reply.header('content-type', 'image/jpeg').header('cache-control', PRIVATE_MEDIA);
    return reply.send(await app.blobs.get(row.thumbnail_path));
  });
}

/** Streams a stored blob; answers Range requests so videos can play and seek. */
/** Types the pages show on purpose (img, video, audio); every other file goes out as a download. */
export const displayableInline = (type: string) =>
  /^(image\/(jpeg|png|webp|gif|avif|heic|heif)|video\/[\w.+-]+|audio\/[\w.+-]+)$/.test(type);

export async function sendBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { key: string; size: number; type: string; name: string; download: boolean },
) {
  const { blobs } = request.server;
  const type = file.type.startsWith('text/') ? `${file.type}; charset=utf-8` : file.type;
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', PRIVATE_MEDIA)
    .header('content-type', type)
    .header(
      'content-disposition',
      contentDisposition(file.download || !displayableInline(file.type) ? 'attachment' : 'inline', file.name),
    );
  const rangeHeader = request.headers.range;
  if (rangeHeader) {
    const range = parseRange(rangeHeader, file.size);
    if (!range) return reply.status(416).header('content-range', `bytes */${file.size}`).send();
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(await blobs.get(file.key, range));
  }
  reply.header('content-length', file.size);
  return reply.send(await blobs.get(file.key));
}
