import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from './db/schema';
import { claimNext } from './jobs/queue';
import { pdf } from './uploads/testing/fixtures';
import { createUpload } from './uploads/testing/tus';
import { startFakeOpenAI, type FakeOpenAI } from './testing/fake-openai';
import { buildServer, startServerProcess, type ServerProcess } from './testing/server-process';
import type { TestApp } from './testing/harness';
import { TRANSCRIBE_JOB } from './voice-messages/service';
import { silentWav } from './testing/audio';

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('graceful shutdown of the compiled server', () => {
  let dataDir: string;
  let fake: FakeOpenAI;
  let server: ServerProcess;
  let releaseTranscription: () => void = () => undefined;

  beforeAll(async () => {
    buildServer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'ca-shutdown-'));
    fake = await startFakeOpenAI();
    server = await startServerProcess({
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      TRANSCRIBER: 'openai',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      JOB_POLL_MS: '50',
      SHUTDOWN_TIMEOUT_SECONDS: '60',
    });
  });
  afterAll(async () => {
    releaseTranscription();
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM stops accepting, completes the running upload chunk, releases the running job and exits 0', async () => {
    const origin = server.url;
    const json = { 'content-type': 'application/json', origin };
    // First admin, then a same-origin login from 127.0.0.1 (no BASE_URL) on a production build.
    const setup = await fetch(`${origin}/api/setup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Admin', email: 'admin@example.de', password: 'Brueckenbau-2026-Sommer!' }),
    });
    expect(setup.status).toBe(201);
    const login = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'admin@example.de', password: 'Brueckenbau-2026-Sommer!' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const created = await fetch(`${origin}/api/submissions`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ tenant: 'vdi', kind: 'upload' }),
    });
    expect(created.status).toBe(201);
    const { contentId } = (await created.json()) as { contentId: number };

    // A transcription job that is running (the provider holds its answer).
    releaseTranscription = fake.hold();
    const voice = await fetch(`${origin}/api/submissions/${contentId}/voice-message`, {
      method: 'POST',
      headers: { 'content-type': 'audio/wav', origin, cookie },
      body: new Uint8Array(silentWav()),
    });
    expect(voice.status).toBe(202);
    const { jobId } = (await voice.json()) as { jobId: number };
    await until(() => fake.requests.length === 1, 'the transcription request');

    // An upload chunk half sent.
    const document = pdf();
    const t = { url: origin } as TestApp;
    const upload = await createUpload(t, {
      size: document.length,
      contentId,
      page: 'upload',
      filename: 'bericht.pdf',
      headers: { cookie },
    });
    expect(upload.status).toBe(201);
    const half = Math.floor(document.length / 2);
    const chunk = new Promise<{ status: number; offset: string | undefined }>((resolve, reject) => {
      const req = httpRequest(upload.location!, {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(document.length),
          cookie,
        },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode!, offset: res.headers['upload-offset'] as string | undefined }),
        );
      });
      req.on('error', reject);
      req.write(document.subarray(0, half));
      // Watched on disk: a HEAD request would make tus cut the running PATCH short (its lock hand-over).
      const partial = path.join(dataDir, 'uploads', new URL(upload.location!).pathname.split('/').pop()!);
      void until(() => existsSync(partial) && statSync(partial).size === half, 'the first half on disk').then(
        async () => {
          server.child.kill('SIGTERM');
          await until(() => refusesConnections(server.port), 'the listener to close');
          req.end(document.subarray(half));
        },
        reject,
      );
    });

    const done = await chunk;
    expect(done.status).toBeLessThan(300);
    expect(Number(done.offset)).toBe(document.length);
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/job released for another instance/);

    const file = new SqliteDatabase(path.join(dataDir, 'content.db'));
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: file }) });
    try {
      const media = await db
        .selectFrom('media')
        .select(['original_name', 'size'])
        .where('submission_id', '=', contentId)
        .where('kind', '=', 'document')
        .execute();
      expect(media).toEqual([{ original_name: 'bericht.pdf', size: document.length }]);
      const job = await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'queued', locked_until: null, attempts: 0 });
      // Another instance takes it now, not after a lease runs out.
      expect(await claimNext(db, 'sqlite', [TRANSCRIBE_JOB])).toMatchObject({ id: jobId, attempts: 1 });
    } finally {
      await db.destroy();
    }
  });
});
