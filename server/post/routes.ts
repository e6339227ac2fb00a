import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  approvalIdParam,
  decision,
  notificationPrefs,
  postParams,
  publication,
  saveVersion,
  tokenParam,
  tokenPositionParams as imageParams,
  type DraftEvent,
} from '../../common/schemas/post';
import { contentIdParam } from '../../common/schemas/submissions';
import { texts } from '../../common/texts';
import { DomainError } from '../http/errors';
import { loadForEditor, requireEditor, requireTenantEditor } from '../tenants';
import { DraftTimeout } from './drafter';
import { getPrefs, registerNotificationJobs, setPrefs } from './notifications';
import { sendItem, sendItemCaptions } from '../content';
import {
  decide,
  imageForToken,
  itemForToken,
  publicApproval,
  recordPublication,
  sendForApproval,
  withdrawApproval,
} from './approval';
import { draftPost, materialForDraft, postOverview, saveVersion as saveVersionOf, swapItem } from './service';
import { serve } from '../http/contract';

/** Public token pages: enough for a person, too few to guess tokens. */
// The approval page's own limit, with a message about the approval (not about logins).
const publicLimit = {
  rateLimit: {
    max: 60,
    timeWindow: 60_000,
    errorResponseBuilder: () =>
      Object.assign(new DomainError('too_many', texts.post.approvalTooMany), { statusCode: 429 }),
  },
};

/** Posts of a submission (editors), the contributor's approval page (public), notification choices. */
export async function postRoutes(app: FastifyInstance): Promise<void> {
  const { drafter } = app.adapters;
  registerNotificationJobs(app);
  app.itemReplaced.add(swapItem);

  serve(app, 'GET /posts/:contentId', async (request, reply) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = contentIdParam.parse(request.params);
    return postOverview(app, await loadForEditor(app, editor, contentId), drafter);
  });

  serve(app, 'POST /posts/:contentId/:channel/versions', async (request, reply) => {
    const editor = await requireEditor(request, reply);
    const { contentId, channel } = postParams.parse(request.params);
    const row = await loadForEditor(app, editor, contentId);
    const version = await saveVersionOf(app, editor, row, channel, saveVersion.parse(request.body));
    return reply.status(201).send(version);
  });

  // Streams the draft as NDJSON lines (DraftEvent); nothing is saved.
  serve(app, 'POST /posts/:contentId/:channel/draft', async (request, reply) => {
    const editor = await requireEditor(request, reply);
    const { contentId, channel } = postParams.parse(request.params);
    const row = await loadForEditor(app, editor, contentId);
    const material = materialForDraft(row, channel, await app.tenantRegistry.fresh());
    const out = new PassThrough();
    const send = (event: DraftEvent) => out.write(`${JSON.stringify(event)}\n`);
    const cancel = new AbortController();
    // The editor left (closed the page): stop asking the model.
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) cancel.abort();
    });
    send({ type: 'start', kind: drafter.kind });
    draftPost(app, drafter, editor, row, material, (text) => send({ type: 'delta', text }), cancel.signal)
      .then((draft) => {
        const used = new Set(draft.sources);
        send({
          type: 'done',
          sources: material.passages.filter((p) => used.has(p.index)).map((p) => ({ index: p.index, text: p.text })),
        });
      })
      .catch((error) => {
        if (!cancel.signal.aborted) request.log.warn({ err: error }, 'post draft failed');
        send({
          type: 'error',
          message: error instanceof DraftTimeout ? texts.post.modelTimeout : texts.post.modelFailed,
        });
      })
      .finally(() => out.end());
    return reply
      .type('application/x-ndjson; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(out);
  });

  serve(app, 'POST /posts/:contentId/:channel/approvals', async (request, reply) => {
    const editor = await requireEditor(request, reply);
    const { contentId, channel } = postParams.parse(request.params);
    const sent = await sendForApproval(app, editor, await loadForEditor(app, editor, contentId), channel);
    return reply.status(201).send(sent);
  });

  serve(app, 'DELETE /posts/approvals/:approvalId', async (request, reply) => {
    const editor = await requireEditor(request, reply);
    const { approvalId } = approvalIdParam.parse(request.params);
    await withdrawApproval(app, editor, approvalId);
    return { ok: true };
  });

  serve(app, 'POST /posts/:contentId/:channel/publications', async (request, reply) => {
    const editor = await requireEditor(request, reply);
    const { contentId, channel } = postParams.parse(request.params);
    const { url } = publication.parse(request.body);
    await recordPublication(app, editor, await loadForEditor(app, editor, contentId), channel, url);
    return reply.status(201).send({ ok: true });
  });

  serve(app, 'GET /freigabe/:token', { config: publicLimit }, async (request, reply) => {
    const { token } = tokenParam.parse(request.params);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return publicApproval(app, token);
  });

  serve(app, 'POST /freigabe/:token/decision', { config: publicLimit }, async (request) => {
    const { token } = tokenParam.parse(request.params);
    return decide(app, token, decision.parse(request.body));
  });

  serve(app, 'GET /freigabe/:token/bilder/:position', { config: publicLimit }, async (request, reply) => {
    const { token, position } = imageParams.parse(request.params);
    const media = await imageForToken(app, token, position);
    reply
      .header('content-type', media.file_type)
      .header('cache-control', 'private, no-store')
      .header('content-length', Number(media.size));
    return reply.send(await app.blobs.get(media.file_path));
  });

  // The contributor's approval page (and the publication mail) play and show the post's clips and cards.
  serve(
    app,
    'GET /freigabe/:token/inhalte/:position',
    { config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
    async (request, reply) => {
      const { token, position } = imageParams.parse(request.params);
      return sendItem(app, request, reply, await itemForToken(app, token, position), 'private, no-store');
    },
  );

  // Their caption track, behind the same token.
  serve(
    app,
    'GET /freigabe/:token/inhalte/:position/captions.vtt',
    { config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
    async (request, reply) => {
      const { token, position } = imageParams.parse(request.params);
      return sendItemCaptions(app, reply, await itemForToken(app, token, position), 'private, no-store');
    },
  );

  serve(app, 'GET /account/notifications', async (request, reply) => {
    const { user } = await requireTenantEditor(request, reply);
    return getPrefs(app, user);
  });

  serve(app, 'PUT /account/notifications', async (request, reply) => {
    const { user } = await requireTenantEditor(request, reply);
    const prefs = notificationPrefs.parse(request.body);
    await setPrefs(app, user, prefs);
    return prefs;
  });
}
