import type { FastifyInstance } from 'fastify';
import { now } from '../db/database';
import { blobKey, safeFileName } from './files';

/**
 * Stores a submission's transcript: the text column, and `transcript.txt` beside its media (the
 * older file goes once the new one is registered). `completed` stamps completed_at once.
 *
 * All or nothing: the new file is written first under a new key; the text, the new media row and
 * the removal of the old rows are one transaction; only after it the old files go. A failed file
 * write leaves the row untouched, a failed transaction removes the new file again.
 */
export async function saveTranscript(app: FastifyInstance, contentId: number, transcript: string, opts: { completed?: boolean } = {}): Promise<void> {
  const exists = await app.db.selectFrom('submissions').select('id').where('id', '=', contentId).executeTakeFirst();
  if (!exists) return;
  const body = Buffer.from(transcript, 'utf8');
  const key = blobKey(contentId, 'txt');
  await app.blobs.put(key, body, { contentType: 'text/plain' });
  let oldFiles: string[];
  try {
    oldFiles = await app.db.transaction().execute(async (trx) => {
      const t = now();
      const row = await trx.selectFrom('submissions').select('completed_at').where('id', '=', contentId).executeTakeFirstOrThrow();
      await trx
        .updateTable('submissions')
        .set({ transcript, updated_at: t, ...(opts.completed ? { completed_at: row.completed_at ?? t } : {}) })
        .where('id', '=', contentId)
        .execute();
      const old = await trx.selectFrom('media').select(['id', 'file_path']).where('submission_id', '=', contentId).where('kind', '=', 'transcript').execute();
      await trx
        .insertInto('media')
        .values({ submission_id: contentId, kind: 'transcript', file_path: key, file_type: 'text/plain', size: body.length, original_name: safeFileName('transcript.txt'), thumbnail_path: null, created_at: t })
        .execute();
      if (old.length) await trx.deleteFrom('media').where('id', 'in', old.map((m) => m.id)).execute();
      return old.map((m) => m.file_path);
    });
  } catch (error) {
    await app.blobs.delete(key).catch(() => undefined);
    throw error;
  }
  // The old files are no longer referenced; one left behind by a failing disk is only clutter.
  for (const file of oldFiles) await app.blobs.delete(file).catch((error) => app.log.warn({ err: error, contentId }, 'old transcript file not removed'));
}
