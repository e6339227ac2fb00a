import { type Kysely, sql } from 'kysely';
import { consentKinds, consentWordings } from '../../../common/finish-rules';
import { notNull, withId } from './helpers';

/**
 * Consent over time (issue 41).
 *
 * - `consent_texts`: each tenant's wording of every consent kind, one row per version, with the
 *   dates it was shown. No personal data; kept when a person is erased.
 * - `consents` becomes a ledger: every row points to the version shown (`text_id`), and a
 *   withdrawal is a new row (`action` = 'withdrawn'), never an edit or a delete of the one before.
 *   Personal data of the submission's contributor: exported with it, erased with it (cascade).
 * - `takedown_tasks`: one per publication record when a consent is withdrawn; the editors' work.
 *   Erased with the submission (cascade).
 * - `post_approvals.void_reason`, `posts.consent_withdrawn_at`: the effects of a withdrawal.
 * - `erasure_requests`: a person's request with its deadline; after it ran, the address is
 *   cleared and only ids remain. `erasure_log`: ids only, replayed by `cli restore`.
 * - `tenants.retention_months`, `submissions.retention_warned_at`: retention per tenant.
 *
 * The existing consents were stored word for word: each distinct wording becomes a version of
 * its tenant's text, and the row points to it (its `text` stays as it was).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('consent_texts'))
    .addColumn('tenant', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('version', 'integer', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('valid_from', 'text', notNull)
    .addColumn('valid_until', 'text')
    .addColumn('created_by_email', 'text')
    .addUniqueConstraint('consent_texts_version', ['tenant', 'kind', 'version'])
    .execute();

  await db.schema
    .alterTable('consents')
    .addColumn('text_id', 'integer', (c) => c.references('consent_texts.id'))
    .execute();
  await db.schema
    .alterTable('consents')
    .addColumn('action', 'text', (c) => c.notNull().defaultTo('given'))
    .execute();
  await db.schema.alterTable('post_approvals').addColumn('void_reason', 'text').execute();
  await db.schema.alterTable('posts').addColumn('consent_withdrawn_at', 'text').execute();
  await db.schema.alterTable('submissions').addColumn('consent_withdrawn_at', 'text').execute();
  await db.schema.alterTable('submissions').addColumn('retention_warned_at', 'text').execute();
  await db.schema
    .alterTable('tenants')
    .addColumn('retention_months', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();

  await withId(db, db.schema.createTable('takedown_tasks'))
    .addColumn('tenant', 'text', notNull)
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('publication_id', 'integer', (c) => c.notNull().references('post_publications.id').onDelete('cascade'))
    .addColumn('channel', 'text', notNull)
    .addColumn('url', 'text', notNull)
    .addColumn('kinds', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('due_at', 'text', notNull)
    .addColumn('done_at', 'text')
    .addColumn('done_by_email', 'text')
    .addUniqueConstraint('takedown_tasks_publication', ['publication_id', 'created_at'])
    .execute();
  await db.schema.createIndex('takedown_tasks_tenant').on('takedown_tasks').columns(['tenant', 'done_at']).execute();

  await withId(db, db.schema.createTable('erasure_requests'))
    .addColumn('tenant', 'text')
    .addColumn('email', 'text')
    .addColumn('user_id', 'text')
    .addColumn('submission_ids', 'text', notNull)
    .addColumn('requested_at', 'text', notNull)
    .addColumn('due_at', 'text', notNull)
    // open | kept | done
    .addColumn('state', 'text', notNull)
    .addColumn('keep_reason', 'text')
    .addColumn('decided_by_email', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('executed_at', 'text')
    .execute();
  await db.schema.createIndex('erasure_requests_state').on('erasure_requests').columns(['state', 'due_at']).execute();

  await withId(db, db.schema.createTable('erasure_log'))
    .addColumn('at', 'text', notNull)
    .addColumn('request_id', 'integer')
    .addColumn('submission_id', 'integer', notNull)
    .execute();

  await migrateConsentTexts(db);
}

/** Every tenant gets version 1 of each kind (the catalogue's wording); other stored wordings become earlier versions. */
async function migrateConsentTexts(db: Kysely<unknown>): Promise<void> {
  const at = new Date().toISOString();
  const tenants = await sql<{ key: string }>`select key from tenants`.execute(db);
  const stored = await sql<{ tenant: string; kind: string; text: string; first: string }>`
    select s.tenant as tenant, c.kind as kind, c.text as text, min(c.given_at) as first
    from consents c join submissions s on s.id = c.submission_id
    group by s.tenant, c.kind, c.text order by min(c.given_at)`.execute(db);
  const keys = new Set([...tenants.rows.map((r) => r.key), ...stored.rows.map((r) => r.tenant)]);
  for (const tenant of keys) {
    for (const kind of consentKinds) {
      const current = consentWordings[kind][0]!;
      const older = stored.rows.filter((r) => r.tenant === tenant && r.kind === kind && r.text !== current);
      const firstUse = stored.rows.find((r) => r.tenant === tenant && r.kind === kind && r.text === current)?.first;
      let version = 1;
      for (const [i, row] of older.entries()) {
        const until = older[i + 1]?.first ?? firstUse ?? at;
        await sql`insert into consent_texts (tenant, kind, version, text, valid_from, valid_until)
          values (${tenant}, ${kind}, ${version++}, ${row.text}, ${row.first}, ${until})`.execute(db);
      }
      await sql`insert into consent_texts (tenant, kind, version, text, valid_from, valid_until)
        values (${tenant}, ${kind}, ${version}, ${current}, ${firstUse ?? at}, null)`.execute(db);
    }
  }
  await sql`update consents set text_id = (
      select t.id from consent_texts t join submissions s on s.tenant = t.tenant
      where s.id = consents.submission_id and t.kind = consents.kind and t.text = consents.text)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['erasure_log', 'erasure_requests', 'takedown_tasks']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('tenants').dropColumn('retention_months').execute();
  await db.schema.alterTable('submissions').dropColumn('retention_warned_at').execute();
  await db.schema.alterTable('submissions').dropColumn('consent_withdrawn_at').execute();
  await db.schema.alterTable('posts').dropColumn('consent_withdrawn_at').execute();
  await db.schema.alterTable('post_approvals').dropColumn('void_reason').execute();
  await db.schema.alterTable('consents').dropColumn('action').execute();
  await db.schema.alterTable('consents').dropColumn('text_id').execute();
  await db.schema.dropTable('consent_texts').execute();
}
