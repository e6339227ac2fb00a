import type { Kysely } from 'kysely';
import { texts } from '../../common/texts';
import { writeAudit } from '../admin';
import type { SessionUser } from '../auth';
import { now } from '../db/database';
import type { DB } from '../db/schema';
import type { Deps } from '../deps';
import { editorsOf } from './editors';
import { eraseSubmissions } from './erasure';

/** Days between the editors' warning and the deletion of an unused submission. */
export const RETENTION_WARNING_DAYS = 14;

function monthsBefore(at: Date, months: number): string {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
}

/** The tenant's submissions not used (never published) and untouched for its retention months. */
async function dueSubmissions(db: Kysely<DB>, tenant: string, months: number, asOf: Date) {
  return db
    .selectFrom('submissions')
    .select(['id', 'updated_at', 'retention_warned_at'])
    .where('tenant', '=', tenant)
    .where('status', '<>', 'verwendet')
    .where('updated_at', '<', monthsBefore(asOf, months))
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
    .orderBy('updated_at')
    .execute();
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
    due: due.map((r) => ({
      contentId: Number(r.id),
      lastUsedAt: r.updated_at,
      warnedAt: r.retention_warned_at ?? null,
    })),
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
    const fresh = due.filter((r) => !r.retention_warned_at);
    const ripe = due.filter(
      (r) =>
        r.retention_warned_at &&
        Date.parse(r.retention_warned_at) + RETENTION_WARNING_DAYS * 86_400_000 <= asOf.getTime(),
    );
    if (fresh.length > 0) {
      await deps.db
        .updateTable('submissions')
        .set({ retention_warned_at: now() })
        .where(
          'id',
          'in',
          fresh.map((r) => Number(r.id)),
        )
        .execute();
      for (const editor of await editorsOf(deps.db, tenant.key))
        await deps.mailer.send({
          to: editor,
          subject: texts.ownPage.retentionMailSubject(fresh.length),
          text: texts.ownPage.retentionMailText(
            fresh.map((r) => Number(r.id)),
            RETENTION_WARNING_DAYS,
            `${deps.config.baseUrl}/eingang`,
          ),
        });
      warned += fresh.length;
    }
    if (ripe.length > 0) {
      await eraseSubmissions(
        deps,
        ripe.map((r) => Number(r.id)),
        { requestId: null, email: null },
      );
      await writeAudit(deps.db, null, {
        action: 'retention.erase',
        target: `tenant:${tenant.key}`,
        tenant: tenant.key,
        detail: { submissions: ripe.map((r) => Number(r.id)) },
      });
      erased += ripe.length;
    }
  }
  return { warned, erased };
}
