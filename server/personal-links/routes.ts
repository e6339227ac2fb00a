import type { FastifyInstance } from 'fastify';
import { serve } from '../http/contract';
import { codeRouteLimit, resolveForRequest } from './caller';
import { submissionsOfLink } from './service';

/** GET /api/personal-links/:code: whom the link belongs to (the page /e/<code> starts with it). */
export async function personalLinkRoutes(app: FastifyInstance): Promise<void> {
  serve(app, 'GET /personal-links/:code', codeRouteLimit, async (_request, reply, parts) => {
    reply.header('cache-control', 'no-store');
    const resolved = await resolveForRequest(_request, parts.params().code, { touch: true });
    if (resolved.state === 'expired')
      return { state: 'expired' as const, tenant: resolved.tenant, campaignId: resolved.campaignId };
    const p = resolved.person;
    return {
      state: 'open' as const,
      tenant: p.tenant,
      campaignId: p.campaignId,
      expiresAt: p.expiresAt,
      person: { firstName: p.firstName, lastName: p.lastName, email: p.email, role: p.role ?? null },
      contentIds: await submissionsOfLink(app.db, p.linkId),
    };
  });
}
