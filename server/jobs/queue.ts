import type { Log } from '../log';
import { sql, type Kysely } from 'kysely';
import { now } from '../db/database';
import type { Dialect } from '../db/database';
import type { Selectable } from 'kysely';
import type { DB, JobTable } from '../db/schema';
import type { z } from 'zod';

type JobRow = Selectable<JobTable>;

export type Job = { id: number; kind: string; payload: unknown; attempts: number };
export type JobHandler = (job: Job) => Promise<unknown>;
export type JobStatus = {
  id: number;
  kind: string;
  status: string;
  attempts: number;
  error: string | null;
  result: unknown;
};

/** Thrown by a handler whose job was cancelled: the job ends as 'cancelled', never retried. */
export class JobCancelled extends Error {}

/** A stored payload that does not match its kind's schema: the job fails at once, never retried. */
export class BadJobPayload extends Error {}

/** A job whose payload was parsed with its kind's zod schema. */
export type ParsedJob<S extends z.ZodType> = Omit<Job, 'payload'> & { payload: z.output<S> };

/** Parses a job's payload with its kind's schema (on dequeue), or throws BadJobPayload with the reason. */
export function parsePayload<S extends z.ZodType>(job: Job, schema: S): ParsedJob<S> {
  const parsed = schema.safeParse(job.payload);
  if (!parsed.success) {
    const reason = parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; ');
    throw new BadJobPayload(`bad payload for ${job.kind}: ${reason}`);
  }
  return { ...job, payload: parsed.data };
}

/** Default lease of a claimed job; the runner renews it while the job runs (JOB_LEASE_SECONDS). */
export const DEFAULT_LEASE_MS = 30_000;

