import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Role } from '../../common/roles';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';
import { createUser } from '../users/service';

/** The PostgreSQL server the tests use; CI must have it (a missing server fails the run). */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh PostgreSQL database for one test file, so parallel runs never share tables. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: testDatabaseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const dialects: Dialect[] = ['sqlite', 'postgres'];

export type TestApp = {
  app: FastifyInstance;
  config: AppConfig;
  /** http://127.0.0.1:port once listening */
  url: string;
  close(): Promise<void>;
};

/**
 * Starts the real app on a random port with a temporary DATA_DIR and, for 'postgres', a fresh
 * database. `env` overrides settings like a real environment would. With `env.DATABASE_URL` the
 * app uses that database and leaves it in place on close (several instances on one database:
 * the caller creates and drops it, e.g. with freshPostgresDatabase).
 */
export async function startTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  opts: { listen?: boolean } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ca-test-'));
  const pgdb = dialect === 'postgres' && !env.DATABASE_URL ? await freshPostgresDatabase() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOGIN_RATE_LIMIT: '1000',
    JOB_POLL_MS: '50',
    TRANSCRIBER: 'none',
    CHECK_RESPONSES: 'true',
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    ...env,
  });
  let app = await buildApp(config, { logger: { level: config.LOG_LEVEL } });
  let url = config.baseUrl;
  if (opts.listen !== false) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    url = `http://127.0.0.1:${port}`;
    if (!env.BASE_URL) {
      // better-auth checks the Origin against the base URL: rebuild with the real port.
      await app.close();
      config.baseUrl = url;
      config.trustedOrigins = [url, `http://localhost:${port}`];
      app = await buildApp(config, { logger: { level: config.LOG_LEVEL } });
      await app.listen({ port, host: '127.0.0.1' });
    }
  }
  return {
    app,
    config,
    url,
    async close() {
      await app.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const TEST_PASSWORD = 'test-passwort-123';

export async function addUser(app: FastifyInstance, email: string, role: Role | null) {
  return createUser(app.auth, { email, password: TEST_PASSWORD, role });
}

/** The newest mail in the outbox to `to` (a test reads its link from the body). */
export function lastMailTo(db: Kysely<DB>, to: string) {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** Signs in over HTTP and returns the cookie header to send with later requests. */
export async function login(t: TestApp, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await fetch(`${t.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** fetch against the test app with JSON in and out. */
export async function api(
  t: TestApp,
  method: string,
  path: string,
  opts: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers: {
      origin: t.url,
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, body: json, headers: res.headers };
}
