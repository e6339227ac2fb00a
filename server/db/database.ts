import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import path from 'node:path';
import pg from 'pg';
import { readPoolKysely, SqliteReadPool } from './read-pool';
import type { DB } from './schema';
import { ignoreFailure } from '../../common/best-effort';

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

/** When a query on a database opened here last succeeded (performance.now()). */
const lastSuccess = new WeakMap<Kysely<DB>, { at: number }>();

/** Notes the time of every query that succeeds. */
class SuccessClock implements KyselyPlugin {
  constructor(private readonly clock: { at: number }) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.clock.at = performance.now();
    return args.result;
  }
}

function tracked(db: Kysely<DB>, clock: { at: number }): Kysely<DB> {
  lastSuccess.set(db, clock);
  return db;
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Database {
  const clock = { at: -Infinity };
  const plugins = [new SuccessClock(clock)];
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
      // A connection the server ends while it is checked out (between the queries of a
      // transaction, or held by a caller) reports it on the client, where pg has no listener:
      // uncaught, it would end the process. Its query fails on its own; the pool drops the client.
      client.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
      client
        .query('set max_parallel_workers_per_gather = 0; set random_page_cost = 1.1')
        .catch(ignoreFailure('tune a PostgreSQL read connection'));
    });
    const db = tracked(new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins }), clock);
    return { db, readDb: db, dialect: 'postgres', startReaders: () => {}, close: () => db.destroy() };
  }
  const fileName = path.join(opts.dataDir, 'content.db');
  const file = new SqliteDatabase(fileName);
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = tracked(new Kysely<DB>({ dialect: new SqliteDialect({ database: file }), plugins }), clock);
  let readers: { pool: SqliteReadPool; db: Kysely<DB> } | null = null;
  const database: Database = {
    db,
    readDb: db,
    dialect: 'sqlite',
    startReaders(count) {
      if (readers || count < 1) return;
      const pool = new SqliteReadPool(fileName, count);
      readers = { pool, db: readPoolKysely(pool) };
      database.readDb = readers.db;
    },
    async close() {
      // The pool itself: Kysely's destroy skips a driver that never ran a query, and the pool's
      // worker threads (started at once) would keep the process alive after close.
      await readers?.pool.close();
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

/**
 * Whether the database answers, as /api/health reports it: a query of the app's own that
 * succeeded within `withinMs` says so (under load the app's traffic proves it many times a second,
 * and a check of its own would wait for a connection and a busy backend); otherwise it asks.
 */
export async function databaseAnswers(db: Kysely<DB>, withinMs: number): Promise<boolean> {
  const clock = lastSuccess.get(db);
  if (withinMs > 0 && clock && performance.now() - clock.at < withinMs) return true;
  return databaseReachable(db);
}

/** Timestamps are stored as ISO-8601 UTC text on both dialects, so they sort and compare alike. */
export const now = () => new Date().toISOString();
