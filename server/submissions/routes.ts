import type { FastifyInstance } from 'fastify';
import { contentIdParam, createSubmission as createSchema } from '../../common/schemas/submission';
import { saveTranscript } from '../../common/schemas/transcript';
import { requireUser } from '../auth/session';
import { now } from '../db/database';
import { attachFile } from './files';
import { createSubmission, loadOwnedSubmission, summarize } from './service';

export async function submissionRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/submissions', async (request, reply) => {
    const user = await requireUser(request, reply);
    const input = createSchema.parse(request.body);
    return reply.status(201).send(await createSubmission(app.db, input, { user }));
  });

  app.get('/api/submissions/:contentId', async (request, reply) => {
    const { contentId } = contentIdParam.parse(request.params);
    return summarize(app.db, await loadOwnedSubmission(request, reply, contentId));
  });

  // Saves the transcript on the submission and keeps it as transcript.txt beside its media.
  app.put('/api/submissions/:contentId/transcript', async (request, reply) => {
    const { contentId } = contentIdParam.parse(request.params);
    const { transcript, completed } = saveTranscript.parse(request.body);
    const row = await loadOwnedSubmission(request, reply, contentId);
    const t = now();
    await app.db
      .updateTable('submissions')
      .set({ transcript, updated_at: t, ...(completed ? { completed_at: row.completed_at ?? t } : {}) })
      .where('id', '=', contentId)
      .execute();
    const old = await app.db.selectFrom('media').select(['id', 'file_path']).where('submission_id', '=', contentId).where('kind', '=', 'transcript').execute();
    await attachFile(app, { contentId, kind: 'transcript', body: Buffer.from(transcript, 'utf8'), originalName: 'transcript.txt', contentType: 'text/plain', extension: 'txt' });
    for (const m of old) {
      await app.db.deleteFrom('media').where('id', '=', m.id).execute();
      await app.blobs.delete(m.file_path);
    }
    return { ok: true };
  });
}
