import type { FastifyInstance } from 'fastify';
import { contentIdParam } from '../../common/schemas/submissions';
import { loadOwnedSubmission } from '../submissions';
import { serve } from '../http/contract';
import { listVideoAnswers, registerVideoAnswerJobs, toVideoAnswerItem } from './service';

/** Video answers: the probe job, and the list of a submission's clips by question. */
export async function videoAnswerRoutes(app: FastifyInstance): Promise<void> {
  registerVideoAnswerJobs(app);

  serve(app, 'GET /submissions/:contentId/video-answers', async (request, reply) => {
    const { contentId } = contentIdParam.parse(request.params);
    await loadOwnedSubmission(request, reply, contentId);
    const rows = await listVideoAnswers(app, contentId);
    return rows.map(toVideoAnswerItem);
  });
}
