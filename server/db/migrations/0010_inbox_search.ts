import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Ranked word search and keyset indexes for the inbox, replacing the trigram search of 0006b.
 *
 * Both dialects index the same words the same way: the text (transcript, names, e-mail addresses)
 * is lower-cased, ASCII punctuation separates words (so `erika@example.de` is three words, like
 * SQLite's unicode61 tokenizer sees it), no stemming and no stop words (the 'simple' config).
 * - SQLite: a contentless FTS5 table (unicode61), kept by triggers; ranked with bm25().
 * - PostgreSQL: a stored tsvector column with a GIN index; ranked with ts_rank().
 * Each filter combination (tenant, kind, status; each with a date range) gets an index that
 * ends in the keyset order (created_at, id), so a page and a bounded count read only what they show.
 */
export const searchSource = (alias = 'submissions') =>
  ['transcript', 'contact_first_name', 'contact_last_name', 'contact_email', 'user_email']
    .map((c) => `coalesce(${alias}.${c}, '')`)
    .join(` || ' ' || `);

/** ASCII punctuation, each replaced by a space before PostgreSQL parses the words. */
const PUNCTUATION = `!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`;
const quoted = (s: string) => `'${s.replace(/'/g, "''")}'`;
export const postgresSearchVector = (alias = 'submissions') =>
  `to_tsvector('simple'::regconfig, translate(lower(${searchSource(alias)}), ${quoted(PUNCTUATION)}, ${quoted(' '.repeat(PUNCTUATION.length))}))`;

/** Filter columns in front of the keyset order; one index per combination of the three. */
export const filterIndexes: [string, string[]][] = [
  ['submissions_keyset', []],
  ['submissions_tenant_keyset', ['tenant']],
  ['submissions_kind_keyset', ['kind']],
  ['submissions_status_keyset', ['status']],
  ['submissions_tenant_kind_keyset', ['tenant', 'kind']],
  ['submissions_tenant_status_keyset', ['tenant', 'status']],
  ['submissions_kind_status_keyset', ['kind', 'status']],
  ['submissions_tenant_kind_status_keyset', ['tenant', 'kind', 'status']],
];
const replacedIndexes = [
  'submissions_created',
  'submissions_tenant_created',
  'submissions_status_created',
  'submissions_kind_created',
  'submissions_tenant_status_created',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of replacedIndexes) await db.schema.dropIndex(name).ifExists().execute();
  for (const [name, columns] of filterIndexes)
    await db.schema
      .createIndex(name)
      .on('submissions')
      .columns([...columns, 'created_at', 'id'])
      .execute();

  if (isPostgres(db)) {
    await sql`drop index if exists submissions_search`.execute(db);
    await sql
      .raw(`alter table submissions add column search tsvector generated always as (${postgresSearchVector()}) stored`)
      .execute(db);
    await sql`create index submissions_search_words on submissions using gin (search)`.execute(db);
    return;
  }
  const statements = [
    `DROP TRIGGER IF EXISTS submissions_search_insert`,
    `DROP TRIGGER IF EXISTS submissions_search_update`,
    `DROP TRIGGER IF EXISTS submissions_search_delete`,
    `DROP TABLE IF EXISTS submissions_search`,
    `CREATE VIRTUAL TABLE submissions_fts USING fts5(body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0')`,
    `INSERT INTO submissions_fts (rowid, body) SELECT id, ${searchSource()} FROM submissions`,
    `CREATE TRIGGER submissions_fts_insert AFTER INSERT ON submissions BEGIN
       INSERT INTO submissions_fts (rowid, body) VALUES (new.id, ${searchSource('new')});
     END`,
    `CREATE TRIGGER submissions_fts_update AFTER UPDATE OF transcript, contact_first_name, contact_last_name, contact_email, user_email ON submissions BEGIN
       DELETE FROM submissions_fts WHERE rowid = old.id;
       INSERT INTO submissions_fts (rowid, body) VALUES (new.id, ${searchSource('new')});
     END`,
    `CREATE TRIGGER submissions_fts_delete AFTER DELETE ON submissions BEGIN
       DELETE FROM submissions_fts WHERE rowid = old.id;
     END`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists submissions_search_words`.execute(db);
    await sql`alter table submissions drop column if exists search`.execute(db);
  } else {
    for (const t of ['submissions_fts_insert', 'submissions_fts_update', 'submissions_fts_delete'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
    await sql`DROP TABLE IF EXISTS submissions_fts`.execute(db);
  }
  for (const [name] of filterIndexes) await db.schema.dropIndex(name).ifExists().execute();
  // 0006b's search index is not rebuilt; the older filter indexes are.
  await db.schema.createIndex('submissions_created').on('submissions').column('created_at').execute();
  await db.schema
    .createIndex('submissions_tenant_created')
    .on('submissions')
    .columns(['tenant', 'created_at'])
    .execute();
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
}
