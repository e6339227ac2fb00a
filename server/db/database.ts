import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import path from 'node:path';
import pg from 'pg';
import type { DB } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export type Database = { db: Kysely<DB>; dialect: Dialect; close(): Promise<void> };

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20 });
    // An idle connection that the server ends (restart, failover) must not end the process;
    // the pool opens a new one when it is needed.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = new SqliteDatabase(path.join(opts.dataDir, 'content.db'));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: file }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

export async function databaseReachable(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** Timestamps are stored as ISO-8601 UTC text on both dialects, so they sort and compare alike. */
export const now = () => new Date().toISOString();
