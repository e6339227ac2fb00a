import type { FastifyInstance } from 'fastify';
import { serve } from '../http/contract';
import { PRIVATE_MEDIA } from '../http/no-store';
import { loadForEditor, requireEditor } from '../tenants';
import { cardPreview, clipPreview } from './preview';
import {
  cancelItem,
  contentOverview,
  createCard,
  createClip,
  editItem,
  findItem,
  proposals,
  renderItem,
  renderJob,
  RENDER_JOB,
} from './service';
import { sendItem } from './send-item';
import { followCorrection } from './correction';
import { CORRECTION_JOB, correctionJob } from '../submissions';
import { sendItemCaptions } from './captions';

/** Quote cards, clips and audiograms of a submission (editors); the contributor sees them through the approval link. */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  app.mediaJobs.register(RENDER_JOB, renderJob, (ctx) => renderItem(app, ctx));
  // A corrected transcript re-makes what the contributor has not approved yet.
  app.jobs.register(CORRECTION_JOB, correctionJob, (job) => followCorrection(app, job.payload));

  serve(app, 'GET /content/:contentId', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = input.params();
    return contentOverview(app, await loadForEditor(app, editor, contentId));
  });

  serve(app, 'POST /content/:contentId/cards', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = input.params();
    const row = await loadForEditor(app, editor, contentId);
    const item = await createCard(app, editor, row, input.body());
    reply.code(201);
    return item;
  });

  serve(app, 'POST /content/:contentId/clips', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = input.params();
    const row = await loadForEditor(app, editor, contentId);
    const item = await createClip(app, editor, row, input.body());
    reply.code(201);
    return item;
  });

  // What will be made, before it is stored: the card's picture, the clip's overlays (preview.ts).
  serve(app, 'POST /content/:contentId/cards/preview', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = input.params();
    return cardPreview(app, await loadForEditor(app, editor, contentId), input.body());
  });

  serve(app, 'POST /content/:contentId/clips/preview', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = input.params();
    return clipPreview(app, await loadForEditor(app, editor, contentId), input.body());
  });

  serve(app, 'GET /content/:contentId/proposals', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = input.params();
    const { mediaId } = input.query();
    return proposals(app, app.adapters.proposer, await loadForEditor(app, editor, contentId), mediaId);
  });

  // A new item made from an old one with changes; it replaces the old one in every post (a new version).
  serve(app, 'POST /content/:contentId/items/:itemId/edit', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const { contentId, itemId } = input.params();
    const row = await loadForEditor(app, editor, contentId);
    const item = await editItem(app, editor, row, itemId, request.body);
    reply.code(201);
    return item;
  });

  serve(app, 'POST /content/:contentId/items/:itemId/cancel', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const { contentId, itemId } = input.params();
    await cancelItem(app, editor, await loadForEditor(app, editor, contentId), itemId);
    return { ok: true };
  });

  serve(app, 'GET /content/:contentId/items/:itemId/file', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const { contentId, itemId } = input.params();
    const item = await findItem(app, await loadForEditor(app, editor, contentId), itemId);
    return sendItem(app, request, reply, item, PRIVATE_MEDIA);
  });

  // The player's caption track of a clip or audiogram: whoever may play the item may read it.
  serve(app, 'GET /content/:contentId/items/:itemId/captions.vtt', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const { contentId, itemId } = input.params();
    const item = await findItem(app, await loadForEditor(app, editor, contentId), itemId);
    return sendItemCaptions(app, reply, item);
  });
}
