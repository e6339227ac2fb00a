import type { FastifyInstance } from 'fastify';
import { contentIdParam, createSubmission as createSchema } from '../../common/schemas/submissions';
import { saveTranscript as saveTranscriptBody } from '../../common/schemas/transcript';
import { requireUser } from '../auth';
import { serve } from '../http/contract';
import { accessOf, requireOpenTenant } from '../tenants';
import { saveTranscript } from './transcripts';
import { loadOwnedSubmission } from './caller';
import { createSubmission, releaseHeld, summarize } from './service';
import { codeRouteLimit, openPersonOf } from '../personal-links';

export async function submissionRoutes(app: FastifyInstance): Promise<void> {
  serve(app, 'POST /submissions', async (request, reply) => {
    const user = await requireUser(request, reply);
    const input = createSchema.parse(request.body);
    await requireOpenTenant(app, input.tenant);
    const created = await createSubmission(app.db, input, { user, access: await accessOf(request, user) });
    reply.code(201);
    return created;
  });

  // A submission of a personal link's person: the code is the proof (no proof of work), the
  // answer's token proves ownership later, and the link (and its campaign) owns it.
  serve(app, 'POST /personal-links/:code/submissions', codeRouteLimit, async (request, reply, parts) => {
    const person = await openPersonOf(request, parts.params().code);
    const input = parts.body();
    await requireOpenTenant(app, person.tenant);
    const created = await createSubmission(
      app.db,
      { tenant: person.tenant, kind: input.kind, topic: input.topic, source: 'personal-link', held: input.held },
      { anonymous: true, personalLink: { id: person.linkId, campaignId: person.campaignId } },
    );
    reply.code(201);
    return { contentId: created.contentId, accessToken: created.accessToken! };
  });

  serve(app, 'GET /submissions/:contentId', async (request, reply) => {
    const { contentId } = contentIdParam.parse(request.params);
    return summarize(app.db, await loadOwnedSubmission(request, reply, contentId));
  });

  // A draft sent from a phone has arrived completely: the team may see it now (migration 0029).
  serve(app, 'POST /submissions/:contentId/release', async (request, reply) => {
    const { contentId } = contentIdParam.parse(request.params);
    await releaseHeld(app.db, await loadOwnedSubmission(request, reply, contentId));
    return { ok: true };
  });

  // Saves the transcript on the submission and keeps it as transcript.txt beside its media.
  serve(app, 'PUT /submissions/:contentId/transcript', async (request, reply) => {
    const { contentId } = contentIdParam.parse(request.params);
    const { transcript, completed } = saveTranscriptBody.parse(request.body);
    await loadOwnedSubmission(request, reply, contentId);
    await saveTranscript(app, contentId, transcript, { completed });
    return { ok: true };
  });
}
