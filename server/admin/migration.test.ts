import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { migrations } from '../db/migrations';
import { dialects, freshPostgresDatabase } from '../testing/harness';

describe.each(dialects)('migration 0006 on an existing %s database', (dialect) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  async function open(): Promise<Database> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ca-mig-'));
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const pg = dialect === 'postgres' ? await freshPostgresDatabase() : null;
    if (pg) cleanup.push(() => pg.drop());
    const database = openDatabase({ databaseUrl: pg?.url, dataDir });
    cleanup.push(() => database.close());
    return database;
  }

  it('counts what existed before it and keeps counting afterwards', async () => {
    const { db } = await open();
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableName: 'app_migrations',
      migrationLockTableName: 'app_migrations_lock',
    });
    expect((await migrator.migrateTo('0005_consents')).error).toBeUndefined();

    const at = (day: string) => `${day}T10:00:00.000Z`;
    const insert = async (tenant: string, user: string | null, day: string, transcript: string | null) =>
      Number(
        (
          await db
            .insertInto('submissions')
            .values({
              tenant,
              kind: 'interview',
              user_id: user,
              user_email: user && `${user}@example.de`,
              created_at: at(day),
              updated_at: at(day),
              transcript,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const media = (submission_id: number, kind: string, day: string) =>
      db
        .insertInto('media')
        .values({
          submission_id,
          kind,
          file_path: `${submission_id}/${kind}`,
          file_type: 'x/y',
          size: 1,
          original_name: kind,
          thumbnail_path: null,
          created_at: at(day),
        })
        .execute();
    const a = await insert('bank', 'u1', '2026-03-02', 'Du: Ein Kredit für Windräder.');
    await media(a, 'photo', '2026-03-03');
    await media(a, 'transcript', '2026-03-03');
    await insert('bank', 'u1', '2026-03-09', null);
    await insert('vdi', null, '2026-03-10', null);

    expect((await migrator.migrateTo('0007b_rate_limits')).error).toBeUndefined();
    const users = await db.selectFrom('stats_user').selectAll().orderBy('tenant').orderBy('user_key').execute();
    expect(users.map((u) => [u.tenant, u.user_key, Number(u.submissions), Number(u.media), u.last_activity])).toEqual([
      ['bank', 'u1', 2, 1, at('2026-03-09')],
      ['vdi', '', 1, 0, at('2026-03-10')],
    ]);
    const weeks = await db.selectFrom('stats_week').selectAll().orderBy('week').orderBy('tenant').execute();
    expect(weeks.map((w) => [w.tenant, w.week, Number(w.submissions)])).toEqual([
      ['bank', '2026-03-02', 1],
      ['bank', '2026-03-09', 1],
      ['vdi', '2026-03-09', 1],
    ]);

    // Migration 0011: only submissions with content count (the two empty ones no longer).
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const counted = await db.selectFrom('stats_user').selectAll().orderBy('tenant').orderBy('user_key').execute();
    expect(counted.map((u) => [u.tenant, u.user_key, Number(u.submissions), Number(u.media)])).toEqual([
      ['bank', 'u1', 1, 1],
    ]);
    expect(
      (await db.selectFrom('stats_week').selectAll().execute()).map((w) => [w.tenant, w.week, Number(w.submissions)]),
    ).toEqual([['bank', '2026-03-02', 1]]);

    // Afterwards the triggers keep counting, and deleting takes the media along.
    const b = await insert('bank', 'u2', '2026-03-11', null);
    await media(b, 'video', '2026-03-12');
    await db.deleteFrom('submissions').where('id', '=', a).execute();
    const bank = await db
      .selectFrom('stats_user')
      .selectAll()
      .where('tenant', '=', 'bank')
      .orderBy('user_key')
      .execute();
    expect(bank.map((u) => [u.user_key, Number(u.submissions), Number(u.media)])).toEqual([
      ['u1', 0, 0],
      ['u2', 1, 1],
    ]);
    expect(await db.selectFrom('media').select('id').where('submission_id', '=', a).execute()).toEqual([]);
    if (dialect === 'sqlite') {
      const found = await sql<{
        rowid: number;
      }>`select rowid from submissions_fts where submissions_fts match 'windräder'`.execute(db);
      expect(found.rows).toEqual([]);
    }
  });
});
