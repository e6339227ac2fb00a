import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Dialect } from '../../server/db/database';
import { attachFile } from '../../server/submissions/files';
import { freshPostgresDatabase } from '../../server/testing/harness';
import { receiveVoiceMessage } from '../../server/voice-messages/service';
import { germanSpeech, testModel } from '../../server/transcription/test-audio';
import { createUser } from '../../server/users/service';
import { seed } from '../admin/seed';
import { makeVideo, serveOnOwnOrigin, startServerProcess } from '../lib';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN = { email: 'bench-admin@example.de', password: 'bench-passwort-lang-genug' };

export type BenchServer = {
  /** The app in this process: the server itself, or (process mode) only a database and file-store handle. */
  app: FastifyInstance;
  /** Process mode: the compiled server's process, and its /metrics text. */
  child: ChildProcess | null;
  metrics(): Promise<string>;
  base: string;
  cookie: string;
  dialect: Dialect;
  work: string;
  /** A submission with one large video, for the ZIP download. */
  zipSubmission: number;
  /** The file the upload client sends. */
  uploadFile: string;
  seededSeconds: number;
  /** German speech (webm) for the transcription jobs. */
  speech: Buffer;
  close(): Promise<void>;
};

const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/**
 * A seeded server with an admin session, a large video submission for the ZIP, the local
 * transcriber with the small test model, and its job runner started.
 * - `process: true`: the compiled server (`dist/server/main.js`, as `npm start` runs it) in a
 *   process of its own, its event-loop delay read from its /metrics; this process keeps an app
 *   (not listening, no job runner) only to queue transcriptions into the shared database.
 * - otherwise the server runs in this process (the event-loop delay measured here is the server's).
 */
