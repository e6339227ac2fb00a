import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Tenants to count: all (null) or the listed ones (a tenant editor's own). */
type Scope = readonly string[] | null;

/** Totals per tenant from the trigger-kept statistics table. */
export function tenantTotals(db: Kysely<DB>, scope: Scope = null) {
  return db
    .selectFrom('stats_user')
    .select((eb) => [
      'tenant',
      eb.fn.sum<number>('submissions').as('submissions'),
      eb.fn.sum<number>('media').as('media'),
      sql<number>`sum(case when user_key <> '' and submissions + media > 0 then 1 else 0 end)`.as('active_users'),
    ])
    .$if(scope !== null, (q) => q.where('tenant', 'in', scope!))
    .groupBy('tenant')
    .execute();
}

/** The `limit` most active signed-in contributors of every tenant (interviews plus uploads). */
export function topUsers(db: Kysely<DB>, limit: number, scope: Scope = null) {
  const ranked = db
    .selectFrom('stats_user')
    .select([
      'tenant',
      'user_key',
      'user_email',
      'submissions',
      'media',
      'last_activity',
      sql<number>`row_number() over (partition by tenant order by submissions + media desc, last_activity desc)`.as(
        'rank',
      ),
    ])
    .where('user_key', '<>', '')
    .where(sql<boolean>`submissions + media > 0`)
    .$if(scope !== null, (q) => q.where('tenant', 'in', scope!));
  return db
    .selectFrom(ranked.as('r'))
    .selectAll()
    .where('rank', '<=', limit)
    .orderBy('tenant')
    .orderBy('rank')
    .execute();
}

/** Submissions per tenant and week, from the given Monday on. */
export function weeklySubmissions(db: Kysely<DB>, fromWeek: string, scope: Scope = null) {
  return db
    .selectFrom('stats_week')
    .select(['tenant', 'week', 'submissions'])
    .where('week', '>=', fromWeek)
    .where('submissions', '>', 0)
    .$if(scope !== null, (q) => q.where('tenant', 'in', scope!))
    .orderBy('week')
    .execute();
}
