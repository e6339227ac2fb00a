import type { FastifyInstance, FastifyRequest } from 'fastify';
import { texts } from '../../common/texts';
import { serve } from '../http/contract';
import { DomainError } from '../http/errors';
import { codeRouteLimit, resolveForRequest } from '../personal-links';
import { requireEditor } from '../tenants';
import { boardCsv, campaignBoard } from './board';
import { registerCampaignJobs } from './mail';
import { campaignCounts, sharedCampaignView } from './queries';
import {
  addInvitees,
  createCampaign,
  deleteCampaign,
  endCampaign,
  invitationView,
  loadCampaign,
  removeInvitee,
  resendInvitation,
  stopReminders,
  toSummary,
  updateCampaign,
} from './service';

/** The invitee of a request's personal link (open or expired), with their campaign. */
async function inviteeOfCode(request: FastifyRequest, code: string) {
  const resolved = await resolveForRequest(request, code);
  const linkId = resolved.state === 'open' ? resolved.person.linkId : resolved.linkId;
  const row = await request.server.db
    .selectFrom('campaign_invitees')
    .innerJoin('campaigns', 'campaigns.id', 'campaign_invitees.campaign_id')
    .selectAll('campaigns')
    .select([
      'campaign_invitees.id as invitee_id',
      'campaign_invitees.declined_at',
      'campaign_invitees.unsubscribed_at',
    ])
    .where('campaign_invitees.link_id', '=', linkId)
    .executeTakeFirst();
  if (!row) throw new DomainError('not_found', texts.campaigns.errors.notFound);
  return row;
}

/** Campaigns: the editors' pages (list, board, invitees) and the invitee's own answers to the invitation. */
export async function campaignRoutes(app: FastifyInstance): Promise<void> {
  registerCampaignJobs(app);
  // The one-click unsubscribe of mail programs posts a form (RFC 8058); its body says nothing we need.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );

  serve(app, 'GET /campaigns', async (request, reply) => {
    const editor = await requireEditor(request, reply);
    let q = app.db.selectFrom('campaigns').selectAll().orderBy('id', 'desc');
    if (editor.scope !== null) q = q.where('tenant', 'in', editor.scope.length ? editor.scope : ['']);
    const rows = await q.execute();
    const counts = await campaignCounts(
      app.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toSummary(r, counts.get(r.id)));
  });

  serve(app, 'POST /campaigns', async (request, reply, parts) => {
    const editor = await requireEditor(request, reply);
    const created = await createCampaign(app, editor, parts.body());
    reply.code(201);
    return created;
  });

  serve(app, 'GET /campaigns/:campaignId', async (request, reply, parts) => {
    const editor = await requireEditor(request, reply);
    return campaignBoard(app.readDb, await loadCampaign(app, editor, parts.params().campaignId));
  });

  serve(app, 'GET /campaigns/:campaignId/board.csv', async (request, reply, parts) => {
    const editor = await requireEditor(request, reply);
    const campaign = await loadCampaign(app, editor, parts.params().campaignId);
    const csv = boardCsv(await campaignBoard(app.readDb, campaign));
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="kampagne-${campaign.id}.csv"`);
    return csv;
  });

  serve(app, 'PUT /campaigns/:campaignId', async (request, reply, parts) => {
    const editor = await requireEditor(request, reply);
    return updateCampaign(app, editor, parts.params().campaignId, parts.body());
  });

  serve(app, 'POST /campaigns/:campaignId/end', async (request, reply, parts) => {
    const editor = await requireEditor(request, reply);
    await endCampaign(app, editor, parts.params().campaignId);
    return { ok: true };
  });

  serve(app, 'DELETE /campaigns/:campaignId', async (request, reply, parts) => {
    const editor = await requireEditor(request, reply);
    await deleteCampaign(app, editor, parts.params().campaignId);
    return { ok: true };
  });

  serve(app, 'POST /campaigns/:campaignId/invitees', async (request, reply, parts) => {
    const editor = await requireEditor(request, reply);
    const { campaignId } = parts.params();
    const added = await addInvitees(app, editor, campaignId, parts.body().invitees);
    reply.code(201);
    return { added };
  });

  serve(app, 'POST /campaigns/:campaignId/invitees/:inviteeId/resend', async (request, reply, parts) => {
    const editor = await requireEditor(request, reply);
    const { campaignId, inviteeId } = parts.params();
    await resendInvitation(app, editor, campaignId, inviteeId);
    return { ok: true };
  });

  serve(app, 'DELETE /campaigns/:campaignId/invitees/:inviteeId', async (request, reply, parts) => {
    const editor = await requireEditor(request, reply);
    const { campaignId, inviteeId } = parts.params();
    await removeInvitee(app, editor, campaignId, inviteeId);
    return { ok: true };
  });

  // The invitee's side: through their personal link only, never anyone else's.
  serve(app, 'GET /personal-links/:code/campaign', codeRouteLimit, async (request, reply, parts) => {
    reply.header('cache-control', 'no-store');
    return invitationView(await inviteeOfCode(request, parts.params().code));
  });

  serve(app, 'POST /personal-links/:code/campaign/decline', codeRouteLimit, async (request, _reply, parts) => {
    const row = await inviteeOfCode(request, parts.params().code);
    await stopReminders(app, row.invitee_id, 'declined');
    return { ok: true };
  });

  serve(app, 'POST /personal-links/:code/campaign/unsubscribe', codeRouteLimit, async (request, _reply, parts) => {
    const row = await inviteeOfCode(request, parts.params().code);
    await stopReminders(app, row.invitee_id, 'unsubscribed');
    return { ok: true };
  });

  // The shared link /k/<code>: the campaign's questions without any person.
  serve(app, 'GET /campaigns/shared/:code', codeRouteLimit, async (_request, reply, parts) => {
    reply.header('cache-control', 'no-store');
    const view = await sharedCampaignView(app.db, parts.params().code);
    if (!view) throw new DomainError('not_found', texts.campaigns.errors.notFound);
    return view;
  });
}
