import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Role } from '../../common/roles';
import type { SessionUser } from '../auth/session';
import { type AppDeps, buildDeps } from '../composition';
import { loadConfig } from '../config';
import type { Dialect } from '../db/database';
import { createUser } from '../users/service';
import { freshPostgresDatabase, TEST_PASSWORD } from './harness';

/** Everything a service may ask for, built by buildDeps as for the app, without Fastify and without HTTP. */
export type ServiceDeps = AppDeps;

export type TestServices = {
  deps: ServiceDeps;
  /** A user with a role, as a service receives the resolved caller. */
  user(email: string, role: Role | null): Promise<SessionUser>;
  close(): Promise<void>;
};

/**
 * The service-level test layer: the real deps on a real database, a SQLite file in a temporary
 * DATA_DIR or a fresh PostgreSQL database (TEST_DATABASE_URL, as the HTTP tests), migrated. A test
 * calls services directly with the resolved caller, so a rule is tested where it lives.
 */
export async function startServices(dialect: Dialect, env: Record<string, string> = {}): Promise<TestServices> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ca-services-'));
  const pgdb = dialect === 'postgres' ? await freshPostgresDatabase() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    JOB_POLL_MS: '50',
    TRANSCRIBER: 'none',
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    ...env,
  });
  const log = pino({ level: config.LOG_LEVEL });
  const { close, ...deps } = await buildDeps(config, log);
  return {
    deps,
    async user(email, role) {
      const created = await createUser(deps.auth, { email, password: TEST_PASSWORD, role });
      return { id: created.id, email, name: email, role };
    },
    async close() {
      await close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
