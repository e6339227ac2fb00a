import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { InboxFilter } from '../../common/schemas/inbox';
import type { Dialect } from '../db/database';
import { searchText } from '../db/migrations/0006b_inbox_search';
import type { DB } from '../db/schema';
import { approvalStateColumn, approvalStateIs } from '../post/queries';

/** Which tenants the caller may see: every one (null) or the listed ones. */
export type TenantScope = readonly string[] | null;

const dialectOf = (db: Kysely<DB>): Dialect => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Search in transcripts, names and e-mail addresses, through the trigram index of migration 0006b:
 * on SQLite the FTS5 table (terms of three characters or more), on PostgreSQL the pg_trgm index.
 */
function searchCondition(dialect: Dialect, q: string): Expression<SqlBool> {
  const term = q.toLowerCase();
  if (dialect === 'sqlite' && term.length >= 3 && !/[%_\\]/.test(term)) {
    return sql<SqlBool>`submissions.id in (select rowid from submissions_search where body like ${`%${term}%`})`;
  }
  const escape = dialect === 'sqlite' ? sql` escape '\\'` : sql``;
  return sql<SqlBool>`lower(${sql.raw(searchText())}) like ${likePattern(q)}${escape}`;
}

/** The WHERE clause of the inbox list and the CSV export. */
function matches(eb: ExpressionBuilder<DB, 'submissions'>, dialect: Dialect, scope: TenantScope, filter: Omit<InboxFilter, 'page'>): Expression<SqlBool> {
  // A submission that holds nothing yet (opened page, nothing sent) is not the team's business.
  const conditions: Expression<SqlBool>[] = [eb('submissions.content_at', 'is not', null)];
  if (scope) conditions.push(eb('submissions.tenant', 'in', scope));
  if (filter.tenant) conditions.push(eb('submissions.tenant', '=', filter.tenant));
  if (filter.kind) conditions.push(eb('submissions.kind', '=', filter.kind));
  if (filter.status) conditions.push(eb('submissions.status', '=', filter.status));
  if (filter.from) conditions.push(eb('submissions.created_at', '>=', filter.from));
  if (filter.to) conditions.push(eb('submissions.created_at', '<', nextDay(filter.to)));
  if (filter.q) conditions.push(searchCondition(dialect, filter.q));
  if (filter.approval) conditions.push(approvalStateIs(filter.approval));
  return eb.and(conditions);
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
] as const;

/** One page, newest first; the page's ids are chosen first, so per-row counts run for 25 rows only. */
export function listPage(db: Kysely<DB>, scope: TenantScope, filter: InboxFilter, pageSize: number) {
  const pageIds = db
    .selectFrom('submissions')
    .select('submissions.id')
    .where((eb) => matches(eb, dialectOf(db), scope, filter))
    .orderBy('submissions.created_at', 'desc')
    .orderBy('submissions.id', 'desc')
    .limit(pageSize)
    .offset((filter.page - 1) * pageSize);
  return db
    .selectFrom('submissions')
    .select((eb) => [
      ...summaryColumns,
      sql<string | null>`substr(submissions.transcript, 1, ${sql.lit(EXCERPT)})`.as('excerpt'),
      eb
        .selectFrom('media')
        .select((m) => m.fn.countAll<number>().as('n'))
        .whereRef('media.submission_id', '=', 'submissions.id')
        .where('media.kind', '<>', 'transcript')
        .as('media_count'),
      approvalStateColumn(eb),
    ])
    .where('submissions.id', 'in', pageIds)
    .orderBy('submissions.created_at', 'desc')
    .orderBy('submissions.id', 'desc')
    .execute();
}

export async function countMatching(db: Kysely<DB>, scope: TenantScope, filter: InboxFilter): Promise<number> {
  // The unfiltered views (all, or one tenant) read the trigger-kept counts instead of every row.
  if (!filter.kind && !filter.status && !filter.from && !filter.to && !filter.q && !filter.approval) {
    const tenants = filter.tenant ? [filter.tenant] : scope;
    const counted = await db
      .selectFrom('stats_user')
      .select((eb) => eb.fn.sum<number>('submissions').as('n'))
      .$if(tenants !== null, (q) => q.where('tenant', 'in', tenants!))
      .executeTakeFirst();
    return Number(counted?.n ?? 0);
  }
  const row = await db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => matches(eb, dialectOf(db), scope, filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rows for the CSV export, newest first, in batches by keyset (created_at, id). */
export function exportBatch(db: Kysely<DB>, scope: TenantScope, filter: InboxFilter, after: { createdAt: string; id: number } | null, size: number) {
  return db
    .selectFrom('submissions')
    .select((eb) => [
      ...summaryColumns,
      'submissions.post_email',
      'submissions.post_link',
      'submissions.post_description',
      'submissions.transcript',
      eb
        .selectFrom('media')
        .select((m) => m.fn.countAll<number>().as('n'))
        .whereRef('media.submission_id', '=', 'submissions.id')
        .where('media.kind', '<>', 'transcript')
        .as('media_count'),
    ])
    .where((eb) => matches(eb, dialectOf(db), scope, filter))
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('submissions.created_at', '<', after!.createdAt),
          eb.and([eb('submissions.created_at', '=', after!.createdAt), eb('submissions.id', '<', after!.id)]),
        ]),
      ),
    )
    .orderBy('submissions.created_at', 'desc')
    .orderBy('submissions.id', 'desc')
    .limit(size)
    .execute();
}

export function notesOf(db: Kysely<DB>, contentId: number) {
  return db.selectFrom('submission_notes').selectAll().where('submission_id', '=', contentId).orderBy('created_at').orderBy('id').execute();
}

export function consentsOf(db: Kysely<DB>, contentId: number) {
  return db.selectFrom('consents').selectAll().where('submission_id', '=', contentId).orderBy('given_at').orderBy('id').execute();
}
