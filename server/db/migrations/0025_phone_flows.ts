import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * The admin's and editors' upload counts are what people uploaded: the recordings the app makes
 * itself (kind 'audio': an interview's recording per take, a voice message) no longer count, like
 * the transcript files before (issue 31). The statistics triggers of 0006 get the new condition
 * and the counts are recomputed from the media rows.
 */
const counted = (row: string) => `${row}.kind NOT IN ('transcript', 'audio')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await triggers(db, counted);
  await recount(db, counted('m'));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const old = (row: string) => `${row}.kind <> 'transcript'`;
  await triggers(db, old);
  await recount(db, old('m'));
}

async function triggers(db: Kysely<unknown>, condition: (row: string) => string): Promise<void> {
  const pg = isPostgres(db);
  for (const t of ['stats_media_insert', 'stats_media_delete'])
    await sql.raw(`DROP TRIGGER ${t}${pg ? ' ON media' : ''}`).execute(db);
  if (pg) {
    // The functions of 0006 stay; only the triggers' conditions change.
    await sql
      .raw(
        `CREATE TRIGGER stats_media_insert AFTER INSERT ON media FOR EACH ROW WHEN (${condition('NEW')}) EXECUTE FUNCTION stats_media_insert()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER stats_media_delete AFTER DELETE ON media FOR EACH ROW WHEN (${condition('OLD')}) EXECUTE FUNCTION stats_media_delete()`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE TRIGGER stats_media_insert AFTER INSERT ON media WHEN ${condition('new')} BEGIN
       INSERT INTO stats_user (tenant, user_key, user_email, submissions, media, last_activity)
       SELECT s.tenant, coalesce(s.user_id, ''), s.user_email, 0, 1, new.created_at FROM submissions s WHERE s.id = new.submission_id
       ON CONFLICT (tenant, user_key) DO UPDATE SET media = stats_user.media + 1,
         last_activity = max(stats_user.last_activity, excluded.last_activity);
     END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER stats_media_delete AFTER DELETE ON media WHEN ${condition('old')} BEGIN
       UPDATE stats_user SET media = media - 1
       WHERE (tenant, user_key) = (SELECT tenant, coalesce(user_id, '') FROM submissions WHERE id = old.submission_id);
     END`,
    )
    .execute(db);
}

async function recount(db: Kysely<unknown>, condition: string): Promise<void> {
  await sql
    .raw(
      `UPDATE stats_user SET media = (
         SELECT count(*) FROM media m JOIN submissions s ON s.id = m.submission_id
         WHERE s.tenant = stats_user.tenant AND coalesce(s.user_id, '') = stats_user.user_key AND ${condition})`,
    )
    .execute(db);
}
