import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { InboxFilter } from '../../common/schemas/inbox';
import type { DB } from '../db/schema';

/** Which tenants the caller may see: every one (null) or the listed ones. */
export type TenantScope = readonly string[] | null;

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE clause of the inbox list and the CSV export. */
function matches(eb: ExpressionBuilder<DB, 'submissions'>, scope: TenantScope, filter: Omit<InboxFilter, 'page'>): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (scope) conditions.push(eb('submissions.tenant', 'in', scope));
  if (filter.tenant) conditions.push(eb('submissions.tenant', '=', filter.tenant));
  if (filter.kind) conditions.push(eb('submissions.kind', '=', filter.kind));
  if (filter.status) conditions.push(eb('submissions.status', '=', filter.status));
  if (filter.from) conditions.push(eb('submissions.created_at', '>=', filter.from));
  if (filter.to) conditions.push(eb('submissions.created_at', '<', nextDay(filter.to)));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    const like = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    conditions.push(
      eb.or([
        like('submissions.transcript'),
        like('submissions.contact_first_name'),
        like('submissions.contact_last_name'),
        sql<SqlBool>`lower(coalesce(submissions.contact_first_name, '') || ' ' || coalesce(submissions.contact_last_name, '')) like ${pattern} escape '\\'`,
        like('submissions.contact_email'),
        like('submissions.user_email'),
      ]),
    );
  }
  return eb.and(conditions);
}

const EXCERPT = 160;

export function listPage(db: Kysely<DB>, scope: TenantScope, filter: InboxFilter, pageSize: number) {
  return db
    .selectFrom('submissions')
    .select((eb) => [
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
      sql<string | null>`substr(submissions.transcript, 1, ${sql.lit(EXCERPT)})`.as('excerpt'),
      eb
        .selectFrom('media')
        .select((m) => m.fn.countAll<number>().as('n'))
        .whereRef('media.submission_id', '=', 'submissions.id')
        .where('media.kind', '<>', 'transcript')
        .as('media_count'),
    ])
    .where((eb) => matches(eb, scope, filter))
    .orderBy('submissions.created_at', 'desc')
    .orderBy('submissions.id', 'desc')
    .limit(pageSize)
    .offset((filter.page - 1) * pageSize)
    .execute();
}

export async function countMatching(db: Kysely<DB>, scope: TenantScope, filter: InboxFilter): Promise<number> {
  const row = await db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => matches(eb, scope, filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rows for the CSV export, newest first, in batches by keyset (created_at, id). */
export function exportBatch(db: Kysely<DB>, scope: TenantScope, filter: InboxFilter, after: { createdAt: string; id: number } | null, size: number) {
  return db
    .selectFrom('submissions')
    .select((eb) => [
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
    .where((eb) => matches(eb, scope, filter))
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
