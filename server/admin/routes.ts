import type { FastifyInstance } from 'fastify';
import { requireRole } from '../auth/session';
import { adminStatistics } from './service';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  // Statistics across all tenants: admins only (vdi_admin and the tenants see none of it).
  app.get('/api/admin/statistics', async (request, reply) => {
    await requireRole(request, reply, ['admin']);
    return adminStatistics(app.db);
  });
}
