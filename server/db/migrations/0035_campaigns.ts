import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

/**
 * Campaigns (issue 40): a tenant's team asks named people for their story. A campaign row says
 * what is asked, until when, with which invitation and reminders; each invitee is a personal link
 * (migration 0034, where name, e-mail and role live) in that campaign; every mail to an invitee is
 * a row of `campaign_mails`, unique per (invitee, step), so a step goes out once however often and
 * on however many instances it is queued, and a failed send shows on the board.
 * Personal data: invitees and their mails are exported and erased with the person by e-mail
 * (`exportCampaignPerson`, `eraseCampaignPerson` in server/campaigns); a deleted campaign takes
 * its invitees and mails along and keeps the submissions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('campaigns'))
    .addColumn('tenant', 'text', notNull)
    .addColumn('name', 'text', notNull)
    // JSON text: the flows offered (interview, video-answer, voice, upload)
    .addColumn('flows', 'text', notNull)
    // JSON text: the questions asked (prefilled from the tenant's topics)
    .addColumn('questions', 'text', notNull)
    .addColumn('topic', 'text')
    .addColumn('deadline', 'text', notNull)
    .addColumn('invitation_text', 'text', notNull)
    .addColumn('sender_name', 'text', notNull)
    // where an invitee whose link has expired can still reach the team
    .addColumn('contact_email', 'text', notNull)
    // JSON text: days after the invitation, at most 3
    .addColumn('reminder_days', 'text', notNull)
    // the campaign's shared link /k/<code> (an event, a notice board): not secret, no person
    .addColumn('shared_code', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('campaigns_tenant').on('campaigns').columns(['tenant', 'id']).execute();

  await withId(db, db.schema.createTable('campaign_invitees'))
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('link_id', 'integer', notNull)
    // lower-case e-mail: one invitation per address and campaign
    .addColumn('email_key', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('invited_at', 'text')
    .addColumn('declined_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addUniqueConstraint('campaign_invitees_email', ['campaign_id', 'email_key'])
    .execute();
  await db.schema.createIndex('campaign_invitees_link').on('campaign_invitees').column('link_id').execute();

  await withId(db, db.schema.createTable('campaign_mails'))
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('invitee_id', 'integer', (c) => c.notNull().references('campaign_invitees.id').onDelete('cascade'))
    // invitation | reminder-1..3 | resend-<n>
    .addColumn('step', 'text', notNull)
    // queued | sending | sent | failed | skipped
    .addColumn('state', 'text', notNull)
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('sending_since', 'text')
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('campaign_mails_step', ['invitee_id', 'step'])
    .execute();
  await db.schema.createIndex('campaign_mails_queue').on('campaign_mails').columns(['state', 'campaign_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['campaign_mails', 'campaign_invitees', 'campaigns']) await db.schema.dropTable(table).execute();
}
