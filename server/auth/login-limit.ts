import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The window of the per-account login limit; texts.auth.accountLocked names it. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

const norm = (email: string) => email.trim().toLowerCase().slice(0, 320);
const accountKey = (email: string) => `login-account:${norm(email)}`;
const pairKey = (email: string, address: string) => `login-pair:${norm(email)}|${address.slice(0, 64)}`;

/** Counts one attempt under a key in the shared rate_limits table; returns the count in the window. */
async function bump(db: Kysely<DB>, key: string, now: number): Promise<number> {
  const expired = sql<boolean>`rate_limits.window_start + ${LOGIN_FAILURE_WINDOW_MS} <= ${now}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_start: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when ${expired} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(['count'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many attempts one address adds to an account's shared count: fewer than lock it. */
export const perAddressShare = (max: number) => Math.max(1, Math.ceil(max / 2));

export type LoginClaim = { allowed: boolean; pairCount: number };

/**
 * Counts a login attempt before it is tried, in the shared rate_limits table so every instance
 * sees it; a successful login clears the count. Counting first means parallel guesses cannot all
 * pass the check. Two counts: the account from this address (locks after `max`), and the account
 * from all addresses (locks after `max` too), to which one address adds at most half of `max` —
 * so one address cannot lock anyone else out, while many addresses guessing still meet the lock.
 */
export async function claimLoginAttempt(
  db: Kysely<DB>,
  email: string,
  address: string,
  max: number,
  now = Date.now(),
): Promise<LoginClaim> {
  const pairCount = await bump(db, pairKey(email, address), now);
  if (pairCount > max) return { allowed: false, pairCount };
  if (pairCount > perAddressShare(max)) {
    const row = await db
      .selectFrom('rate_limits')
      .select(['count', 'window_start'])
      .where('key', '=', accountKey(email))
      .executeTakeFirst();
    const accountCount = row && Number(row.window_start) + LOGIN_FAILURE_WINDOW_MS > now ? Number(row.count) : 0;
    return { allowed: accountCount < max, pairCount };
  }
  const accountCount = await bump(db, accountKey(email), now);
  return { allowed: accountCount <= max, pairCount };
}

/** A login went through: the account's failed attempts (all addresses, and this one's) are forgotten. */
export async function clearLoginAttempts(db: Kysely<DB>, email: string, address: string): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('key', 'in', [accountKey(email), pairKey(email, address)])
    .execute();
}

/** The attempts on an account from one address in the current window. */
export async function addressFailures(
  db: Kysely<DB>,
  email: string,
  address: string,
  now = Date.now(),
): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'window_start'])
    .where('key', '=', pairKey(email, address))
    .executeTakeFirst();
  return row && Number(row.window_start) + LOGIN_FAILURE_WINDOW_MS > now ? Number(row.count) : 0;
}

/**
 * Captcha-free slow-down: once an address has failed on an account more than half of `max`
 * times, each further failure waits before its answer (400 ms more each time, at most 4 s).
 */
export function failureDelayMs(pairCount: number, max: number): number {
  const over = pairCount - perAddressShare(max);
  return over <= 0 ? 0 : Math.min(4000, 400 * over);
}
