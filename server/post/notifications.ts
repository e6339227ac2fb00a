import type { NotificationPrefs } from '../../common/schemas/post';
import { texts } from '../../common/texts';
import type { SessionUser } from '../auth';
import { writeAudit } from '../admin';
import { now } from '../db/database';
import { enqueue } from '../jobs/queue';
import { accessFrom, editorScope, type WithTenants } from '../tenants';
import { claimKey, completedSince, editorsWithNotifications } from './queries';
import { z } from 'zod';
import type { Deps } from '../deps';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'config' | 'db' | 'jobs' | 'log' | 'mailer'> & WithTenants;

const t = texts.post;
export const NEW_SUBMISSION_JOB = 'post.notify-new';
export const DIGEST_JOB = 'post.digest';
const DAY_MS = 86_400_000;

const newSubmissionJob = z.object({ userId: z.string(), contentId: z.number() });
const digestJob = z.object({ userId: z.string(), day: z.string(), until: z.string() });
type NewSubmissionJob = z.infer<typeof newSubmissionJob>;
type DigestJob = z.infer<typeof digestJob>;

/** Date (YYYY-MM-DD) and hour in the editors' time zone. */
export function localTime(at: Date, timeZone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

const scopeOf = (user: { role: string | null; member_tenant?: string | null; member_role?: string | null }) =>
  editorScope(accessFrom(user.role, { tenant: user.member_tenant ?? null, role: user.member_role ?? null }));

export async function getPrefs(deps: ServiceDeps, user: SessionUser): Promise<NotificationPrefs> {
  const row = await deps.db
    .selectFrom('notification_prefs')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return row
    ? { mode: row.mode as NotificationPrefs['mode'], digestHour: Number(row.digest_hour) }
    : { mode: 'none', digestHour: 8 };
}

export async function setPrefs(deps: ServiceDeps, user: SessionUser, prefs: NotificationPrefs): Promise<void> {
  const at = now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notification_prefs')
      .values({ user_id: user.id, mode: prefs.mode, digest_hour: prefs.digestHour, updated_at: at })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ mode: prefs.mode, digest_hour: prefs.digestHour, updated_at: at }),
      )
      .execute();
    await writeAudit(trx, user, {
      action: 'account.notifications',
      target: `user:${user.id}`,
      detail: { mode: prefs.mode, digestHour: prefs.digestHour },
    });
  });
}

/**
 * Looks for notifications due at `at` and enqueues each as a durable job. Every notification has
 * a key (new:<user>:<submission>, digest:<user>:<day>) claimed in the same transaction as the job,
 * so however many instances look, each goes out once.
 */
export async function scheduleNotifications(deps: ServiceDeps, at = new Date()): Promise<number> {
  const editors = await editorsWithNotifications(deps.db);
  const iso = at.toISOString();
  let queued = 0;
  for (const editor of editors) {
    if (editor.banned || (scopeOf(editor)?.length ?? 1) === 0) continue;
    if (editor.mode === 'immediate') {
      const since = [editor.updated_at, new Date(at.getTime() - 2 * DAY_MS).toISOString()].sort().at(-1)!;
      for (const s of await completedSince(deps.db, scopeOf(editor), since, iso)) {
        queued += await claimAndEnqueue(deps, `new:${editor.id}:${s.id}`, NEW_SUBMISSION_JOB, {
          userId: editor.id,
          contentId: Number(s.id),
        } satisfies NewSubmissionJob);
      }
    } else if (editor.mode === 'digest') {
      const local = localTime(at, deps.config.NOTIFY_TIME_ZONE);
      if (local.hour < Number(editor.digest_hour)) continue;
      queued += await claimAndEnqueue(deps, `digest:${editor.id}:${local.day}`, DIGEST_JOB, {
        userId: editor.id,
        day: local.day,
        until: iso,
      } satisfies DigestJob);
    }
  }
  if (queued) deps.jobs.nudge();
  // Keys older than the look-back of both kinds can no longer be claimed again.
  await deps.db
    .deleteFrom('notification_keys')
    .where('created_at', '<', new Date(at.getTime() - 7 * DAY_MS).toISOString())
    .execute();
  return queued;
}

async function claimAndEnqueue(deps: ServiceDeps, key: string, kind: string, payload: unknown): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await claimKey(trx, key, now()))) return 0;
    await enqueue(trx, kind, payload, { maxAttempts: 5 });
    return 1;
  });
}

async function recipient(deps: ServiceDeps, userId: string) {
  const user = await deps.db
    .selectFrom('user')
    .leftJoin('memberships', 'memberships.user_id', 'user.id')
    .select([
      'user.email',
      'user.role',
      'user.banned',
      'memberships.tenant as member_tenant',
      'memberships.role as member_role',
    ])
    .where('user.id', '=', userId)
    .executeTakeFirst();
  return user && !user.banned ? user : null;
}

export function registerNotificationJobs(deps: ServiceDeps): void {
  deps.jobs.register(NEW_SUBMISSION_JOB, newSubmissionJob, async (job) => {
    const { userId, contentId } = job.payload;
    const user = await recipient(deps, userId);
    const row = await deps.db
      .selectFrom('submissions')
      .select(['id', 'tenant', 'kind'])
      .where('id', '=', contentId)
      .executeTakeFirst();
    const scope = user ? scopeOf(user) : [];
    if (!user || !row || (scope !== null && !scope.includes(row.tenant))) return { sent: 0 };
    const tenantName = (await deps.tenantRegistry.fresh()).displayName(row.tenant);
    await deps.mailer.send({
      to: user.email,
      subject: t.newSubmissionSubject(contentId, tenantName),
      text: t.newSubmissionText(
        contentId,
        tenantName,
        texts.admin.kinds[row.kind] ?? row.kind,
        `${deps.config.baseUrl}/eingang/${contentId}`,
      ),
    });
    return { sent: 1 };
  });

  deps.jobs.register(DIGEST_JOB, digestJob, async (job) => {
    const { userId, day, until } = job.payload;
    const user = await recipient(deps, userId);
    if (!user) return { sent: 0 };
    const since = new Date(Date.parse(until) - DAY_MS).toISOString();
    const rows = await completedSince(deps.db, scopeOf(user), since, until);
    if (rows.length === 0) return { sent: 0 };
    const tenants = await deps.tenantRegistry.fresh();
    const lines = rows.map(
      (r) =>
        `${r.id} · ${tenants.displayName(r.tenant)} · ${texts.admin.kinds[r.kind] ?? r.kind}: ${deps.config.baseUrl}/eingang/${r.id}`,
    );
    await deps.mailer.send({
      to: user.email,
      subject: t.digestSubject(rows.length, day.split('-').reverse().join('.')),
      text: t.digestText(lines),
    });
    return { sent: 1, submissions: rows.length };
  });
}

/** Each instance looks now and then; the keys above keep the mails single. */
export function startNotificationScheduler(deps: ServiceDeps): () => void {
  const timer = setInterval(() => {
    scheduleNotifications(deps).catch((error) => deps.log.warn({ err: error }, 'notification check failed'));
  }, deps.config.NOTIFY_CHECK_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
