import type { Log } from '../log';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { now, type Dialect } from '../db/database';
import type { DB } from '../db/schema';
import type { z } from 'zod';
import { enqueue, JobCancelled, JobRunner, parsePayload, type Job, type ParsedJob } from '../jobs/queue';
import { runFfmpeg } from './ffmpeg';
import { endStaleChild, recordChild } from './children';

/** What a media job handler gets besides its job. */
export type MediaJobContext<J = Job> = {
  job: J;
  /** Aborted on cancel, timeout and shutdown; pass it to anything long. */
  signal: AbortSignal;
  /** Records the job's progress (0..1); written to the job row at most once a second. */
  progress(fraction: number): void;
  /**
   * Runs ffmpeg for this job (niced, killed on abort). Its progress, from `-progress pipe:1` and
   * `durationSeconds`, is mapped into [from, to] of the job's progress (default 0..1).
   */
  ffmpeg(args: string[], opts?: { durationSeconds?: number; from?: number; to?: number }): Promise<void>;
  /** A private temporary directory of this attempt, removed afterwards. */
  tempDir: string;
  /**
   * The job's time limit once its length is known: a base plus a multiple of the media's seconds
   * (never beyond MEDIA_JOB_TIMEOUT_SECONDS), counted from now.
   */
  limitTime(mediaSeconds: number): void;
};

export type MediaJobHandler = (ctx: MediaJobContext) => Promise<unknown>;

export type MediaJobState = {
  id: number;
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  progress: number | null;
  result: unknown;
};

export class MediaJobTimeout extends Error {}

/** How often a running job writes its progress and looks for a cancel request. */
const POLL_MS = 1000;
/** Niceness of ffmpeg children: the event loop keeps the CPU it needs (health p99). */
const FFMPEG_NICE = 10;
/** A media job's time limit: this base plus this many seconds per second of media. */
export const JOB_BASE_SECONDS = 120;
export const JOB_SECONDS_PER_MEDIA_SECOND = 4;

/** The time limit of a job on media of this length, within the configured ceiling. */
export const jobTimeLimitMs = (mediaSeconds: number, ceilingMs: number): number =>
  Math.min(ceilingMs, (JOB_BASE_SECONDS + JOB_SECONDS_PER_MEDIA_SECOND * Math.max(0, mediaSeconds)) * 1000);

/**
 * Heavy media work (ffmpeg transcodes, renders) as durable jobs of server/jobs/queue.ts, run by
 * their own runners so a long transcode never holds up photo or mail jobs: at most `concurrency`
 * at once per instance (MEDIA_JOBS), each job's ffmpeg a separate, niced child process, with
 * progress, cancel, a timeout, and shutdown that hands the job back and kills its children.
 */
export class MediaJobs {
  private runners: JobRunner[];
  private running = new Map<number, AbortController>();
  /** Set on shutdown: a released job's last progress is not written (the database closes next). */
  private released = false;

  constructor(
    private db: Kysely<DB>,
    dialect: Dialect,
    private log: Log,
    private opts: { concurrency: number; pollMs: number; leaseMs: number; timeoutMs: number },
  ) {
    this.runners = Array.from(
      { length: opts.concurrency },
      () => new JobRunner(db, dialect, log, opts.pollMs, opts.leaseMs),
    );
  }

  /** Registers a media job kind on every runner of this instance. */
  register<S extends z.ZodType>(
    kind: string,
    payload: S,
    handler: (ctx: MediaJobContext<ParsedJob<S>>) => Promise<unknown>,
  ): void;
  /** A test's ad-hoc kind. */
  register(kind: string, handler: MediaJobHandler): void;
  register(
    kind: string,
    a: z.ZodType | MediaJobHandler,
    b?: (ctx: MediaJobContext<ParsedJob<z.ZodType>>) => Promise<unknown>,
  ): void {
    const handler = (typeof a === 'function' ? a : b) as MediaJobHandler;
    for (const runner of this.runners)
      runner.registerRaw(kind, (job) => this.run(typeof a === 'function' ? job : parsePayload(job, a), handler));
  }

  /** Queues a media job and wakes a runner. */
  async enqueue(kind: string, payload: unknown, opts: { maxAttempts?: number; runAt?: Date } = {}): Promise<number> {
    const id = await enqueue(this.db, kind, payload, { maxAttempts: opts.maxAttempts ?? 2, runAt: opts.runAt });
    this.nudge();
    return id;
  }

  start(): void {
    this.released = false;
    for (const runner of this.runners) runner.start();
  }

  nudge(): void {
    for (const runner of this.runners) runner.nudge();
  }

  /** Runs every due media job now, one after another (tests, CLI). */
  async drain(): Promise<number> {
    return this.runners[0] ? this.runners[0].drain() : 0;
  }

  /** Stops taking jobs once the running ones are done (start() takes up again). */
  async stop(): Promise<void> {
    await Promise.all(this.runners.map((runner) => runner.stop()));
  }

