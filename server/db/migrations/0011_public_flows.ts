import { sql, type Kysely } from 'kysely';
import { isPostgres, notNull, withId } from './helpers';

/**
 * A submission exists from the first screen, but one that holds nothing stays out of the inbox,
 * the statistics and the exports: `content_at` is stamped by triggers when the first content
 * arrives (a file, a transcript, W-answers, contact or post details), whatever code path writes
 * it, and the statistics count a submission from that moment on. Empty ones expire (a job).
 *
 * `public_usage` counts what the anonymous public link spends (interviews, recordings,
 * transcriptions, audio seconds) per address, for limits that hold across instances.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.alterTable('submissions').addColumn('content_at', 'text').execute();
  await sql
    .raw(
      `UPDATE submissions SET content_at = created_at WHERE ${hasContent('submissions')} OR EXISTS (SELECT 1 FROM media m WHERE m.submission_id = submissions.id)`,
    )
    .execute(db);
  await db.schema
    .createIndex('submissions_content_created')
    .on('submissions')
    .columns(['content_at', 'created_at'])
    .execute();
  // The statistics so far counted every submission; from now on only those with content.
  await sql.raw('DELETE FROM stats_user').execute(db);
  await sql.raw('DELETE FROM stats_week').execute(db);
  const greatest = pg ? 'greatest' : 'max';
  await sql
    .raw(
      `INSERT INTO stats_user (tenant, user_key, user_email, submissions, media, last_activity)
       SELECT s.tenant, coalesce(s.user_id, ''), max(s.user_email), count(*), coalesce(sum(m.n), 0), ${greatest}(max(s.created_at), coalesce(max(m.last), ''))
       FROM submissions s
       LEFT JOIN (SELECT submission_id, count(*) AS n, max(created_at) AS last FROM media WHERE kind <> 'transcript' GROUP BY submission_id) m
         ON m.submission_id = s.id
       WHERE s.content_at IS NOT NULL
       GROUP BY s.tenant, coalesce(s.user_id, '')`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO stats_week (tenant, week, submissions)
       SELECT tenant, ${pg ? postgresWeek('created_at') : sqliteWeek('created_at')} AS week, count(*) FROM submissions WHERE content_at IS NOT NULL GROUP BY 1, 2`,
    )
    .execute(db);
  if (pg) await postgresTriggers(db);
  else await sqliteTriggers(db);

  await withId(db, db.schema.createTable('public_usage'))
    /** interview | recording | transcription */
    .addColumn('kind', 'text', notNull)
    .addColumn('address', 'text', notNull)
    .addColumn('submission_id', 'integer')
    /** epoch milliseconds */
    .addColumn('started_at', 'bigint', notNull)
    /** epoch milliseconds; null while an interview runs */
    .addColumn('ended_at', 'bigint')
    /** audio seconds this entry counts against the hourly budget (recordings: known at once) */
    .addColumn('seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('public_usage_kind_started').on('public_usage').columns(['kind', 'started_at']).execute();
  await db.schema
    .createIndex('public_usage_address')
    .on('public_usage')
    .columns(['address', 'kind', 'started_at'])
    .execute();
  await db.schema
    .createIndex('public_usage_submission')
    .on('public_usage')
    .columns(['submission_id', 'kind'])
    .execute();
}

const sqliteWeek = (col: string) => `date(${col}, '-6 days', 'weekday 1')`;
const postgresWeek = (col: string) =>
  `to_char(date_trunc('week', (${col})::timestamptz at time zone 'UTC'), 'YYYY-MM-DD')`;

/** SQL that is true when the row (alias `r`) holds content of its own (0029 reuses it). */
export function hasContent(r: string): string {
  return `(nullif(trim(coalesce(${r}.transcript, '')), '') IS NOT NULL OR ${r}.w_answers IS NOT NULL
    OR ${r}.contact_first_name IS NOT NULL OR ${r}.contact_last_name IS NOT NULL OR ${r}.contact_email IS NOT NULL
    OR ${r}.post_email IS NOT NULL OR ${r}.post_link IS NOT NULL OR ${r}.post_description IS NOT NULL)`;
}

