import type { Kysely } from 'kysely';
import { texts } from '../../common/texts';
import { writeAudit } from '../admin';
import type { SessionUser } from '../auth';
import type { DB } from '../db/schema';
import type { Deps } from '../deps';
import { enqueue } from '../jobs/queue';
import { editorsOf } from './editors';
import { eraseSubmissions } from './erasure';

/** Days between the editors' warning and the deletion of an unused submission. */
export const RETENTION_WARNING_DAYS = 14;

function monthsBefore(at: Date, months: number): string {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
}

/**
 * The tenant's submissions not used within its retention months: never published (status
 * 'verwendet' or a publication record), not changed and no post version saved since the cutoff.
 * `last_used_at` is the newest of the submission's change and its posts' versions.
 */
async function dueSubmissions(db: Kysely<DB>, tenant: string, months: number, asOf: Date) {
  const cutoff = monthsBefore(asOf, months);
  const rows = await db
    .selectFrom('submissions')
    .select((eb) => [
      'id',
      'updated_at',
      'retention_warned_at',
      eb
        .selectFrom('post_versions')
        .innerJoin('posts', 'posts.id', 'post_versions.post_id')
        .whereRef('posts.submission_id', '=', 'submissions.id')
        .select((e) => e.fn.max('post_versions.created_at').as('at'))
        .as('post_at'),
    ])
    .where('tenant', '=', tenant)
    .where('status', '<>', 'verwendet')
    .where('updated_at', '<', cutoff)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('post_publications')
            .select('id')
            .whereRef('post_publications.submission_id', '=', 'submissions.id'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('post_versions')
            .innerJoin('posts', 'posts.id', 'post_versions.post_id')
            .select('post_versions.id')
            .whereRef('posts.submission_id', '=', 'submissions.id')
            .where('post_versions.created_at', '>=', cutoff),
        ),
      ),
    )
    .orderBy('updated_at')
    .execute();
  return rows.map((r) => {
    const lastUsedAt = r.post_at && r.post_at > r.updated_at ? r.post_at : r.updated_at;
    // A warning counts for this period only: one sent before a later use is spent.
    const warnedAt = r.retention_warned_at && r.retention_warned_at > lastUsedAt ? r.retention_warned_at : null;
    return { id: Number(r.id), lastUsedAt, warnedAt };
  });
}

async function monthsOf(db: Kysely<DB>, tenant: string): Promise<number> {
  const row = await db.selectFrom('tenants').select('retention_months').where('key', '=', tenant).executeTakeFirst();
  return Number(row?.retention_months ?? 24);
}

/** What the admin sees: the tenant's months and what is due. */
export async function retentionOf(db: Kysely<DB>, tenant: string, asOf = new Date()) {
  const months = await monthsOf(db, tenant);
  const due = await dueSubmissions(db, tenant, months, asOf);
  return {
    months,
    due: due.map((r) => ({ contentId: r.id, lastUsedAt: r.lastUsedAt, warnedAt: r.warnedAt })),
  };
}

export async function setRetention(
  db: Kysely<DB>,
  admin: Pick<SessionUser, 'id' | 'email'>,
  tenant: string,
  months: number,
) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('tenants').set({ retention_months: months }).where('key', '=', tenant).execute();
    await writeAudit(trx, admin, {
      action: 'tenant.retention',
      target: `tenant:${tenant}`,
      tenant,
      detail: { months },
    });
  });
}

/**
 * Retention as of a time: due submissions are announced to the tenant's editors once, and erased
 * RETENTION_WARNING_DAYS after the warning (unless used or touched meanwhile).
 */
export async function runRetention(deps: Pick<Deps, 'db' | 'blobs' | 'config' | 'mailer'>, asOf = new Date()) {
  const tenants = await deps.db.selectFrom('tenants').select(['key', 'retention_months']).execute();
  let warned = 0;
  let erased = 0;
  for (const tenant of tenants) {
    const due = await dueSubmissions(deps.db, tenant.key, Number(tenant.retention_months), asOf);
    const fresh = due.filter((r) => !r.warnedAt);
    const ripe = due.filter(
      (r) => r.warnedAt && Date.parse(r.warnedAt) + RETENTION_WARNING_DAYS * 86_400_000 <= asOf.getTime(),
    );
    if (fresh.length > 0) {
      await deps.db
        .updateTable('submissions')
        .set({ retention_warned_at: asOf.toISOString() })
        .where(
          'id',
          'in',
          fresh.map((r) => r.id),
        )
        .execute();
      for (const editor of await editorsOf(deps.db, tenant.key))
        await deps.mailer.send({
          to: editor,
          subject: texts.ownPage.retentionMailSubject(fresh.length),
          text: texts.ownPage.retentionMailText(
            fresh.map((r) => r.id),
            RETENTION_WARNING_DAYS,
            `${deps.config.baseUrl}/eingang`,
          ),
        });
      warned += fresh.length;
    }
    if (ripe.length > 0) {
      await eraseSubmissions(
        deps,
        ripe.map((r) => r.id),
        { requestId: null, email: null },
      );
      await writeAudit(deps.db, null, {
        action: 'retention.erase',
        target: `tenant:${tenant.key}`,
        tenant: tenant.key,
        detail: { submissions: ripe.map((r) => r.id) },
      });
      erased += ripe.length;
    }
  }
  return { warned, erased };
}

export const RETENTION_JOB = 'own-page.retention';
const DAY_MS = 86_400_000;

/** Plans the next run unless one is already waiting (several instances share one chain). */
async function planNext(db: Kysely<DB>, runAt: Date): Promise<void> {
  const waiting = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', RETENTION_JOB)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  if (!waiting) await enqueue(db, RETENTION_JOB, {}, { runAt, maxAttempts: 3 });
}

/** A durable daily job: retention runs without an operator (`cli retention run` does the same at once). */
export async function registerRetentionJob(deps: Pick<Deps, 'db' | 'blobs' | 'config' | 'mailer' | 'jobs'>) {
  deps.jobs.register(RETENTION_JOB, async () => {
    const result = await runRetention(deps);
    await planNext(deps.db, new Date(Date.now() + DAY_MS));
    return result;
  });
  // The first run a while after start-up, off the busy start.
  await planNext(deps.db, new Date(Date.now() + 15 * 60_000));
}
