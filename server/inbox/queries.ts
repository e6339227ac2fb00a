import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { INBOX_COUNT_LIMIT, type InboxFilter } from '../../common/schemas/inbox';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';
import { approvalStateColumn, approvalStateIs } from './approval-state';

/** Which tenants the caller may see: every one (null) or the listed ones. */
export type { TenantScope } from '../tenants';
import type { TenantScope } from '../tenants';

/** What the list filters by; the position (cursor) is separate. */
export type ListFilter = Omit<InboxFilter, 'cursor'>;

/** A position in the newest-first order: older than (or, for `newer`, newer than) this row. */
export type Keyset = { direction: 'older' | 'newer'; createdAt: string; id: number };

const dialectOf = (db: Kysely<DB>): Dialect =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The words of a search, as both indexes of migration 0010 split text: letters and digits,
 * lower-cased. Words of three or more letters match as prefixes ("projekt" finds "Projektleiter").
 */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
}
const ftsQuery = (words: string[]) => words.map((w) => (w.length >= 3 ? `"${w}"*` : `"${w}"`)).join(' ');
const tsQuery = (words: string[]) => words.map((w) => (w.length >= 3 ? `${w}:*` : w)).join(' & ');

/** Every word of the search appears in the submission (for exports; the list ranks instead). */
function searchCondition(dialect: Dialect, words: string[]): Expression<SqlBool> {
  if (words.length === 0) return sql<SqlBool>`1 = 0`;
  if (dialect === 'sqlite')
    return sql<SqlBool>`submissions.id in (select rowid from submissions_fts where submissions_fts match ${ftsQuery(words)})`;
  return sql<SqlBool>`submissions.search @@ to_tsquery('simple', ${tsQuery(words)})`;
}

/**
 * The one place where the inbox's WHERE clause is built (list, count, search and CSV export).
 * A new filter (e.g. approval state) adds its condition here.
 */
export function filterConditions(
  eb: ExpressionBuilder<DB, 'submissions'>,
  dialect: Dialect,
  scope: TenantScope,
  filter: ListFilter,
  opts: { search?: boolean } = {},
): Expression<SqlBool>[] {
  // A submission that holds nothing yet (opened page, nothing sent) is not the team's business.
  const conditions: Expression<SqlBool>[] = [eb('submissions.content_at', 'is not', null)];
  if (scope) conditions.push(eb('submissions.tenant', 'in', scope));
  if (filter.tenant) conditions.push(eb('submissions.tenant', '=', filter.tenant));
  if (filter.kind) conditions.push(eb('submissions.kind', '=', filter.kind));
  if (filter.status) conditions.push(eb('submissions.status', '=', filter.status));
  if (filter.from) conditions.push(eb('submissions.created_at', '>=', filter.from));
  if (filter.to) conditions.push(eb('submissions.created_at', '<', nextDay(filter.to)));
  if (filter.q && opts.search !== false) conditions.push(searchCondition(dialect, searchWords(filter.q)));
  if (filter.approval) conditions.push(approvalStateIs(filter.approval));
  if (filter.campaign) conditions.push(eb('submissions.campaign_id', '=', filter.campaign));
  return conditions;
}

const EXCERPT = 160;

/** What the list and the CSV export both show of a submission. */
const summaryColumns = [
  'submissions.id',
  'submissions.tenant',
  'submissions.kind',
  'submissions.status',
  'submissions.topic',
  'submissions.created_at',
  'submissions.completed_at',
  'submissions.user_email',
  'submissions.contact_first_name',
  'submissions.contact_last_name',
  'submissions.contact_email',
  'submissions.campaign_id',
  'submissions.consent_withdrawn_at',
] as const;

const mediaCount = (eb: ExpressionBuilder<DB, 'submissions'>) =>
  eb
    .selectFrom('media')
    .select((m) => m.fn.countAll<number>().as('n'))
    .whereRef('media.submission_id', '=', 'submissions.id')
    .where('media.kind', '<>', 'transcript')
    .as('media_count');

const keysetCondition = (eb: ExpressionBuilder<DB, 'submissions'>, at: Keyset) =>
  eb(
    eb.refTuple('submissions.created_at', 'submissions.id'),
    at.direction === 'older' ? '<' : '>',
    eb.tuple(at.createdAt, at.id),
  );

