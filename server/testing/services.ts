import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Role } from '../../common/roles';
import { type Auth, createAuth, type WithAuth } from '../auth/auth';
import type { SessionUser } from '../auth/session';
import { type Adapters, chooseAdapters } from '../composition';
import { ItemReplacedHandlers, type WithItemReplaced } from '../content/service';
import { loadConfig } from '../config';
import type { Dialect } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Deps } from '../deps';
import { JobRunner } from '../jobs/queue';
import { MediaJobs } from '../media-jobs/runner';
import type { WithTenants } from '../tenants/registry';
import { createUser } from '../users/service';
import { freshPostgresDatabase, TEST_PASSWORD } from './harness';

/** Everything a service may ask for, built as buildApp builds it, without Fastify and without HTTP. */
export type ServiceDeps = Deps & WithTenants & WithAuth & WithItemReplaced & { adapters: Adapters };

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
  const adapters = chooseAdapters(config, log);
  const { database } = adapters;
  const auth: Auth = await createAuth({
    db: database.db,
    dialect: database.dialect,
    config,
    mailer: adapters.mailer,
  });
  await migrateToLatest(database.db);
  await auth.$context;
  const leaseMs = config.JOB_LEASE_SECONDS * 1000;
  const deps: ServiceDeps = {
    config,
    db: database.db,
    readDb: database.readDb,
    dialect: database.dialect,
    blobs: adapters.blobs,
    mailer: adapters.mailer,
    jobs: new JobRunner(database.db, database.dialect, log, config.JOB_POLL_MS, leaseMs),
    mediaJobs: new MediaJobs(database.db, database.dialect, log, {
      concurrency: config.MEDIA_JOBS,
      pollMs: config.JOB_POLL_MS,
      leaseMs,
      timeoutMs: config.MEDIA_JOB_TIMEOUT_SECONDS * 1000,
    }),
    transcriber: adapters.transcriber,
    log,
    tenantRegistry: adapters.tenants,
    itemReplaced: new ItemReplacedHandlers(),
    auth,
    adapters,
  };
  return {
    deps,
    async user(email, role) {
      const created = await createUser(auth, { email, password: TEST_PASSWORD, role });
      return { id: created.id, email, name: email, role };
    },
    async close() {
      await deps.jobs.stop();
      await database.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
