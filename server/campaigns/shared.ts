import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { campaignOpen } from './service';

/** The open campaign of a shared link's code (what a public submission through it belongs to), or null. */
export async function sharedCampaignByCode(
  db: Kysely<DB>,
  code: string,
): Promise<{ id: number; tenant: string } | null> {
  const row = await db
    .selectFrom('campaigns')
    .select(['id', 'tenant', 'deadline', 'ended_at'])
    .where('shared_code', '=', code)
    .executeTakeFirst();
  return row && campaignOpen(row) ? { id: row.id, tenant: row.tenant } : null;
}
