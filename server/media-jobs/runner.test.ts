import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobStatus } from '../jobs/queue';
import { until } from '../testing/faults';
import { dialects, startTestApp, type TestApp } from '../testing/harness';
import { mediaChildCount } from './ffmpeg';
import { cancelMediaJob, mediaJobStates } from './runner';

/** An ffmpeg run held to real time (-re), so it is still running while the test looks at it. */
const slowArgs = (out: string, seconds: number) => [
  '-re',
  '-f',
  'lavfi',
  '-i',
  `testsrc=size=160x120:rate=10:duration=${seconds}`,
  '-c:v',
  'mpeg4',
  '-y',
  out,
];

describe.each(dialects)('media jobs on %s', (dialect) => {
  let t: TestApp;
  const running = new Set<number>();
  let peak = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect, { MEDIA_JOBS: '1', MEDIA_JOB_TIMEOUT_SECONDS: '4' }, { listen: false });
    t.app.mediaJobs.register('test.render', async (ctx) => {
      const { seconds } = ctx.job.payload as { seconds: number };
      running.add(ctx.job.id);
      peak = Math.max(peak, running.size);
      try {
        const out = path.join(ctx.tempDir, 'out.mp4');
        await ctx.ffmpeg(slowArgs(out, seconds), { durationSeconds: seconds });
        return { made: existsSync(out) };
      } finally {
        running.delete(ctx.job.id);
      }
    });
    t.app.mediaJobs.start();
  }, 60_000);
  afterAll(() => t?.close());

  const state = async (id: number) => (await mediaJobStates(t.app.db, [id])).get(id)!;

  it('runs ffmpeg as a child process, one job at a time, with progress from -progress', async () => {
    const a = await t.app.mediaJobs.enqueue('test.render', { seconds: 2 });
    const b = await t.app.mediaJobs.enqueue('test.render', { seconds: 1 });
    const seen: number[] = [];
    await until(
      async () => {
        const s = await state(a);
        if (s.progress !== null) seen.push(s.progress);
        return s.status === 'done';
      },
      'the first job',
      20_000,
    );
    await until(async () => (await state(b)).status === 'done', 'the second job', 20_000);
    expect(peak).toBe(1);
    expect(seen.some((p) => p > 0 && p < 1)).toBe(true);
    expect((await state(a)).progress).toBe(1);
    expect((await jobStatus(t.app.db, a))!.result).toEqual({ made: true });
  }, 60_000);

  it('cancel kills the running ffmpeg; the job ends cancelled and is not retried', async () => {
    const id = await t.app.mediaJobs.enqueue('test.render', { seconds: 3 });
    await until(async () => ((await state(id)).progress ?? 0) > 0, 'progress', 20_000);
    expect(mediaChildCount()).toBe(1);
    expect(await cancelMediaJob(t.app.db, id)).toBe(true);
    await until(async () => (await state(id)).status === 'cancelled', 'the cancel', 10_000);
    await until(async () => mediaChildCount() === 0, 'ffmpeg to end', 5000);
    const queued = await t.app.mediaJobs.enqueue('test.render', { seconds: 1 });
    // A queued job is cancelled at once.
    const other = await t.app.mediaJobs.enqueue('test.render', { seconds: 1 });
    expect(await cancelMediaJob(t.app.db, other)).toBe(true);
    await until(async () => (await state(queued)).status === 'done', 'the next job', 20_000);
    expect((await state(other)).status).toBe('cancelled');
  }, 60_000);

  it('a job over MEDIA_JOB_TIMEOUT_SECONDS is stopped and its ffmpeg killed', async () => {
    const id = await t.app.mediaJobs.enqueue('test.render', { seconds: 30 }, { maxAttempts: 1 });
    await until(async () => (await state(id)).status === 'failed', 'the timeout', 20_000);
    expect((await jobStatus(t.app.db, id))!.error).toMatch(/timed out/);
    await until(async () => mediaChildCount() === 0, 'ffmpeg to end', 5000);
  }, 60_000);

  it('shutdown hands the running job back and kills its ffmpeg', async () => {
    const id = await t.app.mediaJobs.enqueue('test.render', { seconds: 3 });
    await until(async () => ((await state(id)).progress ?? 0) > 0, 'progress', 20_000);
    await t.app.mediaJobs.release();
    const handedBack = await state(id);
    expect(handedBack.status).toBe('queued');
    await until(async () => mediaChildCount() === 0, 'ffmpeg to end', 5000);
    // Once handed back, the job writes nothing more (the database closes right after a release).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await state(id)).toEqual(handedBack);
    t.app.mediaJobs.start();
  }, 60_000);
});
