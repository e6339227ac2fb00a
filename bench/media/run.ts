/**
 * Media benchmark (issue 28): prints on this machine, each beside its target, with the load average:
 * - the proxy transcode (the app's own ffmpeg arguments and niceness) of a 60 s 1080p portrait
 *   phone clip, HEVC in a .mov and H.264 in an .mp4, both stored landscape with rotation 90 as
 *   phones write them: wall time as a ratio of real time (target ≤ 1.0× on 2 cores) and ffmpeg's
 *   peak memory;
 * - through the running server (its own process, MEDIA_JOBS=1): the time from the last byte of a
 *   browser recording (30 s WebM VP8/Opus, 720×1280, sent with tus) to its playable proxy;
 * - /api/health p50/p99 (target p99 < 50 ms) while the server transcodes the 60 s HEVC clip.
 *
 *   npx tsx bench/media/run.ts            BENCH_TSX=1 runs the TypeScript server instead of dist/server,
 *   BENCH_SKIP_TRANSCODE=1 leaves out the transcodes without the server
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { makeClip } from '../../server/video/testing/clips';
import { PROXY_PRESET, proxyArgs } from '../../server/video/service';
import { startServerProcess } from '../lib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cache = path.join(tmpdir(), 'ca-bench-media');
mkdirSync(cache, { recursive: true });
const SECONDS = 60;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(0);

function clip(name: string, make: () => string): string {
  const file = path.join(cache, name);
  if (!existsSync(file)) {
    console.log(`… erzeuge ${name}`);
    const made = make();
    execFileSync('mv', [made, file]);
  }
  return file;
}

const hevcMov = clip('phone-hevc-1080p-60s.mov', () =>
  makeClip({
    seconds: SECONDS,
    width: 1920,
    height: 1080,
    codec: 'hevc',
    container: 'mov',
    rotate: 90,
    audio: 'tone',
    fps: 30,
  }),
);
const h264Mp4 = clip('phone-h264-1080p-60s.mp4', () =>
  makeClip({
    seconds: SECONDS,
    width: 1920,
    height: 1080,
    codec: 'h264',
    container: 'mp4',
    rotate: 90,
    audio: 'tone',
    fps: 30,
  }),
);
const recording = clip('recording-720x1280-30s.webm', () => {
  const out = path.join(cache, 'tmp-recording.webm');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=720x1280:rate=30:duration=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=300:duration=30',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '2M',
    '-c:a',
    'libopus',
    '-y',
    out,
  ]);
  return out;
});

/** The app's transcode (same arguments, nice 10) under /usr/bin/time: wall seconds and peak RSS. */
function transcode(input: string): { seconds: number; cpuSeconds: number; peakKb: number; bytes: number } {
  const out = path.join(cache, 'out.mp4');
  const facts = { width: 1080, height: 1920, hasAudio: true };
  const res = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      '%e %M %U %S',
      'nice',
      '-n',
      '10',
      'ffmpeg',
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      ...proxyArgs(input, out, facts),
    ],
    { encoding: 'utf8' },
  );
  if (res.status !== 0) throw new Error(res.stderr);
  const [seconds, peakKb, user, sys] = res.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  const bytes = statSync(out).size;
  rmSync(out);
  return { seconds: seconds!, cpuSeconds: user! + sys!, peakKb: peakKb!, bytes };
}

console.log(`\nMedien-Benchmark · ${cpus().length} Kerne · x264 -preset ${PROXY_PRESET} · Last ${load()}\n`);
for (const [label, file] of process.env.BENCH_SKIP_TRANSCODE
  ? []
  : ([
      ['HEVC .mov 1080p hochkant, 60 s', hevcMov],
      ['H.264 .mp4 1080p hochkant, 60 s', h264Mp4],
    ] as const)) {
  const r = transcode(file);
  // CPU seconds over (cores × clip length): the ratio on this machine without other load.
  const cores = cpus().length;
  console.log(
    `Proxy ${label}: ${r.seconds.toFixed(1)} s = ${(r.seconds / SECONDS).toFixed(2)}× Echtzeit (Ziel ≤ 1,0×); CPU ${r.cpuSeconds.toFixed(0)} s = ${(r.cpuSeconds / cores / SECONDS).toFixed(2)}× auf ${cores} freien Kernen; ffmpeg-Spitze ${(r.peakKb / 1024).toFixed(0)} MB, Proxy ${mb(r.bytes)} MB · Last ${load()}`,
  );
}

