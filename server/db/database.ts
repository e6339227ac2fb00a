import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import path from 'node:path';
import pg from 'pg';
import { readPoolKysely, SqliteReadPool } from './read-pool';
import type { DB } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export type Database = {
  db: Kysely<DB>;
  /**
   * For reads that can be slow (inbox lists, search, exports, statistics): on SQLite a pool of
   * worker threads with read-only connections (once `startReaders` ran), on PostgreSQL `db`.
   */
  readDb: Kysely<DB>;
  dialect: Dialect;
  /** Starts the SQLite read workers (after the migrations, so they see the final schema). */
  startReaders(count: number): void;
  close(): Promise<void>;
};

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Database {
  if (opts.databaseUrl) {
    // A server that is down or unreachable fails a request within seconds (503), not after minutes.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20, connectionTimeoutMillis: 5000 });
    // An idle connection that the server ends (restart, failover) must not end the process;
    // the pool opens a new one when it is needed.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    // Planner settings for short, bounded web queries (queued before the connection's first query):
    // no parallel workers (starting them cost 20+ ms per inbox page under load), and index reads
    // priced as what they are on a cached SSD, so a filtered search walks the filter's keyset
    // index newest first instead of fetching and sorting every match.
    pool.on('connect', (client) => {
      client.query('set max_parallel_workers_per_gather = 0; set random_page_cost = 1.1').catch(() => {});
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, readDb: db, dialect: 'postgres', startReaders: () => {}, close: () => db.destroy() };
  }
  const fileName = path.join(opts.dataDir, 'content.db');
  const file = new SqliteDatabase(fileName);
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: file }) });
  let readers: Kysely<DB> | null = null;
  const database: Database = {
    db,
    readDb: db,
    dialect: 'sqlite',
    startReaders(count) {
      if (readers || count < 1) return;
      readers = readPoolKysely(new SqliteReadPool(fileName, count));
      database.readDb = readers;
    },
    async close() {
      await readers?.destroy();
      await db.destroy();
    },
  };
  return database;
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
