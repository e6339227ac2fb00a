import { sql, type Kysely } from 'kysely';
import { isPostgres, notNull, withId } from './helpers';

/**
 * Editorial notes, the audit log, indexes for the inbox filters, and two small statistics tables
 * kept up to date by triggers, so the admin dashboard reads a few hundred rows instead of grouping
 * every submission and media row on each request. Transcript files do not count as uploads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('submission_notes'))
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('author_id', 'text', notNull)
    .addColumn('author_email', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('submission_notes_submission').on('submission_notes').column('submission_id').execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'text', notNull)
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('action', 'text', notNull)
    .addColumn('target', 'text', notNull)
    .addColumn('tenant', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').column('target').execute();

  // Inbox filters: each filter column together with the sort column.
  await db.schema
    .createIndex('submissions_status_created')
    .on('submissions')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('submissions_kind_created').on('submissions').columns(['kind', 'created_at']).execute();
  await db.schema
    .createIndex('submissions_tenant_status_created')
    .on('submissions')
    .columns(['tenant', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('media_submission_kind').on('media').columns(['submission_id', 'kind']).execute();

  // user_key is the user id, '' for anonymous submissions.
  await db.schema
    .createTable('stats_user')
    .addColumn('tenant', 'text', notNull)
    .addColumn('user_key', 'text', notNull)
    .addColumn('user_email', 'text')
    .addColumn('submissions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('media', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_activity', 'text', notNull)
    .addPrimaryKeyConstraint('stats_user_pk', ['tenant', 'user_key'])
    .execute();
  // week is the Monday (UTC) starting the week, YYYY-MM-DD.
  await db.schema
    .createTable('stats_week')
    .addColumn('tenant', 'text', notNull)
    .addColumn('week', 'text', notNull)
    .addColumn('submissions', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_week_pk', ['tenant', 'week'])
    .execute();

  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
  await backfill(db);
}

const sqliteWeek = (col: string) => `date(${col}, '-6 days', 'weekday 1')`;
const postgresWeek = (col: string) =>
  `to_char(date_trunc('week', (${col})::timestamptz at time zone 'UTC'), 'YYYY-MM-DD')`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `CREATE TRIGGER stats_submission_insert AFTER INSERT ON submissions BEGIN
       INSERT INTO stats_user (tenant, user_key, user_email, submissions, media, last_activity)
       VALUES (new.tenant, coalesce(new.user_id, ''), new.user_email, 1, 0, new.created_at)
       ON CONFLICT (tenant, user_key) DO UPDATE SET submissions = stats_user.submissions + 1,
         user_email = coalesce(excluded.user_email, stats_user.user_email),
         last_activity = max(stats_user.last_activity, excluded.last_activity);
       INSERT INTO stats_week (tenant, week, submissions) VALUES (new.tenant, ${sqliteWeek('new.created_at')}, 1)
       ON CONFLICT (tenant, week) DO UPDATE SET submissions = stats_week.submissions + 1;
     END`,
    // Removing the media first lets their own trigger find the submission they belonged to.
    `CREATE TRIGGER stats_submission_delete BEFORE DELETE ON submissions BEGIN
       DELETE FROM media WHERE submission_id = old.id;
       UPDATE stats_user SET submissions = submissions - 1 WHERE tenant = old.tenant AND user_key = coalesce(old.user_id, '');
       UPDATE stats_week SET submissions = submissions - 1 WHERE tenant = old.tenant AND week = ${sqliteWeek('old.created_at')};
     END`,
    `CREATE TRIGGER stats_media_insert AFTER INSERT ON media WHEN new.kind <> 'transcript' BEGIN
       INSERT INTO stats_user (tenant, user_key, user_email, submissions, media, last_activity)
       SELECT s.tenant, coalesce(s.user_id, ''), s.user_email, 0, 1, new.created_at FROM submissions s WHERE s.id = new.submission_id
       ON CONFLICT (tenant, user_key) DO UPDATE SET media = stats_user.media + 1,
         last_activity = max(stats_user.last_activity, excluded.last_activity);
     END`,
    `CREATE TRIGGER stats_media_delete AFTER DELETE ON media WHEN old.kind <> 'transcript' BEGIN
       UPDATE stats_user SET media = media - 1
       WHERE (tenant, user_key) = (SELECT tenant, coalesce(user_id, '') FROM submissions WHERE id = old.submission_id);
     END`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `CREATE FUNCTION stats_submission_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
       INSERT INTO stats_user (tenant, user_key, user_email, submissions, media, last_activity)
       VALUES (NEW.tenant, coalesce(NEW.user_id, ''), NEW.user_email, 1, 0, NEW.created_at)
       ON CONFLICT (tenant, user_key) DO UPDATE SET submissions = stats_user.submissions + 1,
         user_email = coalesce(excluded.user_email, stats_user.user_email),
         last_activity = greatest(stats_user.last_activity, excluded.last_activity);
       INSERT INTO stats_week (tenant, week, submissions) VALUES (NEW.tenant, ${postgresWeek('NEW.created_at')}, 1)
       ON CONFLICT (tenant, week) DO UPDATE SET submissions = stats_week.submissions + 1;
       RETURN NULL;
     END $$`,
    `CREATE FUNCTION stats_submission_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
       DELETE FROM media WHERE submission_id = OLD.id;
       UPDATE stats_user SET submissions = submissions - 1 WHERE tenant = OLD.tenant AND user_key = coalesce(OLD.user_id, '');
       UPDATE stats_week SET submissions = submissions - 1 WHERE tenant = OLD.tenant AND week = ${postgresWeek('OLD.created_at')};
       RETURN OLD;
     END $$`,
    `CREATE FUNCTION stats_media_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
       INSERT INTO stats_user (tenant, user_key, user_email, submissions, media, last_activity)
       SELECT s.tenant, coalesce(s.user_id, ''), s.user_email, 0, 1, NEW.created_at FROM submissions s WHERE s.id = NEW.submission_id
       ON CONFLICT (tenant, user_key) DO UPDATE SET media = stats_user.media + 1,
         last_activity = greatest(stats_user.last_activity, excluded.last_activity);
       RETURN NULL;
     END $$`,
    `CREATE FUNCTION stats_media_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
       UPDATE stats_user SET media = media - 1
       WHERE (tenant, user_key) = (SELECT tenant, coalesce(user_id, '') FROM submissions WHERE id = OLD.submission_id);
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER stats_submission_insert AFTER INSERT ON submissions FOR EACH ROW EXECUTE FUNCTION stats_submission_insert()`,
    `CREATE TRIGGER stats_submission_delete BEFORE DELETE ON submissions FOR EACH ROW EXECUTE FUNCTION stats_submission_delete()`,
    `CREATE TRIGGER stats_media_insert AFTER INSERT ON media FOR EACH ROW WHEN (NEW.kind <> 'transcript') EXECUTE FUNCTION stats_media_insert()`,
    `CREATE TRIGGER stats_media_delete AFTER DELETE ON media FOR EACH ROW WHEN (OLD.kind <> 'transcript') EXECUTE FUNCTION stats_media_delete()`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

/** Counts what existed before this migration. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const greatest = pg ? 'greatest' : 'max';
  await sql
    .raw(
      `INSERT INTO stats_user (tenant, user_key, user_email, submissions, media, last_activity)
       SELECT s.tenant, coalesce(s.user_id, ''), max(s.user_email), count(*), coalesce(sum(m.n), 0), ${greatest}(max(s.created_at), coalesce(max(m.last), ''))
       FROM submissions s
       LEFT JOIN (SELECT submission_id, count(*) AS n, max(created_at) AS last FROM media WHERE kind <> 'transcript' GROUP BY submission_id) m
         ON m.submission_id = s.id
       GROUP BY s.tenant, coalesce(s.user_id, '')`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO stats_week (tenant, week, submissions)
       SELECT tenant, ${pg ? postgresWeek('created_at') : sqliteWeek('created_at')} AS week, count(*) FROM submissions GROUP BY 1, 2`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const t of ['stats_submission_insert', 'stats_submission_delete'])
    await sql.raw(`DROP TRIGGER ${t}${pg ? ' ON submissions' : ''}`).execute(db);
  for (const t of ['stats_media_insert', 'stats_media_delete'])
    await sql.raw(`DROP TRIGGER ${t}${pg ? ' ON media' : ''}`).execute(db);
  if (pg)
    for (const f of ['stats_submission_insert', 'stats_submission_delete', 'stats_media_insert', 'stats_media_delete'])
      await sql.raw(`DROP FUNCTION ${f}()`).execute(db);
  for (const t of ['stats_week', 'stats_user', 'audit_log', 'submission_notes']) await db.schema.dropTable(t).execute();
  for (const i of [
    'submissions_status_created',
    'submissions_kind_created',
    'submissions_tenant_status_created',
    'media_submission_kind',
  ])
    await db.schema.dropIndex(i).execute();
}
