/**
 * Upload benchmark (issue 16): sends one large file through the running server (tus, as the
 * browser does) into each blob store and prints, each beside its goal, with the load average:
 * - local: the time against `cp` of the same file on the same disk, both followed by `sync`;
 * - S3 (s3rver on loopback): the time against the AWS SDK's own multipart upload of the same
 *   file to the same server (16 MiB parts, 4 at once);
 * - the server's RSS growth, and the time from the last byte sent to the answer of the last PATCH.
 *
 *   npx tsx bench/upload/run.ts [runs]      runs: 512M,1G,4x512M (default; 4x: four uploads at once)
 *   BENCH_STORES=local|s3, BENCH_TSX=1 (the TypeScript instead of the compiled server),
 *   BENCH_NODE_ARGS='--cpu-prof' (flags for the server's node)
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { startS3rver } from '../../server/storage/s3-test-server';
import { makeVideo, startServerProcess } from '../lib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function parseSize(arg: string | undefined): number {
  if (!arg) return 1024 ** 3;
  const m = /^(\d+(?:\.\d+)?)([kmg]?)b?$/i.exec(arg.trim());
  if (!m) throw new Error(`Größe nicht lesbar: ${arg}`);
  return Math.round(Number(m[1]) * 1024 ** ' kmg'.indexOf((m[2] || ' ').toLowerCase()));
}

const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);

function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const { child, base } = await startServerProcess({ ...env, TRANSCRIBER: 'none' });
  return { url: base, child };
}

async function anonymousSubmission(url: string): Promise<{ contentId: number; accessToken: string }> {
  const challenge = await (await fetch(`${url}/api/public/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const altcha = Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
  const res = await fetch(`${url}/api/public/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ tenant: 'vdi', altcha }),
  });
  if (!res.ok) throw new Error(`Einreichung fehlgeschlagen: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * POST + one streamed PATCH, exactly the tus requests tus-js-client sends for one file. Returns
 * the whole time and the time from the last byte sent to the server's answer.
 */
async function tusUpload(
  url: string,
  file: string,
  submission: { contentId: number; accessToken: string },
): Promise<{ seconds: number; lastPatch: number }> {
  const size = statSync(file).size;
  const meta = (v: string) => Buffer.from(v).toString('base64');
  const headers = { 'tus-resumable': '1.0.0', 'x-submission-token': submission.accessToken };
  const start = performance.now();
  const created = await fetch(`${url}/api/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(size),
      'upload-metadata': `contentId ${meta(String(submission.contentId))},page ${meta('public-upload')},filename ${meta('bench.mp4')}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus POST: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location')!, url).toString();
  let lastByte = 0;
  // The load generator pipes the file into a plain HTTP request (as little client CPU as possible).
  const { status, body, answered } = await new Promise<{ status: number; body: string; answered: number }>(
    (resolve, reject) => {
      const req = request(location, {
        method: 'PATCH',
        headers: {
          ...headers,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(size),
        },
      });
      req.on('finish', () => (lastByte = performance.now()));
      req.on('response', (res) => {
        const answered = performance.now();
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, answered }));
      });
      req.on('error', reject);
      createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(req);
    },
  );
  if (status !== 200) throw new Error(`tus PATCH: ${status} ${body}`);
  return { seconds: (performance.now() - start) / 1000, lastPatch: (answered - lastByte) / 1000 };
}

function syncDisk() {
  spawnSync('sync');
}

/** `count` copies at once on the same disk, followed by `sync`, as the issue measures it. */
async function syncedCopies(from: string, dir: string, count: number): Promise<number> {
  const start = performance.now();
  const targets = Array.from({ length: count }, (_, i) => path.join(dir, `copy-${i}.bin`));
  await Promise.all(
    targets.map((to) => pipeline(createReadStream(from, { highWaterMark: 1024 * 1024 }), createWriteStream(to))),
  );
  syncDisk();
  const seconds = (performance.now() - start) / 1000;
  for (const to of targets) rmSync(to);
  return seconds;
}

/** The AWS SDK's own multipart upload of the file (16 MiB parts, 4 at once, as lib-storage's Upload does). */
async function sdkMultipart(
  file: string,
  env: Record<string, string>,
  Key = 'sdk/bench.mp4',
): Promise<{ seconds: number; complete: number }> {
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = env.S3_BUCKET!;
  const size = statSync(file).size;
  const PART = 16 * 1024 * 1024;
  const start = performance.now();
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
  const parts: { ETag?: string; PartNumber: number }[] = [];
  const fd = await open(file, 'r');
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next++;
      const position = index * PART;
      if (position >= size) return;
      const body = Buffer.alloc(Math.min(PART, size - position));
      await fd.read(body, 0, body.length, position);
      const { ETag } = await client.send(
        new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: index + 1, Body: body, ContentLength: body.length }),
      );
      parts[index] = { ETag, PartNumber: index + 1 };
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  await fd.close();
  const completing = performance.now();
  await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
  const complete = (performance.now() - completing) / 1000;
  const seconds = (performance.now() - start) / 1000;
  await client.send(new DeleteObjectCommand({ Bucket, Key }));
  client.destroy();
  return { seconds, complete };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** `count` of the AWS SDK's multipart uploads at once, then `sync`: the time and the longest completion. */
