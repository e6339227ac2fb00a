import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';
import { hasContent, postgresNow, sqliteNow } from './0011_public_flows';

/**
 * Work done on a phone under a local id (the server could not make the Content-ID) reaches the
 * server later as a new submission whose parts arrive one by one. Such a submission is `held`
 * while they arrive: the content triggers of 0011 leave its `content_at` empty, so it stays out
 * of the inbox, the statistics and the exports (all gated on `content_at`) until the browser
 * releases it after its last part (issue 31: the team never sees a half submission).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('submissions')
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await triggers(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await triggers(db, false);
  await db.schema.alterTable('submissions').dropColumn('held').execute();
}

/** 0011's content triggers, with (`gated`) or without the condition that the row is not held. */
async function triggers(db: Kysely<unknown>, gated: boolean): Promise<void> {
  const open = (row: string) => (gated ? ` AND ${row}.held = 0` : '');
  if (isPostgres(db)) {
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION content_stamp() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
           IF NEW.content_at IS NULL${open('NEW')} AND ${hasContent('NEW')} THEN NEW.content_at := ${postgresNow}; END IF;
           RETURN NEW;
         END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION content_on_media() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
           UPDATE submissions SET content_at = NEW.created_at WHERE id = NEW.submission_id AND content_at IS NULL${open('submissions')};
           RETURN NULL;
         END $$`,
      )
      .execute(db);
    return;
  }
  for (const t of ['content_on_insert', 'content_on_update', 'content_on_media'])
    await sql.raw(`DROP TRIGGER ${t}`).execute(db);
  const statements = [
    `CREATE TRIGGER content_on_insert AFTER INSERT ON submissions WHEN new.content_at IS NULL${open('new')} AND ${hasContent('new')} BEGIN
       UPDATE submissions SET content_at = ${sqliteNow} WHERE id = new.id;
     END`,
    `CREATE TRIGGER content_on_update AFTER UPDATE ON submissions WHEN new.content_at IS NULL${open('new')} AND ${hasContent('new')} BEGIN
       UPDATE submissions SET content_at = ${sqliteNow} WHERE id = new.id;
     END`,
    `CREATE TRIGGER content_on_media AFTER INSERT ON media BEGIN
       UPDATE submissions SET content_at = new.created_at WHERE id = new.submission_id AND content_at IS NULL${open('submissions')};
     END`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