/**
 * One page of the list without search, newest first, by keyset: `limit` rows after `at` (one
 * more than shown tells whether there is a next page). The page's ids are chosen through the
 * index of the filter combination first, so the per-row media counts run for those rows only.
 * Rows come back newest first in both directions.
 */
export async function listPage(
  db: Kysely<DB>,
  scope: TenantScope,
  filter: ListFilter,
  at: Keyset | null,
  limit: number,
) {
  const dialect = dialectOf(db);
  const newer = at?.direction === 'newer';
  const order = newer ? 'asc' : 'desc';
  const pageIds = db
    .selectFrom('submissions')
    .select('submissions.id')
    .where((eb) => eb.and([...filterConditions(eb, dialect, scope, filter), ...(at ? [keysetCondition(eb, at)] : [])]))
    .orderBy('submissions.created_at', order)
    .orderBy('submissions.id', order)
    .limit(limit);
  const rows = await db
    .selectFrom('submissions')
    .select((eb) => [
      ...summaryColumns,
      sql<string | null>`substr(submissions.transcript, 1, ${sql.lit(EXCERPT)})`.as('excerpt'),
      mediaCount(eb),
      approvalStateColumn(eb),
    ])
    .where('submissions.id', 'in', pageIds)
    .orderBy('submissions.created_at', order)
    .orderBy('submissions.id', order)
    .execute();
  return newer ? rows.reverse() : rows;
}

/**
 * A ranked page of search results: the newest INBOX_COUNT_LIMIT + 1 submissions that contain
 * every word (found through the word index, newest first, with a limit), ranked by relevance
 * (bm25 on SQLite, ts_rank on PostgreSQL), then `limit` of them from `offset`. `total` is the
 * number of those hits, so it stops at INBOX_COUNT_LIMIT + 1: nothing counts all matches.
 */
export async function searchPage(
  db: Kysely<DB>,
  scope: TenantScope,
  filter: ListFilter,
  offset: number,
  limit: number,
) {
  const dialect = dialectOf(db);
  const words = searchWords(filter.q ?? '');
  if (words.length === 0) return [];
  const candidates = INBOX_COUNT_LIMIT + 1;
  const filtered = !!(
    scope ||
    filter.tenant ||
    filter.kind ||
    filter.status ||
    filter.from ||
    filter.to ||
    filter.campaign
  );
  const where = (eb: ExpressionBuilder<DB, 'submissions'>) =>
    eb.and(filterConditions(eb, dialect, scope, filter, { search: false }));
  const search = db.withTables<{ submissions_fts: { rowid: number }; filtered: { id: number } }>();
  const ranked = (hits: ReturnType<typeof sqliteHits>) =>
    search
      .with('filtered', (q) => q.selectFrom('submissions').select('submissions.id').where(where))
      .with('hits', () => hits)
      .with('ranked', (q) =>
        q
          .selectFrom('hits')
          .select(['hits.id', 'hits.score', sql<number>`count(*) over ()`.as('total')])
          .orderBy('hits.score', 'desc')
          .orderBy('hits.id', 'desc')
          .limit(limit)
          .offset(offset),
      );
  /**
   * SQLite: the word index drives, newest first. With filters, the filtered ids (read through
   * the filter's index) bound the rowid range the word index walks and are checked in memory
   * (`+rowid`: a set lookup, not a lookup per row in the wide submissions table).
   */
  function sqliteHits() {
    return search
      .selectFrom('submissions_fts')
      .select([sql<number>`submissions_fts.rowid`.as('id'), sql<number>`-bm25(submissions_fts)`.as('score')])
      .where(sql<SqlBool>`submissions_fts match ${ftsQuery(words)}`)
      .$if(filtered, (q) =>
        q
          .where(sql<SqlBool>`submissions_fts.rowid >= (select min(id) from filtered)`)
          .where(sql<SqlBool>`submissions_fts.rowid <= (select max(id) from filtered)`)
          .where(sql<SqlBool>`+submissions_fts.rowid in (select id from filtered)`),
      )
      .orderBy(sql`submissions_fts.rowid`, 'desc')
      .limit(candidates);
  }
  /**
   * PostgreSQL: the planner picks the GIN index (rare words) or the keyset index (common ones) to
   * find the newest candidates; ts_rank then runs over those candidates only, not over every
   * match the index returned (ranking 9,000 matches of two common words cost 40 ms).
   */
  const postgresHits = () =>
    search
      .with('newest', (q) =>
        q
          .selectFrom('submissions')
          .select('submissions.id')
          .where(sql<SqlBool>`submissions.search @@ to_tsquery('simple', ${tsQuery(words)})`)
          .where(where)
          .orderBy('submissions.created_at', 'desc')
          .orderBy('submissions.id', 'desc')
          .limit(candidates),
      )
      .selectFrom('newest')
      .innerJoin('submissions', 'submissions.id', 'newest.id')
      .select([
        'submissions.id',
        sql<number>`ts_rank(submissions.search, to_tsquery('simple', ${tsQuery(words)}), 2)`.as('score'),
      ]);
  return ranked(dialect === 'sqlite' ? sqliteHits() : (postgresHits() as unknown as ReturnType<typeof sqliteHits>))
    .selectFrom('ranked')
    .innerJoin('submissions', 'submissions.id', 'ranked.id')
    .select((eb) => [
      ...summaryColumns,
      sql<string | null>`substr(submissions.transcript, 1, ${sql.lit(EXCERPT)})`.as('excerpt'),
      mediaCount(eb as unknown as ExpressionBuilder<DB, 'submissions'>),
      approvalStateColumn(eb as unknown as ExpressionBuilder<DB, 'submissions'>),
      'ranked.total',
    ])
    .orderBy('ranked.score', 'desc')
    .orderBy('ranked.id', 'desc')
    .execute();
}

