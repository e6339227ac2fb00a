import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { texts } from '../../common/texts';
import { writeAudit } from '../admin';
import type { SessionUser } from '../auth';
import { now } from '../db/database';
import type { DB } from '../db/schema';
import type { Deps } from '../deps';
import { DomainError } from '../http/errors';
import { enqueue } from '../jobs/queue';
import { erasePersonalLinks, eraseSubmissionLinks } from '../personal-links';
import type { BlobStore } from '../storage/blob-store';
import type { WithTenants } from '../tenants';
import { editorsOf } from './editors';
import type { OwnPerson } from './person';

type ServiceDeps = Pick<Deps, 'config' | 'db' | 'blobs' | 'mailer' | 'log'> & WithTenants;
type Editor = Pick<SessionUser, 'id' | 'email'> & { scope: string[] | null };
const t = texts.ownPage;
export const ERASURE_JOB = 'own-page.erasure';
const erasureJob = z.object({ requestId: z.number() });

/** The legal deadline: one month after the request (Art. 12(3) DSGVO). */
export function deadlineOf(at: Date): Date {
  const due = new Date(at);
  due.setUTCMonth(due.getUTCMonth() + 1);
  return due;
}

/** Where the log of erasures (ids only) is appended, beside the database; `cli restore --erasure-log` replays it. */
export const erasureLogFile = (config: Pick<Deps['config'], 'dataDir' | 'ERASURE_LOG'>) =>
  config.ERASURE_LOG ? path.resolve(config.ERASURE_LOG) : path.join(config.dataDir, 'erasure-log.jsonl');

/** The person asks: a request with its deadline, the editors told, a durable job for the deadline. */
export async function requestErasure(deps: ServiceDeps, person: OwnPerson, contentIds: number[]) {
  const open = await deps.db
    .selectFrom('erasure_requests')
    .select(['id', 'due_at'])
    .where('state', '=', 'open')
    .where((eb) =>
      eb.or([
        ...(person.email ? [eb('email', '=', person.email)] : []),
        ...(person.userId ? [eb('user_id', '=', person.userId)] : []),
      ]),
    )
    .executeTakeFirst();
  if (open) return { id: Number(open.id), dueAt: open.due_at };
  const at = new Date();
  const due = deadlineOf(at);
  const tenant = person.tenant ?? (contentIds.length ? await tenantOf(deps.db, contentIds[0]!) : null);
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('erasure_requests')
      .values({
        tenant,
        email: person.email,
        user_id: person.userId,
        submission_ids: JSON.stringify(contentIds),
        requested_at: at.toISOString(),
        due_at: due.toISOString(),
        state: 'open',
        keep_reason: null,
        decided_by_email: null,
        decided_at: null,
        executed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, null, {
      action: 'erasure.request',
      target: `erasure:${inserted.id}`,
      tenant,
      detail: { submissions: contentIds },
    });
    return inserted;
  });
  await enqueue(deps.db, ERASURE_JOB, { requestId: Number(row.id) }, { runAt: due, maxAttempts: 10 });
  if (tenant)
    for (const editor of await editorsOf(deps.db, tenant))
      await deps.mailer.send({
        to: editor,
        subject: t.erasureMailSubject,
        text: t.erasureMailText(due.toISOString().slice(0, 10), `${deps.config.baseUrl}/eingang`),
      });
  return { id: Number(row.id), dueAt: due.toISOString() };
}

async function tenantOf(db: Kysely<DB>, contentId: number): Promise<string | null> {
  const row = await db.selectFrom('submissions').select('tenant').where('id', '=', contentId).executeTakeFirst();
  return row?.tenant ?? null;
}

export function listErasures(db: Kysely<DB>, scope: string[] | null) {
  let q = db.selectFrom('erasure_requests').selectAll().orderBy('due_at');
  if (scope !== null) q = q.where('tenant', 'in', scope.length ? scope : ['']);
  return q.execute().then((rows) =>
    rows.map((r) => ({
      id: Number(r.id),
      tenant: r.tenant,
      contentIds: JSON.parse(r.submission_ids) as number[],
      requestedAt: r.requested_at,
      dueAt: r.due_at,
      state: r.state,
      keepReason: r.keep_reason,
      decidedByEmail: r.decided_by_email,
      executedAt: r.executed_at,
    })),
  );
}

async function openRequest(db: Kysely<DB>, editor: Editor, id: number) {
  const row = await db.selectFrom('erasure_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (editor.scope !== null && !editor.scope.includes(row.tenant ?? '')))
    throw new DomainError('not_found', texts.common.notFound);
  if (row.state !== 'open') throw new DomainError('conflict', t.erasureNotOpen);
  return row;
}

/** An editor records the legal reason to keep what is asked to be erased (the request then does not run). */
export async function keepForReason(deps: ServiceDeps, editor: Editor, id: number, reason: string) {
  const row = await openRequest(deps.db, editor, id);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('erasure_requests')
      .set({ state: 'kept', keep_reason: reason, decided_by_email: editor.email, decided_at: now() })
      .where('id', '=', row.id)
      .execute();
    await writeAudit(trx, editor, {
      action: 'erasure.keep',
      target: `erasure:${row.id}`,
      tenant: row.tenant,
      detail: { reason },
    });
  });
}

