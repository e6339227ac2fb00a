import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { enqueue } from './queue';

export const EXPIRE_EMPTY_JOB = 'submissions.expire-empty';
const EVERY_MS = 60 * 60_000;

/** A held submission (a draft still arriving from a phone) waits this long for its person to come back online. */
const HELD_DAYS = 30;

/** Removes submissions that never received content and are older than `days` (held ones: HELD_DAYS). Returns how many. */
export async function expireEmptySubmissions(db: Kysely<DB>, days: number, at = Date.now()): Promise<number> {
  const cutoff = new Date(at - days * 86_400_000).toISOString();
  const heldCutoff = new Date(at - Math.max(days, HELD_DAYS) * 86_400_000).toISOString();
  const gone = await db
    .deleteFrom('submissions')
    .where('content_at', 'is', null)
    .where('created_at', '<', cutoff)
    .where((eb) => eb.or([eb('held', '=', 0), eb('created_at', '<', heldCutoff)]))
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** Plans the next run unless one is already waiting (several instances share one chain). */
async function planNext(db: Kysely<DB>, runAt: Date): Promise<void> {
  const waiting = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', EXPIRE_EMPTY_JOB)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  if (!waiting) await enqueue(db, EXPIRE_EMPTY_JOB, {}, { runAt, maxAttempts: 3 });
}

/**
 * A durable hourly job: empty submissions (a page opened, nothing sent) expire after
 * EMPTY_SUBMISSION_DAYS. Each run plans the next one in the jobs table.
 */
export async function emptySubmissionJobs(app: FastifyInstance): Promise<void> {
  app.jobs.register(EXPIRE_EMPTY_JOB, async () => {
    const removed = await expireEmptySubmissions(app.db, app.config.EMPTY_SUBMISSION_DAYS);
    await planNext(app.db, new Date(Date.now() + EVERY_MS));
    return { removed };
  });
  // The first run a few minutes after start-up, off the busy start.
  await planNext(app.db, new Date(Date.now() + 5 * 60_000));
}
