import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The window of the per-account login limit; texts.auth.accountLocked names it. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

const keyOf = (email: string) => `login-account:${email.trim().toLowerCase()}`;

/**
 * Counts a login attempt for an account (whatever the address) before it is tried, in the shared
 * rate_limits table so every instance sees it; a successful login clears the count. Counting
 * first means parallel guesses cannot all pass the check. Returns whether the attempt may go on.
 */
export async function claimLoginAttempt(db: Kysely<DB>, email: string, max: number, now = Date.now()): Promise<boolean> {
  const expired = sql<boolean>`rate_limits.window_start + ${LOGIN_FAILURE_WINDOW_MS} <= ${now}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key: keyOf(email), count: 1, window_start: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when ${expired} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(['count'])
    .executeTakeFirstOrThrow();
  return Number(row.count) <= max;
}

/** A login went through: the account's failed attempts are forgotten. */
export async function clearLoginAttempts(db: Kysely<DB>, email: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', keyOf(email)).execute();
}
