/**
 * Upload benchmark: sends one large file through the running server (tus, as the browser does)
 * into each blob store, and prints the throughput as a ratio to copying the same file on the same
 * disk, plus the server's resident memory before and at its peak.
 *
 *   node --import tsx bench/upload/run.ts [size]      size: bytes or 512M / 1G (default 1G)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, openSync, writeSync, closeSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { video } from '../../server/media/testing/fixtures';
import { startS3rver } from '../../server/storage/s3-test-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function parseSize(arg: string | undefined): number {
  if (!arg) return 1024 ** 3;
  const m = /^(\d+(?:\.\d+)?)([kmg]?)b?$/i.exec(arg.trim());
  if (!m) throw new Error(`Größe nicht lesbar: ${arg}`);
  return Math.round(Number(m[1]) * 1024 ** ' kmg'.indexOf((m[2] || ' ').toLowerCase()));
}

const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);

/** An MP4 header followed by filler up to `size` bytes: the server accepts it as a video. */
function makeFile(file: string, size: number) {
  const head = video('mp4');
  const filler = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < filler.length; i++) filler[i] = (i * 2654435761) >>> 24;
  const fd = openSync(file, 'w');
  writeSync(fd, head);
  for (let written = head.length; written < size; ) {
    const n = Math.min(filler.length, size - written);
    writeSync(fd, filler, 0, n);
    written += n;
  }
  closeSync(fd);
}

async function diskCopy(from: string, to: string): Promise<number> {
  const start = performance.now();
  await pipeline(createReadStream(from, { highWaterMark: 1024 * 1024 }), createWriteStream(to));
  const seconds = (performance.now() - start) / 1000;
  rmSync(to);
  return seconds;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRANSCRIBER: 'none' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('Server startet nicht');
}

async function anonymousSubmission(url: string): Promise<{ contentId: number; accessToken: string }> {
  const challenge = await (await fetch(`${url}/api/public/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const altcha = Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
  const res = await fetch(`${url}/api/public/submissions`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ tenant: 'vdi', altcha }) });
  if (!res.ok) throw new Error(`Einreichung fehlgeschlagen: ${res.status} ${await res.text()}`);
  return res.json();
}

/** POST + one streamed PATCH, exactly the tus requests tus-js-client sends for one file. */
async function tusUpload(url: string, file: string, submission: { contentId: number; accessToken: string }): Promise<number> {
  const size = statSync(file).size;
  const meta = (v: string) => Buffer.from(v).toString('base64');
  const headers = { 'tus-resumable': '1.0.0', 'x-submission-token': submission.accessToken };
  const start = performance.now();
  const created = await fetch(`${url}/api/uploads`, {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(size), 'upload-metadata': `contentId ${meta(String(submission.contentId))},page ${meta('public-upload')},filename ${meta('bench.mp4')}` },
  });
  if (created.status !== 201) throw new Error(`tus POST: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location')!, url).toString();
  // The load generator pipes the file into a plain HTTP request (as little client CPU as possible).
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(location, {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(size) },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(req);
  });
  if (status !== 200) throw new Error(`tus PATCH: ${status} ${body}`);
  return (performance.now() - start) / 1000;
}

async function main() {
  const size = parseSize(process.argv[2]);
  const work = mkdtempSync(path.join(tmpdir(), 'ca-bench-upload-'));
  const file = path.join(work, 'bench.mp4');
  console.log(`Datei: ${mb(size)} MB in ${work}`);
  makeFile(file, size);
  const copySeconds = await diskCopy(file, path.join(work, 'copy.bin'));
  const copyRate = size / copySeconds;
  console.log(`Kopie auf derselben Platte: ${copySeconds.toFixed(2)} s, ${mb(copyRate)} MB/s`);

  const results: string[] = [];
  for (const store of (process.env.BENCH_STORES ?? 'local,s3').split(',') as ('local' | 's3')[]) {
    const s3 = store === 's3' ? await startS3rver() : null;
    const dataDir = mkdtempSync(path.join(work, `data-${store}-`));
    const { url, child } = await startServer({ DATA_DIR: dataDir, MAX_VIDEO_MB: String(Math.ceil(size / 1024 ** 2) + 10), ALTCHA_MAX_NUMBER: '1000', ...(s3?.env ?? {}) });
    try {
      const submission = await anonymousSubmission(url);
      const before = memory(child.pid!);
      const seconds = await tusUpload(url, file, submission);
      const after = memory(child.pid!);
      const rate = size / seconds;
      const line =
        `${store.padEnd(5)}: ${seconds.toFixed(2)} s, ${mb(rate)} MB/s, Verhältnis zur Plattenkopie ${(rate / copyRate).toFixed(2)}, ` +
        `RSS vorher ${mb(before.rss)} MB, Spitze ${mb(after.peak)} MB, Zuwachs ${mb(after.peak - before.rss)} MB`;
      console.log(line);
      results.push(line);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await s3?.close();
    }
  }
  rmSync(work, { recursive: true, force: true });
  console.log('\nZiel: Verhältnis ≥ 0.5 (lokal), RSS-Zuwachs < 100 MB');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