/**
 * How many submissions match, counted up to INBOX_COUNT_LIMIT + 1 through the filter's index.
 * The unfiltered views (all, or one tenant) read the trigger-kept counts and are exact.
 */
export async function countMatching(db: Kysely<DB>, scope: TenantScope, filter: ListFilter): Promise<number> {
  if (
    !filter.kind &&
    !filter.status &&
    !filter.from &&
    !filter.to &&
    !filter.q &&
    !filter.approval &&
    !filter.campaign
  ) {
    const tenants = filter.tenant ? [filter.tenant] : scope;
    const counted = await db
      .selectFrom('stats_user')
      .select((eb) => eb.fn.sum<number>('submissions').as('n'))
      .$if(tenants !== null, (q) => q.where('tenant', 'in', tenants!))
      .executeTakeFirst();
    return Number(counted?.n ?? 0);
  }
  const dialect = dialectOf(db);
  const bounded = db
    .selectFrom('submissions')
    .select(sql.lit(1).as('one'))
    .where((eb) => eb.and(filterConditions(eb, dialect, scope, filter)))
    .limit(INBOX_COUNT_LIMIT + 1);
  const row = await db
    .selectFrom(bounded.as('matching'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rows for the CSV export, newest first, in batches by keyset (created_at, id). */
export function exportBatch(
  db: Kysely<DB>,
  scope: TenantScope,
  filter: ListFilter,
  after: { createdAt: string; id: number } | null,
  size: number,
) {
  const dialect = dialectOf(db);
  return db
    .selectFrom('submissions')
    .select((eb) => [
      ...summaryColumns,
      'submissions.post_email',
      'submissions.post_link',
      'submissions.post_description',
      'submissions.transcript',
      mediaCount(eb),
    ])
    .where((eb) =>
      eb.and([
        ...filterConditions(eb, dialect, scope, filter),
        ...(after ? [keysetCondition(eb, { direction: 'older', ...after })] : []),
      ]),
    )
    .orderBy('submissions.created_at', 'desc')
    .orderBy('submissions.id', 'desc')
    .limit(size)
    .execute();
}

export function notesOf(db: Kysely<DB>, contentId: number) {
  return db
    .selectFrom('submission_notes')
    .selectAll()
    .where('submission_id', '=', contentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function consentsOf(db: Kysely<DB>, contentId: number) {
  return db
    .selectFrom('consents')
    .selectAll()
    .where('submission_id', '=', contentId)
    .orderBy('given_at')
    .orderBy('id')
    .execute();
}