export async function enqueue(
  db: Kysely<DB>,
  kind: string,
  payload: unknown,
  opts: { maxAttempts?: number; runAt?: Date } = {},
): Promise<number> {
  const t = now();
  const row = await db
    .insertInto('jobs')
    .values({
      kind,
      payload: JSON.stringify(payload),
      status: 'queued',
      attempts: 0,
      max_attempts: opts.maxAttempts ?? 3,
      run_at: opts.runAt?.toISOString() ?? t,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function jobStatus(db: Kysely<DB>, id: number): Promise<JobStatus | null> {
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toStatus(row) : null;
}

function toStatus(row: JobRow): JobStatus {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    error: row.last_error,
    result: row.result ? JSON.parse(row.result) : null,
  };
}

/**
 * Takes the oldest due job, or one whose lease ran out (its worker died). On PostgreSQL the
 * row is locked with SKIP LOCKED, so several instances never take the same job; SQLite has one
 * writer and the single UPDATE is atomic.
 */
export async function claimNext(
  db: Kysely<DB>,
  dialect: Dialect,
  kinds: string[],
  leaseMs = DEFAULT_LEASE_MS,
): Promise<Job | null> {
  if (kinds.length === 0) return null;
  const t = now();
  const lease = new Date(Date.now() + leaseMs).toISOString();
  const lock = dialect === 'postgres' ? sql` for update skip locked` : sql``;
  const kindList = sql.join(kinds.map((k) => sql`${k}`));
  const result = await sql<JobRow>`
    update jobs set status = 'running', attempts = attempts + 1, locked_until = ${lease}, updated_at = ${t}
    where id = (
      select id from jobs
      where kind in (${kindList})
        and ((status = 'queued' and run_at <= ${t}) or (status = 'running' and locked_until < ${t} and attempts < max_attempts))
      order by id limit 1${lock}
    )
    returning *`.execute(db);
  const row = result.rows[0];
  return row ? { id: row.id, kind: row.kind, payload: JSON.parse(row.payload), attempts: row.attempts } : null;
}

/**
 * Records an attempt's outcome, only while this attempt still holds the job (status running, same
 * attempt count): an attempt whose lease ran out and was taken over records nothing, so a job ends
 * with one stored result. Returns whether it was recorded.
 */
async function finish(
  db: Kysely<DB>,
  job: Job,
  outcome: { result: unknown } | { error: string; final?: boolean } | { cancelled: string },
): Promise<boolean> {
  const t = now();
  if ('cancelled' in outcome) {
    const done = await db
      .updateTable('jobs')
      .set({ status: 'cancelled', last_error: outcome.cancelled, locked_until: null, updated_at: t })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  }
  if ('result' in outcome) {
    const done = await db
      .updateTable('jobs')
      .set({ status: 'done', result: JSON.stringify(outcome.result ?? null), locked_until: null, updated_at: t })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  }
  const row = await db
    .selectFrom('jobs')
    .select(['attempts', 'max_attempts'])
    .where('id', '=', job.id)
    .executeTakeFirstOrThrow();
  if (row.attempts !== job.attempts) return false;
  const retry = row.attempts < row.max_attempts && !outcome.final;
  const failed = await db
    .updateTable('jobs')
    .set({
      status: retry ? 'queued' : 'failed',
      last_error: outcome.error,
      locked_until: null,
      run_at: new Date(Date.now() + 1000 * 2 ** row.attempts).toISOString(),
      updated_at: t,
    })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('attempts', '=', job.attempts)
    .executeTakeFirst();
  return Number(failed.numUpdatedRows) > 0;
}

/**
 * A job whose last allowed attempt lost its lease (its process died each time, e.g. a job that
 * crashes the server) is not taken up again: it fails. Returns how many.
 */
export async function failAbandoned(db: Kysely<DB>): Promise<number> {
  const t = now();
  const failed = await db
    .updateTable('jobs')
    .set({ status: 'failed', last_error: 'lease expired on the last attempt', locked_until: null, updated_at: t })
    .where('status', '=', 'running')
    .where('locked_until', '<', t)
    .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
    .executeTakeFirst();
  return Number(failed.numUpdatedRows);
}

/** Extends a running attempt's lease; false when the job is no longer this attempt's. */
export async function renewLease(db: Kysely<DB>, job: Job, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .updateTable('jobs')
    .set({ locked_until: new Date(Date.now() + leaseMs).toISOString(), updated_at: now() })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('attempts', '=', job.attempts)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) > 0;
}

const RELEASED = Symbol('released');

/** Hands a claimed job back unfinished (shutdown): queued again at once, the attempt not counted. */
export async function releaseJob(db: Kysely<DB>, jobId: number): Promise<void> {
  const t = now();
  await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'queued', attempts: eb('attempts', '-', 1), locked_until: null, run_at: t, updated_at: t }))
    .where('id', '=', jobId)
    .where('status', '=', 'running')
    .execute();
}

/** Runs jobs of the registered kinds, one at a time per instance, until stopped. */
export class JobRunner {
  private handlers = new Map<string, JobHandler>();
  private stopped = true;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  /** Set by release(): the running job is handed back and no longer awaited. */
  private releasing = false;
  private running: { job: Job; abandon: () => void } | null = null;

  constructor(
    private db: Kysely<DB>,
    private dialect: Dialect,
    private log: Log,
    private pollMs: number,
    /** The lease of a running job, renewed every third of it while the handler runs. */
    private leaseMs: number = DEFAULT_LEASE_MS,
  ) {}

  /** Registers a kind's handler; its payload is parsed with the kind's schema on dequeue. */
  register<S extends z.ZodType>(kind: string, payload: S, handler: (job: ParsedJob<S>) => Promise<unknown>): void;
  /** A kind without payload (sweeps) or a test's ad-hoc kind. */
  register(kind: string, handler: JobHandler): void;
  register(kind: string, a: z.ZodType | JobHandler, b?: (job: ParsedJob<z.ZodType>) => Promise<unknown>): void {
    if (typeof a === 'function') this.registerRaw(kind, a);
    else this.registerRaw(kind, (job) => b!(parsePayload(job, a)));
  }

