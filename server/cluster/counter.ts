import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Counts one event for `key` in a window of `windowMs` (the rows of server/cluster/rate-limit-store.ts,
 * so the count holds across instances and old windows are swept with them) and returns the count
 * in the current window.
 */
export async function countInWindow(db: Kysely<DB>, key: string, windowMs: number, at = Date.now()): Promise<number> {
  const expired = sql<boolean>`rate_limits.window_start + ${windowMs} <= ${at}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_start: at })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when ${expired} then ${at} else rate_limits.window_start end`,
      }),
    )
    .returning(['count'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The count for `key` in its current window, without counting (0 when the window is over). */
export async function countSoFar(db: Kysely<DB>, key: string, windowMs: number, at = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'window_start'])
    .where('key', '=', key)
    .executeTakeFirst();
  return !row || Number(row.window_start) + windowMs <= at ? 0 : Number(row.count);
}
