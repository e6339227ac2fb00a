import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Substring search of the inbox (transcripts, names, e-mail addresses) through a trigram index:
 * SQLite's FTS5 trigram table kept by triggers, PostgreSQL's pg_trgm index on the same text.
 * Without pg_trgm (no permission to create it) the search still works, by scanning.
 */
export const searchText = (alias = 'submissions') =>
  ['transcript', 'contact_first_name', 'contact_last_name', 'contact_email', 'user_email']
    .map((c) => `coalesce(${alias}.${c}, '')`)
    .join(` || ' ' || `);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ ok: boolean }>`
      select exists (select 1 from pg_extension where extname = 'pg_trgm')
        or (exists (select 1 from pg_available_extensions where name = 'pg_trgm') and has_database_privilege(current_database(), 'CREATE')) as ok`.execute(
      db,
    );
    if (!rows[0]?.ok) return;
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql
      .raw(`create index submissions_search on submissions using gin ((lower(${searchText()})) gin_trgm_ops)`)
      .execute(db);
    return;
  }
  const statements = [
    `CREATE VIRTUAL TABLE submissions_search USING fts5(body, tokenize = 'trigram')`,
    `INSERT INTO submissions_search (rowid, body) SELECT id, ${searchText()} FROM submissions`,
    `CREATE TRIGGER submissions_search_insert AFTER INSERT ON submissions BEGIN
       INSERT INTO submissions_search (rowid, body) VALUES (new.id, ${searchText('new')});
     END`,
    `CREATE TRIGGER submissions_search_update AFTER UPDATE OF transcript, contact_first_name, contact_last_name, contact_email, user_email ON submissions BEGIN
       DELETE FROM submissions_search WHERE rowid = old.id;
       INSERT INTO submissions_search (rowid, body) VALUES (new.id, ${searchText('new')});
     END`,
    `CREATE TRIGGER submissions_search_delete AFTER DELETE ON submissions BEGIN
       DELETE FROM submissions_search WHERE rowid = old.id;
     END`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists submissions_search`.execute(db);
    return;
  }
  for (const t of ['submissions_search_insert', 'submissions_search_update', 'submissions_search_delete'])
    await sql.raw(`DROP TRIGGER ${t}`).execute(db);
  await sql`DROP TABLE submissions_search`.execute(db);
}
