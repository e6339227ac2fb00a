import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireTenantEditor } from '../tenants/access';
import type { ContentEditor } from './editor';

/** The signed-in editor of a request and the tenants they may see, resolved once per request. */
export async function requireContentEditor(request: FastifyRequest, reply: FastifyReply): Promise<ContentEditor> {
  const { user, scope } = await requireTenantEditor(request, reply);
  return { ...user, scope };
}