  /**
   * Shutdown: stops taking jobs, hands running ones back (another instance takes them at once)
   * and kills their ffmpeg children.
   */
  async release(): Promise<void> {
    this.released = true;
    const released = Promise.all(this.runners.map((runner) => runner.release()));
    for (const controller of this.running.values()) controller.abort(new Error('shutdown'));
    await released;
  }

  private async run(job: Job, handler: MediaJobHandler): Promise<unknown> {
    const controller = new AbortController();
    this.running.set(job.id, controller);
    let pending: number | null = null;
    let written = -1;
    const flush = async () => {
      if (pending === null || pending === written) return;
      const value = pending;
      await this.db.updateTable('jobs').set({ progress: value }).where('id', '=', job.id).execute();
      written = value;
    };
    const check = async () => {
      await flush();
      const row = await this.db
        .selectFrom('jobs')
        .select('cancel_requested_at')
        .where('id', '=', job.id)
        .executeTakeFirst();
      if (row?.cancel_requested_at && !controller.signal.aborted) controller.abort(new JobCancelled('cancelled'));
    };
    const poll = setInterval(() => {
      if (this.released) return;
      check().catch((error) => this.log.warn({ err: error, job: job.id }, 'media job progress not stored'));
    }, POLL_MS);
    poll.unref();
    const startTimer = (ms: number) => {
      const timer = setTimeout(
        () => controller.abort(new MediaJobTimeout(`media job timed out after ${Math.round(ms / 1000)} s`)),
        ms,
      );
      timer.unref();
      return timer;
    };
    let timeout = startTimer(this.opts.timeoutMs);
    const tempDir = await mkdtemp(path.join(tmpdir(), 'ca-media-job-'));
    const progress = (fraction: number) => {
      pending = Math.round(Math.max(0, Math.min(1, fraction)) * 1000) / 1000;
    };
    try {
      await endStaleChild(this.db, job.id, this.log);
      await check();
      if (controller.signal.aborted) throw controller.signal.reason;
      return await handler({
        job,
        signal: controller.signal,
        progress,
        tempDir,
        limitTime: (mediaSeconds) => {
          clearTimeout(timeout);
          timeout = startTimer(jobTimeLimitMs(mediaSeconds, this.opts.timeoutMs));
        },
        ffmpeg: (args, o = {}) => {
          const from = o.from ?? 0;
          const to = o.to ?? 1;
          return runFfmpeg(args, {
            durationSeconds: o.durationSeconds,
            signal: controller.signal,
            nice: FFMPEG_NICE,
            onProgress: (f) => progress(from + (to - from) * f),
            onSpawn: (pid) =>
              void recordChild(this.db, job.id, pid).catch((error) =>
                this.log.warn({ err: error, job: job.id }, 'media job child not recorded'),
              ),
          });
        },
      });
    } catch (error) {
      // An abort surfaces as its reason (cancel, timeout, shutdown), whatever the handler made of it.
      throw controller.signal.aborted ? controller.signal.reason : error;
    } finally {
      clearInterval(poll);
      clearTimeout(timeout);
      this.running.delete(job.id);
      if (!this.released)
        await flush().catch((error) => this.log.warn({ err: error, job: job.id }, 'media job progress not stored'));
      await rm(tempDir, { recursive: true, force: true }).catch((error) =>
        this.log.warn({ err: error, tempDir }, 'media job temp dir not removed'),
      );
    }
  }
}

/**
 * Cancels a media job: a queued one ends at once; a running one is stopped by its instance within
 * about a second (its ffmpeg killed) and ends as 'cancelled'. Returns whether there was something to cancel.
 */
export async function cancelMediaJob(db: Kysely<DB>, jobId: number): Promise<boolean> {
  const t = now();
  const queued = await db
    .updateTable('jobs')
    .set({ status: 'cancelled', last_error: 'cancelled', updated_at: t })
    .where('id', '=', jobId)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  if (Number(queued.numUpdatedRows) > 0) return true;
  const running = await db
    .updateTable('jobs')
    .set({ cancel_requested_at: t })
    .where('id', '=', jobId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(running.numUpdatedRows) > 0;
}

/** The state of media jobs for a page to poll (progress 0..1 while running). */
export async function mediaJobStates(db: Kysely<DB>, ids: number[]): Promise<Map<number, MediaJobState>> {
  const states = new Map<number, MediaJobState>();
  if (ids.length === 0) return states;
  const rows = await db
    .selectFrom('jobs')
    .select(['id', 'kind', 'status', 'progress', 'result'])
    .where('id', 'in', ids)
    .execute();
  for (const row of rows) {
    states.set(row.id, {
      id: row.id,
      kind: row.kind,
      status: row.status as MediaJobState['status'],
      progress: row.progress ?? null,
      result: row.result ? JSON.parse(row.result) : null,
    });
  }
  return states;
}
