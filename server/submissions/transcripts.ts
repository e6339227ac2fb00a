import { alignText, timedWords, type Timing } from '../../common/captions';
import { now } from '../db/database';
import { blobKey, safeFileName } from './files';
import { ignoreFailure } from '../../common/best-effort';
import type { Deps } from '../deps';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'db' | 'log'>;

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
  try {
    oldFiles = await deps.db.transaction().execute(async (trx) => {
      const t = now();
      const row = await trx
        .selectFrom('submissions')
        .select('completed_at')
        .where('id', '=', contentId)
        .executeTakeFirstOrThrow();
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
  await followTranscript(deps, contentId, transcript);
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
export async function followTranscript(deps: ServiceDeps, contentId: number, transcript: string): Promise<void> {
  const rows = await deps.db
    .selectFrom('media')
    .select(['id', 'timing'])
    .where('submission_id', '=', contentId)
    .where('caption_state', '=', 'ready')
    .execute();
  for (const row of rows) {
    if (!row.timing) continue;
    const aligned = alignText(timedWords(JSON.parse(row.timing) as Timing), transcript);
    if (aligned)
      await deps.db
        .updateTable('media')
        .set({ caption_text: aligned.map((w) => w.text).join(' ') })
        .where('id', '=', row.id)
        .execute();
  }
}