export async function startBenchServer(
  dialect: Dialect,
  opts: { submissions: number; media: number; uploadBytes: number; zipBytes: number; process?: boolean },
): Promise<BenchServer> {
  const work = mkdtempSync(path.join(tmpdir(), 'ca-bench-resp-'));
  const dataDir = path.join(work, 'data');
  mkdirSync(path.join(dataDir, 'models'), { recursive: true });
  copyFileSync(testModel, path.join(dataDir, 'models', 'ggml-base.bin'));
  const pg = dialect === 'postgres' ? await freshPostgresDatabase() : null;
  const env = {
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    TRANSCRIBER: 'local',
    WHISPER_MODEL: 'base',
    MAX_VIDEO_MB: String(Math.ceil(Math.max(opts.uploadBytes, opts.zipBytes) / 1024 ** 2) + 10),
    ALTCHA_MAX_NUMBER: '1000',
    LOGIN_RATE_LIMIT: '1000000',
    PUBLIC_SUBMISSIONS_PER_HOUR: '1000000',
    JOB_POLL_MS: '200',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  };
  const config = loadConfig(env);
  let app = await buildApp(config, { logger: false });
  const t0 = Date.now();
  await seed(app.db, dialect, opts.submissions, opts.media);
  const seededSeconds = (Date.now() - t0) / 1000;
  // PostgreSQL: also VACUUM, as autovacuum would after a bulk load (index-only scans need it).
  await (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(app.db);
  await createUser(app.auth, { email: ADMIN.email, password: ADMIN.password, role: 'admin' });

  let base: string;
  let child: ChildProcess | null = null;
  if (opts.process) {
    spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
    ({ child, base } = await startServerProcess({ ...env, METRICS_TOKEN }));
  } else {
    ({ app, base } = await serveOnOwnOrigin(app, config));
    app.jobs.start();
  }

  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ADMIN),
  });
  if (!signIn.ok) throw new Error(`sign-in ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const uploadFile = path.join(work, 'upload.mp4');
  makeVideo(uploadFile, opts.uploadBytes);
  const zipFile = path.join(work, 'zip.mp4');
  makeVideo(zipFile, opts.zipBytes);
  const [zip] = await app.db
    .insertInto('submissions')
    .values({
      tenant: 'vdi',
      kind: 'upload',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .execute();
  await attachFile(app, {
    contentId: Number(zip!.id),
    kind: 'video',
    body: createReadStream(zipFile),
    originalName: 'gross.mp4',
    contentType: 'video/mp4',
    extension: 'mp4',
  });
  rmSync(zipFile);
  // espeak-ng and ffmpeg run synchronously: here, before anything is measured.
  const speech = readFileSync(
    germanSpeech(
      'Wir entwickeln in unserem Projekt einen neuen Prüfstand für Windkraftanlagen. Die Messreihen laufen seit dem Frühjahr, und das Team ist mit den Ergebnissen sehr zufrieden.',
      mkdtempSync(path.join(work, 'speech-')),
    ).webm,
  );

  return {
    app,
    child,
    async metrics() {
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      if (!res.ok) throw new Error(`/metrics ${res.status}`);
      return res.text();
    },
    base,
    cookie,
    dialect,
    work,
    zipSubmission: Number(zip!.id),
    uploadFile,
    seededSeconds,
    speech,
    async close() {
      if (child && child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child!.once('exit', r));
      }
      await app.close();
      await pg?.drop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Transcribes a spoken German recording again and again until the deadline; returns how many finished. */
export async function transcriptionLoop(
  server: BenchServer,
  until: number,
): Promise<{ done: number; failed: number; seconds: number[] }> {
  const audio = server.speech;
  const [row] = await server.app.db
    .insertInto('submissions')
    .values({
      tenant: 'vdi',
      kind: 'voice',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .execute();
  const contentId = Number(row!.id);
  const result = { done: 0, failed: 0, seconds: [] as number[] };
  while (Date.now() < until) {
    const start = performance.now();
    const { jobId } = await receiveVoiceMessage(server.app, contentId, audio);
    if (!jobId) throw new Error('Transkription nicht verfügbar');
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      const job = await server.app.db
        .selectFrom('jobs')
        .select('status')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      if (job.status === 'done' || job.status === 'failed') {
        result[job.status === 'done' ? 'done' : 'failed']++;
        result.seconds.push((performance.now() - start) / 1000);
        break;
      }
    }
  }
  return result;
}

type Line = Record<string, unknown> & { seconds?: number; bytes?: number };

/**
 * The load generators stand for people on their own devices: on this one machine they run at
 * this niceness (BENCH_CLIENT_NICE, default 10), so the server's threads come first for the
 * cores, as on a server that does not also run its clients. The /api/health prober is not
 * lowered: it measures.
 */
const CLIENT_NICE = Number(process.env.BENCH_CLIENT_NICE ?? 10);
function lower(pid: number | undefined) {
  if (pid && CLIENT_NICE) setPriority(pid, CLIENT_NICE);
}

/** Runs a load client (client.ts) in its own process; resolves with its JSON lines. */
export function runClient(args: string[]): Promise<{ lines: Line[]; code: number | null; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/responsiveness/client.ts'), ...args],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  lower(child.pid);
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve) => {
    child.on('exit', (code) =>
      resolve({
        lines: out
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
        code,
        stderr: err.slice(-2000),
      }),
    );
  });
}

export type Cannon = { p50: number; p99: number; max: number; requests: number; errors: number };

/** autocannon in its own process; `load: true` for a load generator (lowered, see CLIENT_NICE), not for a prober. */
export function autocannon(
  url: string,
  opts: { connections: number; seconds: number; rate?: number; cookie?: string; load?: boolean },
): Promise<Cannon> {
  const args = [
    '-j',
    '-c',
    String(opts.connections),
    '-d',
    String(opts.seconds),
    ...(opts.rate ? ['-R', String(opts.rate)] : []),
    ...(opts.cookie ? ['-H', `cookie=${opts.cookie}`] : []),
    url,
  ];
  const child = spawn(path.join(root, 'node_modules/.bin/autocannon'), args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  if (opts.load) lower(child.pid);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    child.on('exit', () => {
      try {
        const r = JSON.parse(out);
        resolve({
          p50: r.latency.p50,
          p99: r.latency.p99,
          max: r.latency.max,
          requests: r.requests.total,
          errors: r.errors + r.non2xx + r.timeouts,
        });
      } catch (error) {
        reject(error);
      }
    });
  });
}

export const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(0);
export const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');
