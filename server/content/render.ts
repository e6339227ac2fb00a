import path from 'node:path';
import { z } from 'zod';
import { ignoreFailure } from '../../common/best-effort';
import { now } from '../db/database';
import { storageFault } from '../http/outage';
import { JobCancelled, type ParsedJob } from '../jobs/queue';
import { ffprobe } from '../media-jobs/ffmpeg';
import type { MediaJobContext } from '../media-jobs/runner';
import { consentOf, specOf } from './attach';
import type { ClipFormat } from './clip';
import { designOf, renderDesign } from './design';
import { blobKey, contributorName, type ServiceDeps, wordsOfMedia } from './sources';

export const RENDER_JOB = 'content.render';

/** Where a blob is on disk, or a copy of it in `dir` (S3). */
async function localCopy(deps: ServiceDeps, key: string, dir: string, name: string): Promise<string> {
  const local = deps.blobs.localPath?.(key);
  if (local) return local;
  const file = path.join(dir, name);
  const { pipeline } = await import('node:stream/promises');
  const { createWriteStream } = await import('node:fs');
  await pipeline(await deps.blobs.get(key), createWriteStream(file));
  return file;
}

/** The render job: cuts, reframes, lays the logo and captions over, stores the MP4. */
export const renderJob = z.object({
  itemId: z.number(),
  /** Rounds already waited out after a full or failing disk (the waits grow to an hour). */
  round: z.number().optional(),
});

/** The wait before the next round of a render that met a full or failing disk: 30 s, doubling, at most an hour. */
export const renderRetryDelayMs = (round: number) => Math.min(60 * 60_000, 30_000 * 2 ** Math.min(round - 1, 7));

export async function renderItem(
  deps: ServiceDeps,
  ctx: MediaJobContext<ParsedJob<typeof renderJob>>,
): Promise<unknown> {
  const { itemId } = ctx.job.payload;
  const item = await deps.db.selectFrom('content_items').selectAll().where('id', '=', itemId).executeTakeFirst();
  if (item?.state !== 'rendering') return { skipped: true };
  try {
    const spec = specOf(item);
    const row = await deps.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', item.submission_id)
      .executeTakeFirstOrThrow();
    const media = await deps.db
      .selectFrom('media')
      .selectAll()
      .where('id', '=', Number(spec.mediaId))
      .where('submission_id', '=', item.submission_id)
      .executeTakeFirstOrThrow();
    const format = item.format as ClipFormat;
    const consent = await consentOf(deps.db, row.id);
    const name = contributorName(row);
    const kind = item.kind === 'clip' ? 'clip' : 'audiogram';
    // The name is shown only while the contributor's naming consent stands (asked again at render time).
    const design = await designOf(deps, {
      kind,
      format,
      tenant: row.tenant,
      contentId: row.id,
      spec,
      words: wordsOfMedia(media) ?? [],
      mediaSeconds: media.duration_ms == null ? null : Number(media.duration_ms) / 1000,
      named: spec.showName && consent.naming && name ? { name, role: row.contact_role ?? null } : null,
    });
    const source = await localCopy(deps, media.file_path, ctx.tempDir, 'source');
    const out = path.join(ctx.tempDir, 'out.mp4');
    await renderDesign(ctx, design, {
      kind,
      format,
      spec,
      source,
      probe: await ffprobe(source, { signal: ctx.signal }),
      width: media.width ?? null,
      height: media.height ?? null,
      out,
    });
    const { readFile, stat } = await import('node:fs/promises');
    const key = blobKey(item.submission_id, item.kind, 'mp4');
    const size = (await stat(out)).size;
    await deps.blobs.put(
      key,
      size < 64 * 1024 * 1024 ? await readFile(out) : (await import('node:fs')).createReadStream(out),
      { contentType: 'video/mp4' },
    );
    // Ready only if nobody asked to cancel meanwhile (the cancel was answered with "ok"): one
    // statement, so a render that ends as the cancel arrives cannot show up anyway.
    const done = await deps.db
      .updateTable('content_items')
      .set({ state: 'ready', file_key: key, file_type: 'video/mp4', size, updated_at: now() })
      .where('id', '=', item.id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('jobs')
              .select('jobs.id')
              .where('jobs.id', '=', ctx.job.id)
              .where('jobs.cancel_requested_at', 'is not', null),
          ),
        ),
      )
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      await deps.blobs.delete(key).catch(ignoreFailure('remove a cancelled render', deps.log));
      throw new JobCancelled('cancelled');
    }
    return { itemId, size };
  } catch (error) {
    const cancelled =
      error instanceof JobCancelled || (ctx.signal.aborted && ctx.signal.reason instanceof JobCancelled);
    const shutdown = ctx.signal.aborted && !cancelled && (ctx.signal.reason as Error)?.message === 'shutdown';
    // A full or failing disk is mended by waiting: like photos, a new round later, the item still rendering.
    if (!cancelled && !shutdown && storageFault(error)) {
      const round = (ctx.job.payload.round ?? 0) + 1;
      const delayMs = renderRetryDelayMs(round);
      const next = await deps.mediaJobs.enqueue(
        RENDER_JOB,
        { itemId, round },
        { maxAttempts: 1, runAt: new Date(Date.now() + delayMs) },
      );
      await deps.db
        .updateTable('content_items')
        .set({ job_id: next, updated_at: now() })
        .where('id', '=', item.id)
        .execute();
      deps.log.warn({ err: error, itemId, round, delayMs }, 'render met a full or failing disk; tried again later');
      throw error;
    }
    // Shutdown hands the job back; anything else (a reason waiting cannot mend) ends this item.
    if (!shutdown) {
      await deps.db
        .updateTable('content_items')
        .set({ state: cancelled ? 'cancelled' : 'failed', updated_at: now() })
        .where('id', '=', item.id)
        .execute();
    }
    throw error;
  }
}
