import { alignText, timedWords, type Timing } from '../../common/captions';
import { now } from '../db/database';
import { blobKey, safeFileName } from './files';
import { ignoreFailure } from '../../common/best-effort';
import { enqueue } from '../jobs/queue';
import { z } from 'zod';
import type { Deps } from '../deps';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'db' | 'log'> & Partial<Pick<Deps, 'jobs'>>;

/**
 * A transcript was corrected while the submission has content (clips, audiograms, cards): the
 * content capability re-makes what the contributor has not approved yet from the corrected words
 * (server/content/correction.ts). The payload keeps the words as they were, to tell what changed.
 */
export const CORRECTION_JOB = 'content.follow-correction';
export const correctionJob = z.object({
  contentId: z.number(),
  /** The transcript before the correction. */
  before: z.string(),
  /** Each recording's caption text before the correction, by media id (only those that changed). */
  captions: z.record(z.string(), z.string().nullable()),
});
export type CorrectionJob = z.infer<typeof correctionJob>;

/**
 * Stores a submission's transcript: the text column, and `transcript.txt` beside its media (the
 * older file goes once the new one is registered). `completed` stamps completed_at once.
 *
 * All or nothing: the new file is written first under a new key; the text, the new media row and
 * the removal of the old rows are one transaction; only after it the old files go. A failed file
 * write leaves the row untouched, a failed transaction removes the new file again.
 */
export async function saveTranscript(
  deps: ServiceDeps,
  contentId: number,
  transcript: string,
  opts: { completed?: boolean } = {},
): Promise<void> {
  const exists = await deps.db.selectFrom('submissions').select('id').where('id', '=', contentId).executeTakeFirst();
  if (!exists) return;
  const body = Buffer.from(transcript, 'utf8');
  const key = blobKey(contentId, 'txt');
  await deps.blobs.put(key, body, { contentType: 'text/plain' });
  let oldFiles: string[];
  let before = '';
  try {
    oldFiles = await deps.db.transaction().execute(async (trx) => {
      const t = now();
      const row = await trx
        .selectFrom('submissions')
        .select(['completed_at', 'transcript'])
        .where('id', '=', contentId)
        .executeTakeFirstOrThrow();
      before = row.transcript ?? '';
      await trx
        .updateTable('submissions')
        .set({ transcript, updated_at: t, ...(opts.completed ? { completed_at: row.completed_at ?? t } : {}) })
        .where('id', '=', contentId)
        .execute();
      const old = await trx
        .selectFrom('media')
        .select(['id', 'file_path'])
        .where('submission_id', '=', contentId)
        .where('kind', '=', 'transcript')
        .execute();
      await trx
        .insertInto('media')
        .values({
          submission_id: contentId,
          kind: 'transcript',
          file_path: key,
          file_type: 'text/plain',
          size: body.length,
          original_name: safeFileName('transcript.txt'),
          thumbnail_path: null,
          created_at: t,
        })
        .execute();
      if (old.length)
        await trx
          .deleteFrom('media')
          .where(
            'id',
            'in',
            old.map((m) => m.id),
          )
          .execute();
      return old.map((m) => m.file_path);
    });
  } catch (error) {
    await deps.blobs.delete(key).catch(ignoreFailure('remove an old transcript blob', deps.log));
    throw error;
  }
  const captions = await followTranscript(deps, contentId, transcript);
  if (before !== transcript) await queueCorrection(deps, { contentId, before, captions });
  // The old files are no longer referenced; one left behind by a failing disk is only clutter.
  for (const file of oldFiles)
    await deps.blobs
      .delete(file)
      .catch((error) => deps.log.warn({ err: error, contentId }, 'old transcript file not removed'));
}

/**
 * Captions follow an edited transcript: every recording of the submission with a timed transcript
 * takes the words of the new text that belong to it, re-aligned to its word times (an edit that
 * has too little in common with a recording leaves its captions as they were).
 */
export async function followTranscript(
  deps: ServiceDeps,
  contentId: number,
  transcript: string,
): Promise<Record<string, string | null>> {
  const rows = await deps.db
    .selectFrom('media')
    .select(['id', 'timing', 'caption_text'])
    .where('submission_id', '=', contentId)
    .where('caption_state', '=', 'ready')
    .execute();
  const changed: Record<string, string | null> = {};
  for (const row of rows) {
    if (!row.timing) continue;
    const aligned = alignText(timedWords(JSON.parse(row.timing) as Timing), transcript);
    const text = aligned?.map((w) => w.text).join(' ');
    if (text === undefined || text === row.caption_text) continue;
    changed[String(row.id)] = row.caption_text ?? null;
    await deps.db.updateTable('media').set({ caption_text: text }).where('id', '=', row.id).execute();
  }
  return changed;
}

/** Queues the content's follow-up of a correction, only when the submission has content to follow. */
async function queueCorrection(deps: ServiceDeps, payload: CorrectionJob): Promise<void> {
  const item = await deps.db
    .selectFrom('content_items')
    .select('id')
    .where('submission_id', '=', payload.contentId)
    .executeTakeFirst();
  if (!item) return;
  await enqueue(deps.db, CORRECTION_JOB, payload, { maxAttempts: 3 });
  deps.jobs?.nudge();
}