// --- through the server ------------------------------------------------------------------------

if (!process.env.BENCH_TSX && !existsSync(path.join(root, 'dist/server/main.js'))) process.env.BENCH_TSX = '1';
const dataDir = path.join(tmpdir(), `ca-bench-media-data-${process.pid}`);
const { child, base } = await startServerProcess({
  DATA_DIR: dataDir,
  TRANSCRIBER: 'none',
  MEDIA_JOBS: '1',
  JOB_POLL_MS: '200',
  PUBLIC_SUBMISSIONS_PER_HOUR: '1000',
  PUBLIC_UPLOAD_MB_PER_HOUR_PER_ADDRESS: '100000',
  PUBLIC_UPLOAD_MB_PER_HOUR: '100000',
});

async function anonymousSubmission(): Promise<{ contentId: number; accessToken: string }> {
  const challenge = await (await fetch(`${base}/api/public/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const altcha = Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
  const res = await fetch(`${base}/api/public/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ tenant: 'vdi', altcha }),
  });
  if (!res.ok) throw new Error(`Einreichung fehlgeschlagen: ${res.status} ${await res.text()}`);
  return res.json();
}

/** tus POST + one PATCH; resolves at the answer to the last byte with the media id. */
async function upload(file: string, name: string): Promise<{ mediaId: number; token: string; lastByteAt: number }> {
  const s = await anonymousSubmission();
  const bytes = readFileSync(file);
  const meta = (v: string) => Buffer.from(v).toString('base64');
  const headers = { 'tus-resumable': '1.0.0', 'x-submission-token': s.accessToken };
  const created = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(bytes.length),
      'upload-metadata': `contentId ${meta(String(s.contentId))},page ${meta('public-upload')},filename ${meta(name)}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus POST: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location')!, base).toString();
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  const lastByteAt = performance.now();
  const body = await patched.json();
  if (!body?.media?.id) throw new Error(`Upload abgelehnt: ${patched.status} ${JSON.stringify(body)}`);
  return { mediaId: body.media.id, token: s.accessToken, lastByteAt };
}

async function waitReady(u: { mediaId: number; token: string }, during?: () => Promise<void>): Promise<number> {
  for (;;) {
    const state = await (
      await fetch(`${base}/api/media/${u.mediaId}/video-state`, { headers: { 'x-submission-token': u.token } })
    ).json();
    if (state.mediaState === 'ready') return performance.now();
    if (state.mediaState !== 'processing') throw new Error(`Video nicht aufbereitet: ${JSON.stringify(state)}`);
    if (during) await during();
    else await new Promise((r) => setTimeout(r, 100));
  }
}

try {
  const rec = await upload(recording, 'aufnahme.webm');
  const ready = await waitReady(rec);
  console.log(
    `Aufnahme (WebM 720×1280, 30 s, ${mb(statSync(recording).size)} MB): letztes Byte → abspielbarer Proxy ${((ready - rec.lastByteAt) / 1000).toFixed(1)} s · Last ${load()}`,
  );

  const latencies: number[] = [];
  const quantile = (values: number[], p: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!.toFixed(1);
  // The same checks for 20 s without a transcode: what the machine's other load costs alone.
  const idle: number[] = [];
  for (const end = performance.now() + 20_000; performance.now() < end; ) {
    const t0 = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    idle.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log(
    `/api/health ohne Transcode: p50 ${quantile(idle, 0.5)} ms, p99 ${quantile(idle, 0.99)} ms, n=${idle.length} · Last ${load()}`,
  );
  const big = await upload(hevcMov, 'handy.mov');
  const started = performance.now();
  const probe = async () => {
    // 20 health checks between two state polls, one after another, 50 ms apart.
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const done = await waitReady(big, probe);
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
  console.log(
    `Server-Proxy HEVC 60 s: ${((done - big.lastByteAt) / 1000).toFixed(1)} s vom letzten Byte (${((done - started) / 1000 / SECONDS).toFixed(2)}× Echtzeit); /api/health währenddessen p50 ${q(0.5)} ms, p99 ${q(0.99)} ms (Ziel < 50 ms), max ${latencies.at(-1)!.toFixed(1)} ms, n=${latencies.length} · Last ${load()}`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
