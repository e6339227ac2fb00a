import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { VideoState } from '../../common/contracts/uploads';
import { texts } from '../../common/texts';
import { DomainError } from '../http/errors';
import { serve } from '../http/contract';
import { PRIVATE_MEDIA } from '../http/no-store';
import { readableMedia, sendBlob } from './routes';
import { mediaIdParam } from '../../common/schemas/uploads';
import { cancelMediaJob, mediaJobStates } from '../media-jobs/runner';
import { captionsOf, queueVideo, registerVideoJobs } from '../video';
import { loadOwnedSubmission } from '../submissions';
import { findMedia } from './queries';

const downloadQuery = z.object({ download: z.enum(['1', 'true']).optional() });

/** Video proxies, their state and progress, and the captions of spoken media. */
export async function videoRoutes(app: FastifyInstance): Promise<void> {
  registerVideoJobs(app);

  serve(app, 'GET /media/:mediaId/proxy', async (request, reply) => {
    const row = await readableMedia(request, reply, 'proxy');
    if (!row.proxy_path) throw new DomainError('not_found', texts.uploads.notFound);
    const info = await app.blobs.stat(row.proxy_path);
    if (!info) throw new DomainError('not_found', texts.uploads.notFound);
    const { download } = downloadQuery.parse(request.query);
    const name = `${row.original_name.replace(/\.[^.]+$/, '')}.mp4`;
    return sendBlob(request, reply, {
      key: row.proxy_path,
      size: info.size,
      type: 'video/mp4',
      name,
      download: !!download,
    });
  });

  for (const format of ['vtt', 'srt'] as const) {
    serve(app, `GET /media/:mediaId/captions.${format}`, async (request, reply) => {
      const row = await readableMedia(request, reply, 'captions');
      const captions = captionsOf(row, format);
      if (captions === null) throw new DomainError('not_found', texts.video.noCaptions);
      const { download } = downloadQuery.parse(request.query);
      const name = `${row.original_name}.de.${format}`;
      return reply
        .type(format === 'vtt' ? 'text/vtt; charset=utf-8' : 'application/x-subrip; charset=utf-8')
        .header('cache-control', PRIVATE_MEDIA)
        .header(
          'content-disposition',
          `${download ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(captions);
    });
  }

  // What the page shows while a video is prepared: state, progress, captions.
  serve(app, 'GET /media/:mediaId/video-state', async (request, reply) => {
    const row = await readableMedia(request, reply, 'file');
    const job = row.media_job_id ? (await mediaJobStates(app.db, [row.media_job_id])).get(row.media_job_id) : undefined;
    return {
      mediaState: (row.media_state as VideoState['mediaState']) ?? null,
      jobStatus: job?.status ?? null,
      progress: job?.progress ?? null,
      captionState: (row.caption_state as VideoState['captionState']) ?? null,
      hasProxy: !!row.proxy_path,
      hasThumbnail: !!row.thumbnail_path,
      width: row.width ?? null,
      height: row.height ?? null,
    };
  });

  /** A video of a submission this request may change (never by a signed URL alone). */
  const changeableVideo = async (request: FastifyRequest, reply: FastifyReply) => {
    const { mediaId } = mediaIdParam.parse(request.params);
    const row = await findMedia(app.db, mediaId);
    if (row?.kind !== 'video') throw new DomainError('not_found', texts.uploads.notFound);
    await loadOwnedSubmission(request, reply, row.submission_id);
    return row;
  };

  // Stops a video's preparation: a queued job ends at once, a running ffmpeg within about a second. The original stays.
  serve(app, 'POST /media/:mediaId/cancel', async (request, reply) => {
    const row = await changeableVideo(request, reply);
    const cancelled = row.media_job_id ? await cancelMediaJob(app.db, row.media_job_id) : false;
    if (cancelled && row.media_state === 'processing')
      await app.db.updateTable('media').set({ media_state: 'cancelled' }).where('id', '=', row.id).execute();
    return { cancelled };
  });

  // Starts a cancelled or failed preparation again.
  serve(app, 'POST /media/:mediaId/restart', async (request, reply) => {
    const row = await changeableVideo(request, reply);
    const job = row.media_job_id ? (await mediaJobStates(app.db, [row.media_job_id])).get(row.media_job_id) : undefined;
    const stopped = row.media_state === 'cancelled' || job?.status === 'failed' || job?.status === 'cancelled';
    if (!stopped || row.proxy_path) throw new DomainError('conflict', texts.video.notRestartable);
    return { jobId: await queueVideo(app, row.id) };
  });
}
