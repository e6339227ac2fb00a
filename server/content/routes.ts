import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { texts } from '../../common/texts';
import { serve } from '../http/contract';
import { PRIVATE_MEDIA } from '../http/no-store';
import { DomainError } from '../http/errors';
import { parseRange } from '../uploads/routes';
import { loadForEditor, requireEditor } from '../tenants/editor';
import { itemFileName, type ItemRow } from './attach';
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

/** Streams an item's file; answers Range requests so clips play and seek. */
export async function sendItem(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  item: ItemRow,
  cache: string,
) {
  if (item.state !== 'ready' || !item.file_key) throw new DomainError('not_found', texts.content.itemNotReady);
  const size = Number(item.size);
  const download = (request.query as { download?: string } | undefined)?.download === '1';
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', cache)
    .header('content-type', item.file_type ?? 'application/octet-stream')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${itemFileName(item)}"`);
  const rangeHeader = request.headers.range;
  if (rangeHeader) {
    const range = parseRange(rangeHeader, size);
    if (!range) return reply.status(416).header('content-range', `bytes */${size}`).send();
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(await app.blobs.get(item.file_key, range));
  }
  reply.header('content-length', size);
  return reply.send(await app.blobs.get(item.file_key));
}

/** Quote cards, clips and audiograms of a submission (editors); the contributor sees them through the approval link. */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  app.mediaJobs.register(RENDER_JOB, renderJob, (ctx) => renderItem(app, ctx));

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
}
