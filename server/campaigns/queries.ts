import { type Kysely, sql } from 'kysely';
import type { SharedCampaign } from '../../common/contracts/campaigns';
import type { DB } from '../db/schema';
import { campaignOpen, invitationView } from './service';

/** Invitees and submitted answers per campaign (the list's columns). */
export async function campaignCounts(db: Kysely<DB>, ids: number[]) {
  const counts = new Map<number, { invitees: number; submitted: number }>();
  if (ids.length === 0) return counts;
  const invitees = await db
    .selectFrom('campaign_invitees')
    .select(['campaign_id', sql<number>`count(*)`.as('n')])
    .where('campaign_id', 'in', ids)
    .groupBy('campaign_id')
    .execute();
  const submitted = await db
    .selectFrom('submissions')
    .select(['campaign_id', sql<number>`count(distinct coalesce(personal_link_id, -id))`.as('n')])
    .where('campaign_id', 'in', ids)
    .where('completed_at', 'is not', null)
    .groupBy('campaign_id')
    .execute();
  for (const id of ids) counts.set(id, { invitees: 0, submitted: 0 });
  for (const r of invitees) counts.get(Number(r.campaign_id))!.invitees = Number(r.n);
  for (const r of submitted) counts.get(Number(r.campaign_id))!.submitted = Number(r.n);
  return counts;
}

/** The campaign of a shared link (/k/<code>), as its page shows it: no person, no team data but the contact. */
export async function sharedCampaignView(db: Kysely<DB>, code: string): Promise<SharedCampaign | null> {
  const row = await db.selectFrom('campaigns').selectAll().where('shared_code', '=', code).executeTakeFirst();
  if (!row) return null;
  const {
    declined: _d,
    unsubscribed: _u,
    ...view
  } = invitationView({ ...row, declined_at: null, unsubscribed_at: null });
  return { ...view, open: campaignOpen(row), tenant: row.tenant, campaignId: row.id };
}