export const sqliteNow = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
export const postgresNow = `to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const sqliteStatsInsert = `INSERT INTO stats_user (tenant, user_key, user_email, submissions, media, last_activity)
       VALUES (new.tenant, coalesce(new.user_id, ''), new.user_email, 1, 0, new.created_at)
       ON CONFLICT (tenant, user_key) DO UPDATE SET submissions = stats_user.submissions + 1,
         user_email = coalesce(excluded.user_email, stats_user.user_email),
         last_activity = max(stats_user.last_activity, excluded.last_activity);
       INSERT INTO stats_week (tenant, week, submissions) VALUES (new.tenant, ${sqliteWeek('new.created_at')}, 1)
       ON CONFLICT (tenant, week) DO UPDATE SET submissions = stats_week.submissions + 1;`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const statements = [
    'DROP TRIGGER stats_submission_insert',
    'DROP TRIGGER stats_submission_delete',
    `CREATE TRIGGER content_on_insert AFTER INSERT ON submissions WHEN new.content_at IS NULL AND ${hasContent('new')} BEGIN
       UPDATE submissions SET content_at = ${sqliteNow} WHERE id = new.id;
     END`,
    `CREATE TRIGGER content_on_update AFTER UPDATE ON submissions WHEN new.content_at IS NULL AND ${hasContent('new')} BEGIN
       UPDATE submissions SET content_at = ${sqliteNow} WHERE id = new.id;
     END`,
    `CREATE TRIGGER content_on_media AFTER INSERT ON media BEGIN
       UPDATE submissions SET content_at = new.created_at WHERE id = new.submission_id AND content_at IS NULL;
     END`,
    `CREATE TRIGGER stats_submission_insert AFTER INSERT ON submissions WHEN new.content_at IS NOT NULL BEGIN ${sqliteStatsInsert} END`,
    `CREATE TRIGGER stats_submission_content AFTER UPDATE OF content_at ON submissions WHEN old.content_at IS NULL AND new.content_at IS NOT NULL BEGIN ${sqliteStatsInsert} END`,
    `CREATE TRIGGER stats_submission_delete BEFORE DELETE ON submissions BEGIN
       DELETE FROM media WHERE submission_id = old.id;
       UPDATE stats_user SET submissions = submissions - 1 WHERE old.content_at IS NOT NULL AND tenant = old.tenant AND user_key = coalesce(old.user_id, '');
       UPDATE stats_week SET submissions = submissions - 1 WHERE old.content_at IS NOT NULL AND tenant = old.tenant AND week = ${sqliteWeek('old.created_at')};
     END`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const statements = [
    'DROP TRIGGER stats_submission_insert ON submissions',
    `CREATE FUNCTION content_stamp() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
       IF NEW.content_at IS NULL AND ${hasContent('NEW')} THEN NEW.content_at := ${postgresNow}; END IF;
       RETURN NEW;
     END $$`,
    `CREATE FUNCTION content_on_media() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
       UPDATE submissions SET content_at = NEW.created_at WHERE id = NEW.submission_id AND content_at IS NULL;
       RETURN NULL;
     END $$`,
    `CREATE OR REPLACE FUNCTION stats_submission_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
       DELETE FROM media WHERE submission_id = OLD.id;
       IF OLD.content_at IS NOT NULL THEN
         UPDATE stats_user SET submissions = submissions - 1 WHERE tenant = OLD.tenant AND user_key = coalesce(OLD.user_id, '');
         UPDATE stats_week SET submissions = submissions - 1 WHERE tenant = OLD.tenant AND week = ${postgresWeek('OLD.created_at')};
       END IF;
       RETURN OLD;
     END $$`,
    `CREATE TRIGGER content_stamp BEFORE INSERT OR UPDATE ON submissions FOR EACH ROW EXECUTE FUNCTION content_stamp()`,
    `CREATE TRIGGER content_on_media AFTER INSERT ON media FOR EACH ROW EXECUTE FUNCTION content_on_media()`,
    `CREATE TRIGGER stats_submission_insert AFTER INSERT ON submissions FOR EACH ROW WHEN (NEW.content_at IS NOT NULL) EXECUTE FUNCTION stats_submission_insert()`,
    `CREATE TRIGGER stats_submission_content AFTER UPDATE ON submissions FOR EACH ROW WHEN (OLD.content_at IS NULL AND NEW.content_at IS NOT NULL) EXECUTE FUNCTION stats_submission_insert()`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.dropTable('public_usage').execute();
  // Back to 0006's triggers, which count every submission.
  if (pg) {
    for (const t of ['content_stamp', 'stats_submission_content', 'stats_submission_insert'])
      await sql.raw(`DROP TRIGGER ${t} ON submissions`).execute(db);
    await sql.raw('DROP TRIGGER content_on_media ON media').execute(db);
    for (const f of ['content_stamp', 'content_on_media']) await sql.raw(`DROP FUNCTION ${f}()`).execute(db);
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION stats_submission_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
           DELETE FROM media WHERE submission_id = OLD.id;
           UPDATE stats_user SET submissions = submissions - 1 WHERE tenant = OLD.tenant AND user_key = coalesce(OLD.user_id, '');
           UPDATE stats_week SET submissions = submissions - 1 WHERE tenant = OLD.tenant AND week = ${postgresWeek('OLD.created_at')};
           RETURN OLD;
         END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER stats_submission_insert AFTER INSERT ON submissions FOR EACH ROW EXECUTE FUNCTION stats_submission_insert()`,
      )
      .execute(db);
  } else {
    for (const t of [
      'content_on_insert',
      'content_on_update',
      'content_on_media',
      'stats_submission_content',
      'stats_submission_insert',
      'stats_submission_delete',
    ])
      await sql.raw(`DROP TRIGGER ${t}`).execute(db);
    await sql
      .raw(`CREATE TRIGGER stats_submission_insert AFTER INSERT ON submissions BEGIN ${sqliteStatsInsert} END`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER stats_submission_delete BEFORE DELETE ON submissions BEGIN
           DELETE FROM media WHERE submission_id = old.id;
           UPDATE stats_user SET submissions = submissions - 1 WHERE tenant = old.tenant AND user_key = coalesce(old.user_id, '');
           UPDATE stats_week SET submissions = submissions - 1 WHERE tenant = old.tenant AND week = ${sqliteWeek('old.created_at')};
         END`,
      )
      .execute(db);
  }
  await db.schema.dropIndex('submissions_content_created').execute();
  await db.schema.alterTable('submissions').dropColumn('content_at').execute();
}
