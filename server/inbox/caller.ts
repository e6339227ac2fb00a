import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireTenantEditor } from '../tenants/access';
import type { Editor } from './service';

/** Admins and tenants' editors (vdi_admin: the association); the scope holds the tenants the editor may see (null: all). */
export async function requireEditor(request: FastifyRequest, reply: FastifyReply): Promise<Editor> {
  const { user, scope } = await requireTenantEditor(request, reply);
  return { ...user, scope };
}
