import type { FastifyInstance } from 'fastify';
import { AUDIT_PAGE_SIZE } from '../../common/schemas/admin';
import { serve } from '../http/contract';
import { requireRole } from '../auth';
import { adminStatistics } from './service';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  // Statistics across all tenants: admins only (vdi_admin and the tenants see none of it).
  serve(app, 'GET /admin/statistics', async (request, reply) => {
    await requireRole(request, reply, ['admin']);
    return adminStatistics(app.readDb, new Date(), (await app.tenantRegistry.fresh()).orderedKeys());
  });

  serve(app, 'GET /admin/audit', async (request, reply) => {
    await requireRole(request, reply, ['admin']);
    const rows = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(AUDIT_PAGE_SIZE)
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      at: r.at,
      actorEmail: r.actor_email,
      action: r.action,
      target: r.target,
      tenant: r.tenant,
      detail: r.detail ? JSON.parse(r.detail) : null,
    }));
  });
}