  /** A handler that parses its payload itself (the media runner's wrapper). */
  registerRaw(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  private observers: ((run: { kind: string; seconds: number; ok: boolean }) => void)[] = [];

  /** Told about every finished attempt (metrics). */
  observe(listener: (run: { kind: string; seconds: number; ok: boolean }) => void): void {
    this.observers.push(listener);
  }

  private report(job: Job, started: number, ok: boolean): void {
    for (const listener of this.observers)
      listener({ kind: job.kind, seconds: (performance.now() - started) / 1000, ok });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  /** Lets a freshly enqueued job start without waiting for the next poll. */
  nudge(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.nudge();
    await this.loop;
  }

  /**
   * Shutdown: stops taking jobs and hands the running one back at once, so another instance
   * claims it immediately instead of after its lease. Its handler is no longer awaited; whatever
   * it still does ends with the process, and its outcome is not recorded.
   */
  async release(): Promise<void> {
    this.releasing = true;
    this.stopped = true;
    this.nudge();
    const running = this.running;
    if (running) {
      await releaseJob(this.db, running.job.id);
      this.log.info({ job: running.job.id, kind: running.job.kind }, 'job released for another instance');
      running.abandon();
    }
    await this.loop;
  }

  /** Runs every due job now; for tests and the CLI. */
  async drain(): Promise<number> {
    let n = 0;
    while (await this.runOne()) n++;
    return n;
  }

  private lastSweep = 0;

  private async run(): Promise<void> {
    while (!this.stopped) {
      let worked = false;
      try {
        if (Date.now() - this.lastSweep > this.leaseMs) {
          this.lastSweep = Date.now();
          const failed = await failAbandoned(this.db);
          if (failed) this.log.warn({ jobs: failed }, 'jobs failed: their last attempt lost its lease');
        }
        worked = await this.runOne();
      } catch (error) {
        this.log.error({ err: error }, 'job loop failed');
      }
      if (!worked && !this.stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.pollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    }
  }

  private async runOne(): Promise<boolean> {
    const job = await claimNext(this.db, this.dialect, [...this.handlers.keys()], this.leaseMs);
    if (!job) return false;
    if (this.releasing) {
      await releaseJob(this.db, job.id);
      return false;
    }
    const handler = this.handlers.get(job.kind)!;
    const released = new Promise<typeof RELEASED>((resolve) => {
      this.running = { job, abandon: () => resolve(RELEASED) };
    });
    const started = performance.now();
    // Heartbeat: the lease runs out only when this process stops renewing it (crash, kill -9).
    const heartbeat = setInterval(
      () => {
        renewLease(this.db, job, this.leaseMs).then(
          (held) => {
            if (!held)
              this.log.warn({ job: job.id, kind: job.kind }, 'job lease lost: its result will not be recorded here');
          },
          (error) => this.log.warn({ err: error, job: job.id }, 'job lease not renewed'),
        );
      },
      Math.max(500, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      const result = await Promise.race([handler(job), released]);
      if (result === RELEASED) return true;
      clearInterval(heartbeat);
      if (await finish(this.db, job, { result })) this.report(job, started, true);
      else
        this.log.warn(
          { job: job.id, kind: job.kind },
          'job finished after another instance took it over: result not recorded',
        );
    } catch (error) {
      clearInterval(heartbeat);
      if (this.releasing) return true;
      this.report(job, started, false);
      if (error instanceof JobCancelled) {
        this.log.info({ job: job.id, kind: job.kind }, 'job cancelled');
        await finish(this.db, job, { cancelled: error.message });
        return true;
      }
      if (error instanceof BadJobPayload) {
        this.log.error({ job: job.id, kind: job.kind, reason: error.message }, 'job failed: bad payload');
        await finish(this.db, job, { error: error.message, final: true });
        return true;
      }
      this.log.warn({ err: error, job: job.id, kind: job.kind }, 'job failed');
      await finish(this.db, job, { error: error instanceof Error ? error.message : String(error) });
    } finally {
      clearInterval(heartbeat);
      this.running = null;
    }
    return true;
  }
}
