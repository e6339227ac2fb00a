import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { editorRoles } from '../../common/roles';
import {
  INBOX_PAGE_SIZE,
  type InboxDetail,
  type InboxFilter,
  type InboxItem,
  type InboxPage,
  type SubmissionStatus,
} from '../../common/schemas/inbox';
import { tenantKeys } from '../../common/tenants';
import { texts } from '../../common/texts';
import { requireRole, type SessionUser } from '../auth/session';
import { now } from '../db/database';
import type { SubmissionTable } from '../db/schema';
import { DomainError } from '../http/errors';
import { writeAudit } from '../admin/audit';
import { findSubmission, listMedia } from '../submissions/queries';
import { editsTenant } from '../submissions/service';
import { consentsOf, countMatching, listPage, notesOf, type TenantScope } from './queries';

export type Editor = SessionUser & { scope: TenantScope };

/** Admins and vdi_admins only; the scope holds the tenants the editor may see (null: all). */
export async function requireEditor(request: FastifyRequest, reply: FastifyReply): Promise<Editor> {
  const user = await requireRole(request, reply, editorRoles);
  const scope = user.role === 'admin' ? null : tenantKeys.filter((t) => editsTenant(user.role, t));
  return { ...user, scope };
}

/** A tenant filter outside the editor's scope is refused rather than silently emptied. */
export function checkFilterScope(editor: Editor, filter: Pick<InboxFilter, 'tenant'>): void {
  if (filter.tenant && editor.scope && !editor.scope.includes(filter.tenant)) throw new DomainError('forbidden', texts.auth.noPermission);
}

export async function inboxPage(app: FastifyInstance, editor: Editor, filter: InboxFilter): Promise<InboxPage> {
  checkFilterScope(editor, filter);
  const [rows, total] = await Promise.all([listPage(app.db, editor.scope, filter, INBOX_PAGE_SIZE), countMatching(app.db, editor.scope, filter)]);
  return {
    items: rows.map((r) => ({
      contentId: Number(r.id),
      tenant: r.tenant,
      kind: r.kind,
      status: r.status as SubmissionStatus,
      topic: r.topic,
      createdAt: r.created_at,
      completedAt: r.completed_at,
      userEmail: r.user_email,
      contactName: [r.contact_first_name, r.contact_last_name].filter(Boolean).join(' ') || null,
      contactEmail: r.contact_email,
      excerpt: r.excerpt,
      mediaCount: Number(r.media_count ?? 0),
      approval: (r.approval_state as InboxItem['approval']) ?? null,
    })),
    total,
    page: filter.page,
    pageSize: INBOX_PAGE_SIZE,
  };
}

/** A submission the editor may review; anything else looks like a missing Content-ID. */
export async function loadForEditor(app: FastifyInstance, editor: Editor, contentId: number): Promise<Selectable<SubmissionTable>> {
  const row = await findSubmission(app.db, contentId);
  if (!row || !editsTenant(editor.role, row.tenant)) throw new DomainError('not_found', texts.common.contentIdNotFound);
  return row;
}

function parseWAnswers(value: string | null): InboxDetail['wAnswers'] {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

export async function inboxDetail(app: FastifyInstance, row: Selectable<SubmissionTable>): Promise<InboxDetail> {
  const [media, notes, consents] = await Promise.all([listMedia(app.db, row.id), notesOf(app.db, row.id), consentsOf(app.db, row.id)]);
  return {
    contentId: Number(row.id),
    tenant: row.tenant,
    kind: row.kind,
    status: row.status as SubmissionStatus,
    topic: row.topic,
    source: row.source,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
    userEmail: row.user_email,
    transcript: row.transcript,
    wAnswers: parseWAnswers(row.w_answers),
    contact: { firstName: row.contact_first_name, lastName: row.contact_last_name, email: row.contact_email },
    post: { email: row.post_email, link: row.post_link, description: row.post_description },
    media: media.map((m) => ({
      id: Number(m.id),
      kind: m.kind,
      fileType: m.file_type,
      size: Number(m.size),
      originalName: m.original_name,
      hasThumbnail: !!m.thumbnail_path,
      createdAt: m.created_at,
    })),
    notes: notes.map((n) => ({ id: Number(n.id), authorEmail: n.author_email, body: n.body, createdAt: n.created_at })),
    consents: consents.map((c) => ({ id: Number(c.id), kind: c.kind, text: c.text, givenAt: c.given_at })),
  };
}

export async function setStatus(app: FastifyInstance, editor: Editor, row: Selectable<SubmissionTable>, status: SubmissionStatus): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await trx.updateTable('submissions').set({ status, updated_at: now() }).where('id', '=', row.id).execute();
    await writeAudit(trx, editor, { action: 'submission.status', target: `submission:${row.id}`, tenant: row.tenant, detail: { from: row.status, to: status } });
  });
}

export async function addNote(app: FastifyInstance, editor: Editor, row: Selectable<SubmissionTable>, body: string) {
  return app.db
    .insertInto('submission_notes')
    .values({ submission_id: row.id, author_id: editor.id, author_email: editor.email, body, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Deletes a submission for good (data-protection requests): its files first, so a failure leaves
 * the record to retry rather than files nobody can find; then the rows, with an audit entry.
 */
export async function deleteSubmission(app: FastifyInstance, editor: Editor, row: Selectable<SubmissionTable>): Promise<{ files: number }> {
  const media = await listMedia(app.db, row.id);
  for (const m of media) {
    await app.blobs.delete(m.file_path);
    if (m.thumbnail_path) await app.blobs.delete(m.thumbnail_path);
  }
  await app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('submissions').where('id', '=', row.id).execute();
    await writeAudit(trx, editor, {
      action: 'submission.delete',
      target: `submission:${row.id}`,
      tenant: row.tenant,
      detail: { kind: row.kind, createdAt: row.created_at, files: media.length },
    });
  });
  return { files: media.length };
}
