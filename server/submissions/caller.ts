import type { FastifyReply, FastifyRequest } from 'fastify';
import { SUBMISSION_TOKEN_HEADER } from '../../common/schemas/submissions';
import { texts } from '../../common/texts';
import { currentUser } from '../auth';
import { DomainError } from '../http/errors';
import { accessOf, editsTenant, entersTenant, publicLinkTenant } from '../tenants';
import { findSubmission } from './queries';
import { findLink, isOpen } from '../personal-links';
import { type Submission, tokenMatches } from './service';

/**
 * Loads a submission the caller may work on: its owner (signed-in user or the anonymous browser
 * holding its token) or an editor of its tenant. Anything else looks like a missing Content-ID.
 */
export async function loadOwnedSubmission(
  request: FastifyRequest,
  reply: FastifyReply,
  contentId: number,
): Promise<Submission> {
  const row = await findSubmission(request.server.db, contentId);
  if (row) {
    const header = request.headers[SUBMISSION_TOKEN_HEADER];
    if (tokenMatches(row, Array.isArray(header) ? header[0] : header)) {
      // A personal link's submission: its token works while the link is open (and the tenant not
      // archived). Any other anonymous token only while its tenant's public link is on.
      if (row.personal_link_id) {
        const link = await findLink(request.server.db, row.personal_link_id);
        const tenant = (await request.server.tenantRegistry.fresh()).get(row.tenant);
        if (!link || !isOpen(link) || !tenant || tenant.archivedAt)
          throw new DomainError('forbidden', texts.personalLinks.expired, texts.personalLinks.expiredTitle);
        return row;
      }
      if (!(await publicLinkTenant(request.server, row.tenant)))
        throw new DomainError('forbidden', texts.publicLink.linkClosed);
      return row;
    }
    const user = await currentUser(request, reply);
    // Its owner only while still in its tenant: a person moved out no longer reaches it.
    if (user) {
      const access = await accessOf(request, user);
      if ((row.user_id === user.id && entersTenant(access, row.tenant)) || editsTenant(access, row.tenant)) return row;
    }
  }
  throw new DomainError('not_found', texts.common.contentIdNotFound);
}
