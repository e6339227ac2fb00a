/**
 * Soak (issue 20): at least 10 minutes of mixed load on Node 24 with the SQLite read workers:
 * uploads (deleted again), searches and filtered lists, CSV and ZIP exports, logins and
 * transcription jobs at the same time. Prints the runtime, RSS at the start, every minute and
 * at the end, its growth against the bound, and whether anything aborted.
 *
 *   npx tsx bench/soak/run.ts        env: MINUTES (10), SUBMISSIONS (100000), MEDIA (100000), UPLOAD_MB (64), ZIP_MB (256)
 */
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readPoolStats } from '../../server/db/read-pool';
import { COMMON_WORD, RARE_WORD } from '../admin/seed';
import {
  ADMIN,
  autocannon,
  mb,
  runClient,
  startBenchServer,
  transcriptionLoop,
  verdict,
} from '../responsiveness/setup';

const MINUTES = Number(process.env.MINUTES ?? 10);
const SUBMISSIONS = Number(process.env.SUBMISSIONS ?? 100_000);
const MEDIA = Number(process.env.MEDIA ?? 100_000);
const UPLOAD_MB = Number(process.env.UPLOAD_MB ?? 64);
const ZIP_MB = Number(process.env.ZIP_MB ?? 256);
/** RSS at the end may exceed RSS after the first (warm-up) minute by at most this much. */
const GROWTH_BOUND_MB = 64;

const server = await startBenchServer('sqlite', {
  submissions: SUBMISSIONS,
  media: MEDIA,
  uploadBytes: UPLOAD_MB * 1024 ** 2,
  zipBytes: ZIP_MB * 1024 ** 2,
});
const { base, cookie } = server;
console.log(
  `soak: Node ${process.version} (${process.execPath}), SQLite with ${server.app.config.SQLITE_READ_WORKERS} read workers, ${SUBMISSIONS} submissions seeded in ${server.seededSeconds.toFixed(0)} s`,
);
console.log(
  `${MINUTES} min of: ${UPLOAD_MB} MB uploads (deleted again), 2 admins searching "${COMMON_WORD}", 1 filtered list, CSV export of all, ZIP of ${ZIP_MB} MB, logins with a search, transcriptions`,
);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${cpus().length} cores`,
);

const rss = () => process.memoryUsage().rss;
const samples: number[] = [rss()];
console.log(`  RSS start: ${mb(samples[0]!)} MB`);
const started = Date.now();
const until = started + MINUTES * 60_000;
const minuteTimer = setInterval(() => {
  samples.push(rss());
  const heap = process.memoryUsage().heapUsed;
  console.log(
    `  RSS after ${samples.length - 1} min: ${mb(samples.at(-1)!)} MB (heap ${mb(heap)} MB, load average ${loadavg()[0]!.toFixed(1)})`,
  );
}, 60_000);
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const seconds = MINUTES * 60;
const results = await Promise.allSettled([
  autocannon(`${base}/api/inbox?q=${encodeURIComponent(COMMON_WORD.toLowerCase())}`, {
    connections: 2,
    seconds,
    cookie,
  }),
  autocannon(`${base}/api/inbox?tenant=bank&status=neu&from=2025-01-01`, { connections: 1, seconds, cookie }),
  autocannon(`${base}/api/health`, { connections: 1, seconds, rate: 5 }),
  runClient(['upload', base, server.uploadFile, String(until), cookie]),
  runClient(['download', `${base}/api/inbox/export.csv`, cookie, String(until)]),
  runClient(['download', `${base}/api/inbox/${server.zipSubmission}/zip`, cookie, String(until)]),
  runClient(['logins', base, ADMIN.email, ADMIN.password, String(until), RARE_WORD.toLowerCase()]),
  transcriptionLoop(server, until),
]);
loop.disable();
clearInterval(minuteTimer);
samples.push(rss());
const names = [
  'search',
  'filtered list',
  'health',
  'uploads',
  'CSV exports',
  'ZIP exports',
  'logins',
  'transcriptions',
];
let failures = 0;
results.forEach((r, i) => {
  if (r.status === 'rejected') {
    failures++;
    console.log(`  ${names[i]}: FAILED ${r.reason}`);
    return;
  }
  const v = r.value as Record<string, unknown>;
  if ('p99' in v) {
    const c = v as { p50: number; p99: number; requests: number; errors: number };
    if (c.errors) failures++;
    console.log(
      `  ${names[i]!.padEnd(15)} ${c.requests} requests, p50 ${c.p50} ms, p99 ${c.p99} ms, errors ${c.errors}`,
    );
  } else if ('lines' in v) {
    const c = v as { lines: { seconds: number }[]; code: number | null; stderr: string };
    if (c.code !== 0) failures++;
    console.log(`  ${names[i]!.padEnd(15)} ${c.lines.length} done, exit ${c.code}${c.code ? `: ${c.stderr}` : ''}`);
  } else {
    const c = v as { done: number; failed: number };
    console.log(`  ${names[i]!.padEnd(15)} ${c.done} done, ${c.failed} failed`);
  }
});
const afterWarmup = samples[Math.min(1, samples.length - 1)]!;
const end = samples.at(-1)!;
const growth = (end - afterWarmup) / 1024 ** 2;
console.log(
  `  event-loop delay p99 over the soak: ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
);
console.log(
  `  RSS: start ${mb(samples[0]!)} MB, after minute 1 ${mb(afterWarmup)} MB, end ${mb(end)} MB, peak of samples ${mb(Math.max(...samples))} MB`,
);
console.log(
  `  RSS growth from minute 1 to the end: ${growth.toFixed(0)} MB (bound < ${GROWTH_BOUND_MB} MB: ${verdict(growth < GROWTH_BOUND_MB)})`,
);
console.log(
  `  read workers: ${readPoolStats.started} started, ${readPoolStats.ended} ended unexpectedly; clients failed: ${failures}`,
);
console.log(
  `  no abort: ${readPoolStats.ended === 0 && failures === 0 ? 'yes' : 'NO'} — the process ran ${((Date.now() - started) / 60_000).toFixed(1)} min on Node ${process.version} and is closing normally`,
);
await server.close();
