import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { addUser, TEST_PASSWORD } from '../testing/harness';
import { originAllowed } from './origin';

type Reply = { status: number; body: any; cookies: string[] };

/** A raw HTTP request, so the Host header can be any address the machine is reached by. */
function send(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: {
          ...headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: any = text;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {}
          const cookies = [res.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]!);
          resolve({ status: res.statusCode!, body: json, cookies });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The real app without BASE_URL (or with the given env), listening on 127.0.0.1, its warnings collected. */
async function startApp(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ca-origin-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    TRANSCRIBER: 'none',
    LOGIN_RATE_LIMIT: '1000',
    ...env,
  });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app: FastifyInstance = await buildApp(config, { logger: { level: 'warn', stream } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  await addUser(app, 'redaktion@example.de', 'admin');
  return {
    app,
    port,
    logs,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const credentials = { email: 'redaktion@example.de', password: TEST_PASSWORD };

describe('origin rule', () => {
  const open = { BASE_URL: undefined, trustedOrigins: ['http://localhost:3000'] };
  const fixed = {
    BASE_URL: 'https://content.example.org',
    trustedOrigins: ['https://content.example.org', 'https://intern.example.org'],
  };

  it('accepts the request host as same-origin when BASE_URL is not set', () => {
    expect(originAllowed(open, { origin: 'http://192.168.1.20:3000', host: '192.168.1.20:3000' })).toBe(true);
    expect(originAllowed(open, { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' })).toBe(true);
    expect(originAllowed(open, { origin: 'http://evil.example', host: '127.0.0.1:3000' })).toBe(false);
    expect(originAllowed(open, { origin: 'null', host: '127.0.0.1:3000' })).toBe(false);
  });

  it('accepts only BASE_URL and TRUSTED_ORIGINS when BASE_URL is set', () => {
    expect(originAllowed(fixed, { origin: 'https://intern.example.org', host: 'app:3000' })).toBe(true);
    expect(originAllowed(fixed, { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' })).toBe(false);
    // An operator's trailing slash in TRUSTED_ORIGINS does not matter.
    expect(
      originAllowed(
        { ...fixed, trustedOrigins: ['https://content.example.org/'] },
        { origin: 'https://content.example.org', host: 'app:3000' },
      ),
    ).toBe(true);
  });

  it('lets clients without Origin through unless the browser marks them cross-site', () => {
    expect(originAllowed(fixed, {})).toBe(true);
    expect(originAllowed(fixed, { secFetchSite: 'same-origin' })).toBe(true);
    expect(originAllowed(fixed, { secFetchSite: 'cross-site' })).toBe(false);
    expect(originAllowed(fixed, { secFetchSite: 'same-site' })).toBe(false);
  });
});

describe('same-origin login without BASE_URL', () => {
  let s: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    s = await startApp();
  });
  afterAll(() => s.close());

  it('signs in from 127.0.0.1, from localhost and from the LAN address, and signs out again', async () => {
    for (const host of [`127.0.0.1:${s.port}`, `localhost:${s.port}`, `192.168.1.20:${s.port}`]) {
      const login = await send(
        s.port,
        'POST',
        '/api/auth/sign-in/email',
        { host, origin: `http://${host}` },
        credentials,
      );
      expect(login.status, host).toBe(200);
      // With a session cookie better-auth checks the origin too.
      const out = await send(
        s.port,
        'POST',
        '/api/auth/sign-out',
        { host, origin: `http://${host}`, cookie: login.cookies.join('; ') },
        {},
      );
      expect(out.status, host).toBe(200);
    }
  });

  it('refuses an origin that is not the request host, with the German message', async () => {
    const res = await send(
      s.port,
      'POST',
      '/api/auth/sign-in/email',
      { host: `127.0.0.1:${s.port}`, origin: 'http://evil.example' },
      credentials,
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: 'origin_refused',
      message: texts.common.originRefused(`http://127.0.0.1:${s.port}`),
    });
    expect(res.cookies).toEqual([]);
  });
});

describe('with BASE_URL set', () => {
  let s: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    s = await startApp({ BASE_URL: 'https://content.example.org', TRUSTED_ORIGINS: 'https://intern.example.org' });
  });
  afterAll(() => s.close());

  it('refuses a login from another address with "Diese Adresse ist nicht freigegeben" and tells the operator what to set', async () => {
    const host = `127.0.0.1:${s.port}`;
    const res = await send(s.port, 'POST', '/api/auth/sign-in/email', { host, origin: `http://${host}` }, credentials);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(texts.common.originRefused('https://content.example.org'));
    expect(res.body.message).toMatch(/^Diese Adresse ist nicht freigegeben/);
    expect(res.cookies).toEqual([]);
    const warning = s.logs.find((line) => line.includes(`http://${host}`));
    expect(warning).toMatch(/BASE_URL/);
    expect(warning).toMatch(/TRUSTED_ORIGINS/);
  });

  it('signs in from a trusted origin', async () => {
    const res = await send(
      s.port,
      'POST',
      '/api/auth/sign-in/email',
      { host: 'intern.example.org', origin: 'https://intern.example.org' },
      credentials,
    );
    expect(res.status).toBe(200);
  });

  it("refuses the app's own state-changing routes and tus uploads from a foreign origin and changes nothing", async () => {
    const before = await s.app.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const foreign = { host: 'content.example.org', origin: 'https://evil.example' };
    const created = await send(s.port, 'POST', '/api/public/submissions', foreign, {});
    expect(created.status).toBe(403);
    expect(created.body).toMatchObject({ error: 'origin_refused', title: texts.common.originRefusedTitle });
    const upload = await send(s.port, 'POST', '/api/uploads', {
      ...foreign,
      'tus-resumable': '1.0.0',
      'upload-length': '10',
    });
    expect(upload.status).toBe(403);
    const setup = await send(
      s.port,
      'POST',
      '/api/setup',
      { host: 'content.example.org', 'sec-fetch-site': 'cross-site' },
      { email: 'x@example.de', password: 'geheim-geheim-123' },
    );
    expect(setup.status).toBe(403);
    const after = await s.app.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('lets a request without Origin (CLI, curl) reach the route', async () => {
    const res = await send(
      s.port,
      'POST',
      '/api/setup',
      { host: 'content.example.org' },
      { email: 'x@example.de', password: 'geheim-geheim-123', name: 'X' },
    );
    expect(res.status).not.toBe(403);
    expect(res.body?.error).not.toBe('origin_refused');
  });
});
