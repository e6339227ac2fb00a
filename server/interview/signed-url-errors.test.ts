import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { addUser, dialects, freshPostgresDatabase, TEST_PASSWORD } from '../testing/harness';
import { startFakeElevenLabs, type FakeElevenLabs } from './testing/fake-elevenlabs';

const API_KEY = 'xi-secret-key-123456';
type LogLine = {
  level: number;
  msg: string;
  err?: { type?: string; message?: string; stack?: string; cause?: unknown };
  tenant?: string;
  topic?: string;
  provider?: string;
};

/**
 * When ElevenLabs cannot hand out a signed URL, the server logs the cause (without the API key)
 * and the browser gets the spec's connection error.
 */
describe.each(dialects)('signed URL failures of the ElevenLabs agent on %s', (dialect) => {
  let fake: FakeElevenLabs;
  const apps: { app: FastifyInstance; logs: string[]; close(): Promise<void> }[] = [];

  beforeAll(async () => {
    // This ElevenLabs knows another key: every request of ours is refused with 401.
    fake = await startFakeElevenLabs({ apiKey: 'another-key', questions: [], heard: [] });
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await fake?.close();
  });

  async function start(baseUrl: string) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ca-signed-'));
    const pgdb = dialect === 'postgres' ? await freshPostgresDatabase() : null;
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      BASE_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'info',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      TRANSCRIBER: 'none',
      VOICE_AGENT: 'elevenlabs',
      ELEVENLABS_API_KEY: API_KEY,
      ELEVENLABS_BASE_URL: baseUrl,
      ELEVENLABS_AGENT_IDS: 'bank.*=agent_bank',
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    });
    const logs: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        logs.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = await buildApp(config, { logger: { level: 'info', stream } });
    await app.ready();
    const entry = {
      app,
      logs,
      async close() {
        await app.close();
        await pgdb?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    apps.push(entry);
    await addUser(app, 'bank@example.de', 'bank');
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: config.baseUrl },
      payload: { email: 'bank@example.de', password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const raw = signIn.headers['set-cookie'];
    const cookie = (Array.isArray(raw) ? raw : [raw ?? '']).map((c) => c.split(';')[0]).join('; ');
    const signedUrl = (query: string) =>
      app.inject({ method: 'GET', url: `/api/voice/signed-url?${query}`, headers: { cookie } });
    const errors = () => logs.map((l) => JSON.parse(l) as LogLine).filter((l) => l.level >= 50);
    return { ...entry, signedUrl, errors };
  }

  it('logs why ElevenLabs refused the request and answers with the connection error', async () => {
    const a = await start(fake.url);
    const res = await a.signedUrl('tenant=bank&topic=tech-dive');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'unavailable', message: texts.interview.connectionError });
    const errors = a.errors();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      msg: 'voice agent signed URL request failed',
      provider: 'elevenlabs',
      tenant: 'bank',
      topic: 'tech-dive',
    });
    expect(errors[0]!.err?.message).toBe('ElevenLabs answered 401 for /v1/convai/conversation/get-signed-url');
    expect(a.logs.join('\n')).not.toContain(API_KEY);
    expect(a.logs.join('\n')).not.toContain('agent_bank');
  });

  it('logs the network error when ElevenLabs cannot be reached', async () => {
    // A port that was just free and is closed again: the connection is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const a = await start(`http://127.0.0.1:${port}`);
    const res = await a.signedUrl('tenant=bank&topic=free-topic');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(texts.interview.connectionError);
    const errors = a.errors();
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toBe('voice agent signed URL request failed');
    expect(errors[0]!.err?.message).toMatch(/^fetch failed/);
    expect(JSON.stringify(errors[0]!.err)).toContain('ECONNREFUSED');
    expect(a.logs.join('\n')).not.toContain(API_KEY);
  });
});
