import SqliteDatabase from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fake-openai';
import { until } from '../testing/faults';
import { dialects, freshPostgresDatabase, startTestApp } from '../testing/harness';
import { claimNext, enqueue, failAbandoned, jobStatus } from './queue';
import { buildServer, startServerProcess, type ServerProcess } from '../testing/server-process';
import { silentWav } from '../testing/audio';

/** Short in the test so it runs quickly; the mechanism is the same as with the default of 30 s. */
const LEASE_SECONDS = Number(process.env.TEST_JOB_LEASE_SECONDS ?? 3);

type JobRow = { status: string; attempts: number; result: string | null };

beforeAll(() => buildServer(), 120_000);

describe.each(dialects)('a job of a killed server on %s', (dialect) => {
  let dataDir: string;
  let fake: FakeOpenAI;
  let pgdb: Awaited<ReturnType<typeof freshPostgresDatabase>> | null = null;
  const servers: ServerProcess[] = [];
  let release: () => void = () => undefined;
  let env: Record<string, string>;

  async function query<T>(sqlText: string, params: unknown[]): Promise<T[]> {
    if (pgdb) {
      const client = new pg.Client({ connectionString: pgdb.url });
      await client.connect();
      try {
        return (await client.query(sqlText, params)).rows as T[];
      } finally {
        await client.end();
      }
    }
    const file = new SqliteDatabase(path.join(dataDir, 'content.db'), { readonly: true });
    try {
      return file.prepare(sqlText.replace(/\$\d+/g, '?')).all(...params) as T[];
    } finally {
      file.close();
    }
  }
  const job = async (id: number) =>
    (await query<JobRow>('select status, attempts, result from jobs where id = $1', [id]))[0]!;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ca-lease-'));
    fake = await startFakeOpenAI({ text: 'Einmal gespeichert.' });
    pgdb = dialect === 'postgres' ? await freshPostgresDatabase() : null;
    env = {
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      TRANSCRIBER: 'openai',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      JOB_POLL_MS: '100',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    };
  });
  afterAll(async () => {
    release();
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await fake?.close();
    await pgdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'keeps its lease while it runs, is taken up by another instance within the lease after kill -9, and stores one result',
    async () => {
      const a = await startServerProcess(env);
      servers.push(a);
      const json = { 'content-type': 'application/json', origin: a.url };
      const setup = await fetch(`${a.url}/api/setup`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'Admin', email: 'admin@example.de', password: 'Brueckenbau-2026-Sommer!' }),
      });
      expect(setup.status).toBe(201);
      const login = await fetch(`${a.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'admin@example.de', password: 'Brueckenbau-2026-Sommer!' }),
      });
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const created = await fetch(`${a.url}/api/submissions`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: JSON.stringify({ tenant: 'vdi', kind: 'upload' }),
      });
      const { contentId } = (await created.json()) as { contentId: number };

      // A's transcription runs long (the provider holds its answer).
      release = fake.hold();
      const voice = await fetch(`${a.url}/api/submissions/${contentId}/voice-message`, {
        method: 'POST',
        headers: { 'content-type': 'audio/wav', origin: a.url, cookie },
        body: new Uint8Array(silentWav()),
      });
      expect(voice.status).toBe(202);
      const { jobId } = (await voice.json()) as { jobId: number };
      await until(() => fake.requests.length === 1, 'A to start the transcription');

      // B runs beside it for more than two leases: A's heartbeat keeps the job A's.
      const b = await startServerProcess(env);
      servers.push(b);
      await new Promise((r) => setTimeout(r, LEASE_SECONDS * 2500));
      expect(fake.requests).toHaveLength(1);
      expect(await job(jobId)).toMatchObject({ status: 'running', attempts: 1 });

      a.child.kill('SIGKILL');
      await a.exited;
      const killed = performance.now();
      await until(() => fake.requests.length === 2, 'B to take the job up', (LEASE_SECONDS + 10) * 1000);
      const takenUpMs = performance.now() - killed;
      console.log(
        `[lease] ${dialect}: job taken up ${Math.round(takenUpMs)} ms after kill -9 (lease ${LEASE_SECONDS} s)`,
      );
      expect(takenUpMs).toBeLessThan(LEASE_SECONDS * 1000 + 2000);

      release();
      await until(async () => (await job(jobId)).status === 'done', 'the job to finish', 20_000);
      const row = await job(jobId);
      expect(row.attempts).toBe(2);
      expect(JSON.parse(row.result!)).toEqual({ text: 'Einmal gespeichert.' });
      const status = await fetch(`${b.url}/api/submissions/${contentId}/transcriptions/${jobId}`, {
        headers: { cookie },
      });
      expect(await status.json()).toEqual({ jobId, status: 'done', text: 'Einmal gespeichert.' });
      const submission = (
        await query<{ transcript: string }>('select transcript from submissions where id = $1', [contentId])
      )[0]!;
      expect(submission.transcript).toBe('Einmal gespeichert.');
      // Nothing runs it a third time.
      await new Promise((r) => setTimeout(r, 1000));
      expect(fake.requests).toHaveLength(2);
    },
    (LEASE_SECONDS * 5 + 60) * 1000,
  );
});

describe.each(dialects)('a job whose every attempt died on %s', (dialect) => {
  it('is not taken up after its last attempt; it fails instead of crashing servers forever', async () => {
    const t = await startTestApp(dialect);
    try {
      const id = await enqueue(t.app.db, 'crashes-the-server', {}, { maxAttempts: 2 });
      const expire = () =>
        t.app.db
          .updateTable('jobs')
          .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
          .where('id', '=', id)
          .execute();
      expect(await claimNext(t.app.db, dialect, ['crashes-the-server'], 1000)).toMatchObject({ id, attempts: 1 });
      await expire();
      expect(await claimNext(t.app.db, dialect, ['crashes-the-server'], 1000)).toMatchObject({ id, attempts: 2 });
      await expire();
      expect(await claimNext(t.app.db, dialect, ['crashes-the-server'], 1000)).toBeNull();
      expect(await failAbandoned(t.app.db)).toBe(1);
      expect(await jobStatus(t.app.db, id)).toMatchObject({ status: 'failed', attempts: 2 });
    } finally {
      await t.close();
    }
  });
});
