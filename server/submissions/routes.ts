import type { FastifyInstance } from 'fastify';
import { contentIdParam, createSubmission as createSchema } from '../../common/schemas/submission';
import { requireUser } from '../auth/session';
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
}
