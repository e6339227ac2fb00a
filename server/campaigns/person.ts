import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Invitee addresses are personal data. A person's campaign invitations (by e-mail, any case) for
 * their data export: which campaign, when invited, declined, unsubscribed, and each mail's step,
 * state and time. Their name and address are in the personal links' export.
 */
export async function exportCampaignPerson(db: Kysely<DB>, email: string) {
  const invitees = await db
    .selectFrom('campaign_invitees as i')
    .innerJoin('campaigns as c', 'c.id', 'i.campaign_id')
    .select([
      'i.id',
      'c.name as campaign',
      'c.tenant',
      'i.created_at',
      'i.invited_at',
      'i.declined_at',
      'i.unsubscribed_at',
    ])
    .where('i.email_key', '=', email.toLowerCase())
    .orderBy('i.id')
    .execute();
  const mails = invitees.length
    ? await db
        .selectFrom('campaign_mails')
        .select(['invitee_id', 'step', 'state', 'created_at', 'sent_at'])
        .where(
          'invitee_id',
          'in',
          invitees.map((i) => i.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return invitees.map(({ id, ...i }) => ({
    ...i,
    mails: mails.filter((m) => m.invitee_id === id).map(({ invitee_id: _, ...m }) => m),
  }));
}

/** Erases a person's invitations and their mails (their personal links are erased by personal-links). */
export async function eraseCampaignPerson(db: Kysely<DB>, email: string): Promise<number> {
  const ids = db.selectFrom('campaign_invitees').select('id').where('email_key', '=', email.toLowerCase());
  await db.deleteFrom('campaign_mails').where('invitee_id', 'in', ids).execute();
  const result = await db
    .deleteFrom('campaign_invitees')
    .where('email_key', '=', email.toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
