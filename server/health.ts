import type { FastifyInstance } from 'fastify';
import { texts } from '../common/texts';
import { databaseAnswers } from './db/database';
import { storageReadiness } from './storage/capacity';

/** `reasons`: why it is not ready, in German (missing when ready). */
export type Health = {
  status: 'ready' | 'limited' | 'unavailable';
  database: boolean;
  storage: boolean;
  reasons?: string[];
};

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const storageState = storageReadiness(app);
  app.get('/api/health', { config: { rateLimit: false } }, async (_request, reply): Promise<Health> => {
    const [database, { reachable, problems }] = await Promise.all([
      databaseAnswers(app.db, app.config.HEALTH_PROBE_MS),
      storageState(),
    ]);
    const storage = reachable && problems.length === 0;
    const status = database && storage ? 'ready' : database || storage ? 'limited' : 'unavailable';
    if (status === 'ready') return { status, database, storage };
    reply.status(503);
    const reasons = [...(database ? [] : [texts.common.healthDatabaseDown]), ...problems];
    if (!reachable && problems.length === 0)
      reasons.push(
        texts.common.healthStorageNotWritable(app.config.S3_ENDPOINT ? 'Objektspeicher (S3)' : 'Dateiablage'),
      );
    return { status, database, storage, reasons };
  });
}