/** An editor confirms: the erasure runs now. */
export async function confirmErasure(deps: ServiceDeps, editor: Editor, id: number) {
  const row = await openRequest(deps.db, editor, id);
  await executeRequest(deps, Number(row.id), editor);
}

/** Runs every open request whose deadline has passed `asOf` (the job, the CLI and tests). */
export async function runDueErasures(deps: ServiceDeps, asOf = new Date()): Promise<number> {
  const due = await deps.db
    .selectFrom('erasure_requests')
    .select('id')
    .where('state', '=', 'open')
    .where('due_at', '<=', asOf.toISOString())
    .execute();
  for (const r of due) await executeRequest(deps, Number(r.id), null);
  return due.length;
}

async function executeRequest(deps: ServiceDeps, id: number, editor: Editor | null) {
  const row = await deps.db.selectFrom('erasure_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (row?.state !== 'open') return;
  const ids = JSON.parse(row.submission_ids) as number[];
  await eraseSubmissions(deps, ids, { requestId: id, email: row.email });
  // The person's personal links go too (their name and address are on them).
  if (row.email) await erasePersonalLinks(deps.db, row.email);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('erasure_requests')
      .set({ state: 'done', executed_at: now(), email: null, user_id: null, decided_by_email: editor?.email ?? null })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, editor, {
      action: 'erasure.run',
      target: `erasure:${id}`,
      tenant: row.tenant,
      detail: { submissions: ids },
    });
  });
}

/** Every blob key of the submissions: the rows' files and derived files, and whatever else lies under their prefix. */
export async function blobKeysOf(db: Kysely<DB>, blobs: BlobStore, contentIds: number[]): Promise<string[]> {
  if (contentIds.length === 0) return [];
  const keys = new Set<string>();
  const media = await db.selectFrom('media').selectAll().where('submission_id', 'in', contentIds).execute();
  for (const m of media) for (const k of [m.file_path, m.thumbnail_path, m.proxy_path]) if (k) keys.add(k);
  const items = await db
    .selectFrom('content_items')
    .select('file_key')
    .where('submission_id', 'in', contentIds)
    .execute();
  for (const i of items) if (i.file_key) keys.add(i.file_key);
  const prefixes = contentIds.map((id) => `${id}/`);
  for await (const key of blobs.list()) if (prefixes.some((p) => key.startsWith(p))) keys.add(key);
  return [...keys];
}

/**
 * Erases submissions everywhere: files and derived files (proxies, posters, clips, cards) in the
 * blob store, the rows (their consents, posts, items, approvals, publications, notes and takedowns
 * go with them; the search index follows the row), the audit entries about them and the mails to
 * the address in the outbox. The log keeps the ids only.
 */
export async function eraseSubmissions(
  deps: Pick<Deps, 'db' | 'blobs' | 'config'>,
  contentIds: number[],
  opts: { requestId: number | null; email: string | null; replay?: boolean },
): Promise<{ files: number }> {
  const keys = await blobKeysOf(deps.db, deps.blobs, contentIds);
  for (const key of keys) await deps.blobs.delete(key);
  const at = now();
  await deps.db.transaction().execute(async (trx) => {
    if (contentIds.length > 0) {
      await trx
        .deleteFrom('audit_log')
        .where(
          'target',
          'in',
          contentIds.map((id) => `submission:${id}`),
        )
        .execute();
      await trx.deleteFrom('public_usage').where('submission_id', 'in', contentIds).execute();
      await eraseSubmissionLinks(trx, contentIds);
      await trx.deleteFrom('submissions').where('id', 'in', contentIds).execute();
    }
    if (opts.email) await trx.deleteFrom('outbox').where('to_address', '=', opts.email).execute();
    if (!opts.replay)
      for (const id of contentIds)
        await trx.insertInto('erasure_log').values({ at, request_id: opts.requestId, submission_id: id }).execute();
  });
  if (!opts.replay && contentIds.length > 0)
    await appendFile(
      erasureLogFile(deps.config),
      contentIds.map((id) => `${JSON.stringify({ at, request: opts.requestId, submission: id })}\n`).join(''),
    );
  return { files: keys.length };
}

/** The job at the deadline: runs the request if it is still open. */
export function registerErasureJobs(deps: ServiceDeps & Pick<Deps, 'jobs'>): void {
  deps.jobs.register(ERASURE_JOB, erasureJob, async (job) => {
    const row = await deps.db
      .selectFrom('erasure_requests')
      .select(['state', 'due_at'])
      .where('id', '=', job.payload.requestId)
      .executeTakeFirst();
    if (row?.state !== 'open' || row.due_at > now()) return { erased: 0 };
    await executeRequest(deps, job.payload.requestId, null);
    return { erased: 1 };
  });
}
