import type { FastifyInstance } from 'fastify';
import { texts } from '../common/texts';
import type { Health } from '../common/contracts/system';
import { databaseAnswers } from './db/database';
import { serve } from './http/contract';
import { storageReadiness } from './storage/capacity';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const storageState = storageReadiness(app);
  serve(app, 'GET /health', { config: { rateLimit: false } }, async (_request, reply) => {
    const [database, { reachable, problems }] = await Promise.all([
      databaseAnswers(app.db, app.config.HEALTH_PROBE_MS),
      storageState(),
    ]);
    const storage = reachable && problems.length === 0;
    const status: Health['status'] = database && storage ? 'ready' : database || storage ? 'limited' : 'unavailable';
    if (status === 'ready') return { status, database, storage };
    reply.status(503);
    const reasons = [...(database ? [] : [texts.common.healthDatabaseDown]), ...problems];
    if (!reachable && problems.length === 0) reasons.push(texts.common.healthStorageNotWritable(app.files.label));
    return { status, database, storage, reasons };
  });
}
