import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ignoreFailure } from '../../common/best-effort';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
type RouteOptions = { routeInfo?: { method?: string | string[]; url?: string } };

// Rows of windows that ended long ago are removed now and then (no window here is longer than a day).
const SWEEP_EVERY_MS = 60_000;
const KEEP_MS = 24 * 60 * 60_000;

/**
 * A store for @fastify/rate-limit that counts in the database, so a limit per address holds for
 * all app instances together instead of once per instance. One atomic upsert per request: a new
 * window starts when the old one is over.
 */
export function databaseRateLimitStore(db: Kysely<DB>) {
  let lastSweep = 0;
  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    child(routeOptions: object) {
      // The route's method and URL keep each route's counters apart (as the Redis store does).
      const info = (routeOptions as RouteOptions).routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new DatabaseRateLimitStore(undefined, `${this.prefix}${method}${info.url ?? ''}-`);
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const now = Date.now();
      const expired = sql<boolean>`rate_limits.window_start + ${timeWindow} <= ${now}`;
      db.insertInto('rate_limits')
        .values({ key: this.prefix + key, count: 1, window_start: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
            window_start: sql<number>`case when ${expired} then ${now} else rate_limits.window_start end`,
          }),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow()
        .then(
          (row) =>
            callback(null, {
              current: Number(row.count),
              ttl: Math.max(0, Number(row.window_start) + timeWindow - now),
            }),
          (error: Error) => callback(error),
        );
      if (now - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now;
        db.deleteFrom('rate_limits')
          .where('window_start', '<', now - KEEP_MS)
          .execute()
          .catch(ignoreFailure('sweep old rate-limit windows'));
      }
    }

    read(key: string, callback: Callback, timeWindow: number) {
      const now = Date.now();
      db.selectFrom('rate_limits')
        .select(['count', 'window_start'])
        .where('key', '=', this.prefix + key)
        .executeTakeFirst()
        .then(
          (row) =>
            !row || Number(row.window_start) + timeWindow <= now
              ? callback(null, { current: 0, ttl: 0 })
              : callback(null, { current: Number(row.count), ttl: Number(row.window_start) + timeWindow - now }),
          (error: Error) => callback(error),
        );
    }
  };
}
