import type { FastifyInstance } from 'fastify';
import { now } from '../db/database';
import { attachFile } from './files';

/**
 * Stores a submission's transcript: the text column, and `transcript.txt` beside its media (the
 * older file goes once the new one is registered). `completed` stamps completed_at once.
 */
export async function saveTranscript(app: FastifyInstance, contentId: number, transcript: string, opts: { completed?: boolean } = {}): Promise<void> {
  const t = now();
  const row = await app.db.selectFrom('submissions').select('completed_at').where('id', '=', contentId).executeTakeFirst();
  if (!row) return;
  await app.db
    .updateTable('submissions')
    .set({ transcript, updated_at: t, ...(opts.completed ? { completed_at: row.completed_at ?? t } : {}) })
    .where('id', '=', contentId)
    .execute();
  const old = await app.db.selectFrom('media').select(['id', 'file_path']).where('submission_id', '=', contentId).where('kind', '=', 'transcript').execute();
  await attachFile(app, { contentId, kind: 'transcript', body: Buffer.from(transcript, 'utf8'), originalName: 'transcript.txt', contentType: 'text/plain', extension: 'txt' });
  for (const m of old) {
    await app.db.deleteFrom('media').where('id', '=', m.id).execute();
    await app.blobs.delete(m.file_path);
  }
}
