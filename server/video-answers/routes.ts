import type { FastifyInstance } from 'fastify';
import { contentIdParam } from '../../common/schemas/submissions';
import type { VideoAnswerItem } from '../../common/video-answers';
import { loadOwnedSubmission } from '../submissions/caller';
import { serve } from '../http/contract';
import { listVideoAnswers, registerVideoAnswerJobs } from './service';

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

export function toVideoAnswerItem(r: Awaited<ReturnType<typeof listVideoAnswers>>[number]): VideoAnswerItem {
  return {
    mediaId: Number(r.media_id),
    questionIndex: Number(r.question_index),
    question: r.question,
    maxSeconds: Number(r.max_seconds),
    durationSeconds: r.duration_seconds === null ? null : Number(r.duration_seconds),
    probe: r.probe as VideoAnswerItem['probe'],
    overLong: !!Number(r.over_long),
  };
}
