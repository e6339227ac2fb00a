import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DB } from './schema';

/**
 * The worker file, found beside this module (source tree, or a bundle that copies it next to
 * itself or into db/), else in the source tree under the working directory.
 */
export function readWorkerFile(): string {
  const candidates = [
    new URL('./sqlite-read-worker.mjs', import.meta.url),
    new URL('./db/sqlite-read-worker.mjs', import.meta.url),
  ].map((u) => fileURLToPath(u));
  candidates.push(path.resolve('server/db/sqlite-read-worker.mjs'));
  return candidates.find((f) => existsSync(f)) ?? candidates[0]!;
}

/** How long a worker gets to close its connection and end before it is cut. */
const CLOSE_GRACE_MS = 5000;

/** How much lower the readers' CPU priority is than the event loop's (Linux nice steps). */
const READER_NICE = 10;

/** Workers started and workers that ended unexpectedly, over all pools of the process (for the soak bench). */
export const readPoolStats = { started: 0, ended: 0 };

type Pending = { resolve(rows: unknown[]): void; reject(error: Error): void };
type Reader = { worker: Worker; pending: Map<number, Pending> };

/**
 * A few worker threads, each with its own read-only connection to the SQLite file (WAL: readers
 * see every committed write and never block the writer). Queries go to the least busy worker.
 */
export class SqliteReadPool {
  private readers: Reader[] = [];
  private nextId = 1;
  private closed = false;
  private readonly driver = createRequire(import.meta.url).resolve('better-sqlite3');
  private readonly workerFile = readWorkerFile();

  constructor(
    private readonly file: string,
    readonly size: number,
  ) {
    for (let i = 0; i < size; i++) this.readers.push(this.spawn());
  }

  private spawn(): Reader {
    const worker = new Worker(this.workerFile, {
      workerData: { file: this.file, driver: this.driver, nice: READER_NICE },
      name: 'sqlite-reader',
    });
    const reader: Reader = { worker, pending: new Map() };
    readPoolStats.started++;
    worker.on('message', (m: { id: number; rows?: unknown[]; error?: { message: string; code?: string } }) => {
      const p = reader.pending.get(m.id);
      if (!p) return;
      reader.pending.delete(m.id);
      if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else p.resolve(m.rows ?? []);
    });
    const fail = (error: Error) => {
      for (const p of reader.pending.values()) p.reject(error);
      reader.pending.clear();
      const i = this.readers.indexOf(reader);
      // A worker that died is replaced, so one crash does not shrink the pool for good.
      if (i >= 0 && !this.closed) this.readers[i] = this.spawn();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!this.closed) readPoolStats.ended++;
      fail(new Error(`SQLite-Lese-Worker beendet (${code})`));
    });
    return reader;
  }

  /** Runs one read-only statement in the least busy worker. */
  query(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.closed) return Promise.reject(new Error('SQLite-Lese-Pool ist geschlossen'));
    const reader = this.readers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      reader.pending.set(id, { resolve, reject });
      reader.worker.postMessage({ id, sql, parameters });
    });
  }

  /** Queries waiting or running, over all workers. */
  get busy(): number {
    return this.readers.reduce((n, r) => n + r.pending.size, 0);
  }

  /**
   * Asks each worker to close its connection and end, after what it was asked before. Not
   * terminate(): a worker cut while it still loads the native SQLite driver can take the whole
   * process down (seen once in a test that closed its app at once). Cut only if it does not end.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(
      this.readers.map(
        ({ worker }) =>
          new Promise<void>((resolve) => {
            if (worker.threadId < 0) return resolve();
            const cut = setTimeout(() => void worker.terminate(), CLOSE_GRACE_MS);
            worker.once('exit', () => {
              clearTimeout(cut);
              resolve();
            });
            worker.postMessage({ close: true });
          }),
      ),
    );
  }
}

class PoolConnection implements DatabaseConnection {
  constructor(private readonly pool: SqliteReadPool) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.pool.query(query.sql, query.parameters)) as R[] };
  }
  // biome-ignore lint/correctness/useYield: streaming is refused; the interface asks for a generator
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming wird vom SQLite-Lese-Pool nicht unterstützt; bitte seitenweise lesen.');
  }
}

class PoolDriver implements Driver {
  constructor(private readonly pool: SqliteReadPool) {}
  async init() {}
  async acquireConnection() {
    return new PoolConnection(this.pool);
  }
  async beginTransaction(): Promise<void> {
    throw new Error('Der SQLite-Lese-Pool kennt keine Transaktionen.');
  }
  async commitTransaction() {}
  async rollbackTransaction() {}
  async releaseConnection() {}
  async destroy() {
    await this.pool.close();
  }
}

/** Kysely over the read pool: the same query builder, compiled for SQLite, run in a worker. */
export function readPoolKysely(pool: SqliteReadPool): Kysely<DB> {
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new PoolDriver(pool),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  return new Kysely<DB>({ dialect });
}
