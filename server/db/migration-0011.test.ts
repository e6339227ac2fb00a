import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, dialects } from '../testing/harness';
import { openDatabase } from './database';
import { migrations } from './migrations';

describe.each(dialects)('migration 0011 on %s', (dialect) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('goes up and down again, and the statistics count every submission after the way down', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ca-mig11-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const pg = dialect === 'postgres' ? await freshPostgresDatabase() : null;
    if (pg) cleanup.push(() => pg.drop());
    const { db, close } = openDatabase({ databaseUrl: pg?.url, dataDir });
    cleanup.push(() => close());
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableName: 'app_migrations',
      migrationLockTableName: 'app_migrations_lock',
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await migrator.migrateTo('0007b_rate_limits')).error).toBeUndefined();
    const t = new Date().toISOString();
    await db
      .insertInto('submissions')
      .values({ tenant: 'vdi', kind: 'upload', created_at: t, updated_at: t } as never)
      .execute();
    const users = await db.selectFrom('stats_user').select('submissions').execute();
    expect(users.map((u) => Number(u.submissions))).toEqual([1]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(
      (await db.selectFrom('stats_user').select('submissions').execute()).map((u) => Number(u.submissions)),
    ).toEqual([]);
  });
});
