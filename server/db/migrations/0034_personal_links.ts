import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

/**
 * Personal links (issue 40, DESIGN.md "People"): a short code that opens one person's flows and
 * page without an account. Only the code's sha256 is stored, and a nonce from which the server
 * (with its secret) derives the code again for a reminder. A row is personal data (name,
 * e-mail, role): it is exported with the person (`exportPersonalLinks`) and erased with them
 * (`erasePersonalLinks`: the rows go, their submissions stay with their own contact fields).
 * `submissions.personal_link_id` says which link made a submission: that link reaches it, no other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('personal_links'))
    .addColumn('tenant', 'text', notNull)
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    // the code is HMAC(AUTH_SECRET, nonce): mails (reminders) can carry it again, the database alone cannot
    .addColumn('code_nonce', 'text', notNull)
    .addColumn('first_name', 'text', notNull)
    .addColumn('last_name', 'text', notNull)
    .addColumn('email', 'text', notNull)
    // the person's role or job title ("Funktion")
    .addColumn('role', 'text')
    // a campaign's invitation (migration 0035); null for a link of its own (the own page)
    .addColumn('campaign_id', 'integer')
    .addColumn('created_at', 'text', notNull)
    // null: open until revoked
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('first_opened_at', 'text')
    .addColumn('last_opened_at', 'text')
    .execute();
  await db.schema.createIndex('personal_links_email').on('personal_links').columns(['email']).execute();
  await db.schema.createIndex('personal_links_campaign').on('personal_links').columns(['campaign_id']).execute();
  await db.schema.alterTable('submissions').addColumn('personal_link_id', 'integer').execute();
  await db.schema.createIndex('submissions_personal_link').on('submissions').column('personal_link_id').execute();
  // The campaign a submission answers (through a personal or the campaign's shared link; 0035 adds campaigns).
  await db.schema.alterTable('submissions').addColumn('campaign_id', 'integer').execute();
  await db.schema.createIndex('submissions_campaign').on('submissions').column('campaign_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('submissions_campaign').execute();
  await db.schema.alterTable('submissions').dropColumn('campaign_id').execute();
  await db.schema.dropIndex('submissions_personal_link').execute();
  await db.schema.alterTable('submissions').dropColumn('personal_link_id').execute();
  await db.schema.dropTable('personal_links').execute();
}
