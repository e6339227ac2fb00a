/**
 * Event-loop delay of the server while it transcodes a video (issue 28: health p99 < 50 ms).
 * Wall-clock health checks on a loaded machine measure the machine; the event loop's own delay
 * (perf_hooks.monitorEventLoopDelay) measures what OUR process blocks. The app runs in this
 * process (real SQLite or PostgreSQL, local disk or the S3 test server, real ffmpeg); the clip is
 * uploaded with tus first, then only the job runs while the delay is sampled.
 *
 *   npx tsx bench/media/event-loop.ts                 60 s 1080p portrait HEVC .mov, SQLite, local disk
 *   BENCH_SECONDS=15 BENCH_DB=postgres BENCH_STORE=s3 npx tsx bench/media/event-loop.ts
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Dialect } from '../../server/db/database';
import { tusUpload } from '../../server/uploads/testing/tus';
import { startS3rver } from '../../server/storage/s3-test-server';
import { addUser, api, login, startTestApp } from '../../server/testing/harness';
import { makeClip } from '../../server/video/testing/clips';

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const dialect = (process.env.BENCH_DB ?? 'sqlite') as Dialect;
const s3 = process.env.BENCH_STORE === 's3' ? await startS3rver() : null;
const file = makeClip({
  seconds,
  width: 1920,
  height: 1080,
  codec: 'hevc',
  container: 'mov',
  rotate: 90,
  audio: 'tone',
  fps: 30,
});
const bytes = readFileSync(file);
rmSync(path.dirname(file), { recursive: true, force: true });

const t = await startTestApp(dialect, { MEDIA_JOBS: '1', JOB_POLL_MS: '200', ...(s3?.env ?? {}) });
const ms = (ns: number) => (ns / 1e6).toFixed(1);
try {
  await addUser(t.app, 'vdi@example.org', 'vdi_admin');
  const cookie = await login(t, 'vdi@example.org');
  const created = await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } });
  const contentId = created.body.contentId as number;

  // Idle: the same sampling without a transcode.
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  await new Promise((r) => setTimeout(r, 5000));
  idle.disable();

  const uploaded = await tusUpload(t, { bytes, contentId, page: 'upload', filename: 'handy.mov', headers: { cookie } });
  if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const mediaId = uploaded.body.media.id as number;

  const busy = monitorEventLoopDelay({ resolution: 5 });
  const elu0 = performance.eventLoopUtilization();
  const started = performance.now();
  busy.enable();
  t.app.mediaJobs.start();
  for (;;) {
    const state = (await api(t, 'GET', `/api/media/${mediaId}/video-state`, { cookie })).body;
    if (state.jobStatus === 'done' || state.jobStatus === 'failed') {
      if (state.jobStatus === 'failed') throw new Error('transcode failed');
      break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  busy.disable();
  const elu = performance.eventLoopUtilization(elu0);
  const wall = (performance.now() - started) / 1000;
  console.log(
    `Event-Loop-Verzögerung ohne Transcode: p50 ${ms(idle.percentile(50))} ms, p99 ${ms(idle.percentile(99))} ms, max ${ms(idle.max)} ms`,
  );
  console.log(
    `Event-Loop-Verzögerung während Transcode (${seconds} s HEVC 1080p, ${dialect}, ${s3 ? 's3' : 'lokal'}): p50 ${ms(busy.percentile(50))} ms, p99 ${ms(busy.percentile(99))} ms, max ${ms(busy.max)} ms; Auslastung ${(elu.utilization * 100).toFixed(1)} %; ${wall.toFixed(1)} s`,
  );
} finally {
  await t.close();
  await s3?.close();
}
// A keep-alive socket of the client may hold the process open.
process.exit(0);
