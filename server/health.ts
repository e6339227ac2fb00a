import type { FastifyInstance } from 'fastify';
import { databaseReachable } from './db/database';

export type Health = { status: 'ready' | 'limited' | 'unavailable'; database: boolean; storage: boolean };

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', { config: { rateLimit: false } }, async (_request, reply): Promise<Health> => {
    const [database, storage] = await Promise.all([databaseReachable(app.db), app.blobs.healthy()]);
    const status = database && storage ? 'ready' : database || storage ? 'limited' : 'unavailable';
    if (status !== 'ready') reply.status(503);
    return { status, database, storage };
  });
}
