import type { FastifyInstance } from 'fastify';
import { contentIdParam } from '../../common/schemas/submissions';
import { serve } from '../http/contract';
import { submissionLink } from '../personal-links';
import { loadOwnedSubmission } from '../submissions';
import { consentsOf, recordSubmissionConsent, saveContact, saveDescription, savePostContact } from './service';

/**
 * Finishing a submission: W-answers, the thank-you contact form, the post's contact information
 * and consents. Ownership is checked before the body, so a foreign Content-ID learns nothing.
 */
export async function finishRoutes(app: FastifyInstance): Promise<void> {
  serve(app, 'PUT /submissions/:contentId/description', async (request, reply) => {
    const { contentId } = contentIdParam.parse(request.params);
    await saveDescription(app.db, await loadOwnedSubmission(request, reply, contentId), request.body);
    return { ok: true };
  });

  serve(app, 'PUT /submissions/:contentId/contact', async (request, reply) => {
    const { contentId } = contentIdParam.parse(request.params);
    const submission = await loadOwnedSubmission(request, reply, contentId);
    // The tenant's rules: a created tenant's stored thank-you variant (server/tenants/registry.ts).
    await saveContact(
      app.db,
      submission,
      request.body,
      (await app.tenantRegistry.fresh()).formVariant(submission.tenant),
    );
    // Sent without an account or a personal link: the thank-you page's way to the own page.
    const saved = await app.db
      .selectFrom('submissions')
      .select(['id', 'tenant', 'user_id', 'personal_link_id', 'contact_first_name', 'contact_last_name'])
      .where('id', '=', submission.id)
      .executeTakeFirstOrThrow();
    const ownPage = await submissionLink(app.db, app.config, { ...saved, id: Number(saved.id) });
    return { ok: true as const, ownPage };
  });

  serve(app, 'PUT /submissions/:contentId/post-contact', async (request, reply) => {
    const { contentId } = contentIdParam.parse(request.params);
    const submission = await loadOwnedSubmission(request, reply, contentId);
    await savePostContact(
      app.db,
      submission,
      request.body,
      (await app.tenantRegistry.fresh()).formVariant(submission.tenant),
    );
    return { ok: true };
  });

  serve(app, 'POST /submissions/:contentId/consents', async (request, reply) => {
    const { contentId } = contentIdParam.parse(request.params);
    const created = await recordSubmissionConsent(
      app.db,
      await loadOwnedSubmission(request, reply, contentId),
      request.body,
    );
    reply.code(201);
    return created;
  });

  serve(app, 'GET /submissions/:contentId/consents', async (request, reply) => {
    const { contentId } = contentIdParam.parse(request.params);
    return consentsOf(app.db, await loadOwnedSubmission(request, reply, contentId));
  });
}
