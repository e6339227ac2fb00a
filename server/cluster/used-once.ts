import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ignoreFailure } from '../../common/best-effort';

/**
 * Marks `key` of `purpose` as used, once across every app instance sharing the database.
 * Returns true for the first use and false for every later one (the primary key decides, so two
 * concurrent requests on two instances cannot both win). `expiresAt` is when the key could no
 * longer be accepted anyway; the row is swept after that.
 */
export async function claimOnce(db: Kysely<DB>, purpose: string, key: string, expiresAt: Date): Promise<boolean> {
  await sweepMaybe(db);
  const result = await db
    .insertInto('used_once')
    .values({ purpose, key, expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.columns(['purpose', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Removes keys whose time is over; returns how many. */
export async function sweepUsedOnce(db: Kysely<DB>, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('used_once').where('expires_at', '<', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

// Each instance sweeps at most once a minute, on the way of a claim (no timer to stop).
const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<object, number>();

async function sweepMaybe(db: Kysely<DB>) {
  const last = lastSweep.get(db) ?? 0;
  if (Date.now() - last < SWEEP_EVERY_MS) return;
  lastSweep.set(db, Date.now());
  await sweepUsedOnce(db).catch(ignoreFailure('sweep used one-time tokens'));
}