async function sdkMultiparts(
  file: string,
  env: Record<string, string>,
  count: number,
): Promise<{ seconds: number; complete: number }> {
  const start = performance.now();
  const runs = await Promise.all(
    Array.from({ length: count }, (_, i) => sdkMultipart(file, env, `sdk/bench-${i}.mp4`)),
  );
  syncDisk();
  return { seconds: (performance.now() - start) / 1000, complete: Math.max(...runs.map((r) => r.complete)) };
}

/** `512M`, `1G`, or `4x512M` (four uploads of 512 MB at once). */
function parseRun(arg: string): { count: number; size: number } {
  const m = /^(\d+)x(.+)$/i.exec(arg.trim());
  return m ? { count: Number(m[1]), size: parseSize(m[2]) } : { count: 1, size: parseSize(arg) };
}

async function main() {
  const runs = (process.argv[2] ?? '512M,1G,4x512M').split(',').map(parseRun);
  if (!process.env.BENCH_TSX)
    spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  const stores = (process.env.BENCH_STORES ?? 'local,s3').split(',') as ('local' | 's3')[];
  const lines: string[] = [
    `Maschine: ${cpus().length} Kerne ${cpus()[0]?.model ?? ''}, ${mb(totalmem())} MB RAM, Node ${process.version}`,
  ];
  console.log(lines[0]);
  for (const { count, size } of runs) {
    const work = mkdtempSync(path.join(tmpdir(), 'ca-bench-upload-'));
    const file = path.join(work, 'bench.mp4');
    makeVideo(file, size);
    syncDisk();
    for (const store of stores) {
      const s3 = store === 's3' ? await startS3rver() : null;
      const dataDir = mkdtempSync(path.join(work, `data-${store}-`));
      const { url, child } = await startServer({
        DATA_DIR: dataDir,
        MAX_VIDEO_MB: String(Math.ceil(size / 1024 ** 2) + 10),
        ALTCHA_MAX_NUMBER: '1000',
        PUBLIC_SUBMISSIONS_PER_HOUR: '100',
        ...(s3?.env ?? {}),
      });
      try {
        const sdk = store === 's3' ? await sdkMultiparts(file, s3!.env, count) : null;
        const reference = sdk ? sdk.seconds : await syncedCopies(file, dataDir, count);
        // A small upload first, so the code paths are loaded before memory is measured.
        const warmFile = path.join(work, 'warm.mp4');
        makeVideo(warmFile, 2 * 1024 * 1024);
        await tusUpload(url, warmFile, await anonymousSubmission(url));
        const submissions = await Promise.all(Array.from({ length: count }, () => anonymousSubmission(url)));
        const before = memory(child.pid!);
        const startLoad = load();
        const start = performance.now();
        const uploads = await Promise.all(submissions.map((submission) => tusUpload(url, file, submission)));
        const syncing = performance.now();
        syncDisk();
        const end = performance.now();
        const seconds = (end - start) / 1000;
        const sync = (end - syncing) / 1000;
        const lastPatch = Math.max(...uploads.map((u) => u.lastPatch));
        const after = memory(child.pid!);
        const ratio = reference / seconds;
        const goal = store === 'local' ? 0.85 : 0.8;
        const growth = (after.peak - before.rss) / 1024 ** 2 / count;
        const what = count === 1 ? `${mb(size)} MB ${store}` : `${count} × ${mb(size)} MB ${store} gleichzeitig`;
        const referenceName =
          (store === 'local' ? 'cp + sync' : 'AWS SDK multipart (16 MiB × 4)') +
          (count === 1 ? '' : `, ${count} gleichzeitig`);
        const line = [
          `${what}: Server ${seconds.toFixed(2)} s (davon sync ${sync.toFixed(2)} s), ${referenceName} ${reference.toFixed(2)} s → ${ratio.toFixed(2)} (Ziel ≥ ${count === 1 ? goal : 0.8}) ${mark(ratio >= (count === 1 ? goal : 0.8))}`,
          `    RSS-Zuwachs ${growth.toFixed(1)} MB${count === 1 ? '' : ' je laufendem Upload'} (Ziel < 64) ${mark(growth < 64)}; letzter PATCH bis Antwort ${lastPatch.toFixed(2)} s (Ziel ≤ 1) ${mark(lastPatch <= 1)}; Last vorher ${startLoad}, nachher ${load()}`,
          // s3rver assembles the object from the parts on CompleteMultipartUpload (a copy of its own); S3 does not.
          ...(sdk
            ? [`    CompleteMultipartUpload des S3-Servers selbst (SDK, längste): ${sdk.complete.toFixed(2)} s`]
            : []),
        ].join('\n');
        console.log(line);
        lines.push(line);
      } finally {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
        await s3?.close();
      }
    }
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`\n${lines.join('\n')}`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
