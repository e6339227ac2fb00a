import type { Selectable } from 'kysely';
import {
  INBOX_COUNT_LIMIT,
  INBOX_PAGE_SIZE,
  type InboxFilter,
  type SubmissionStatus,
} from '../../common/schemas/inbox';
import type { InboxDetail, InboxItem, InboxPage } from '../../common/contracts/inbox';
import { texts } from '../../common/texts';
import { now } from '../db/database';
import type { SubmissionTable } from '../db/schema';
import { DomainError } from '../http/errors';
import { writeAudit } from '../admin';
import { listMedia } from '../submissions';
import { listVideoAnswers, toVideoAnswerItem } from '../video-answers';
import { consentsOf, countMatching, listPage, notesOf, searchPage, searchWords, type Keyset } from './queries';
import { earlierTakes } from '../interview';
import type { Deps } from '../deps';
import type { Editor, WithTenants } from '../tenants';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'db' | 'jobs' | 'log' | 'readDb'> & WithTenants;

export type { Editor } from '../tenants';

/** A tenant filter outside the editor's scope is refused rather than silently emptied. */
export function checkFilterScope(editor: Editor, filter: Pick<InboxFilter, 'tenant'>): void {
  if (filter.tenant && editor.scope && !editor.scope.includes(filter.tenant))
    throw new DomainError('forbidden', texts.auth.noPermission);
}

type Position = { kind: 'keyset'; at: Keyset } | { kind: 'offset'; offset: number };

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Reads an opaque cursor of the list; anything unreadable is a German 400, never a wrong page. */
export function decodeCursor(cursor: string | undefined): Position | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Number.isInteger(v?.o) && v.o >= 0 && v.o <= INBOX_COUNT_LIMIT) return { kind: 'offset', offset: v.o };
    if ((v?.d === 'o' || v?.d === 'n') && typeof v.c === 'string' && v.c.length <= 40 && Number.isSafeInteger(v.i)) {
      return { kind: 'keyset', at: { direction: v.d === 'o' ? 'older' : 'newer', createdAt: v.c, id: v.i } };
    }
  } catch {
    // falls through to the German message
  }
  throw new DomainError('invalid', texts.admin.invalidCursor);
}

type Row = Awaited<ReturnType<typeof listPage>>[number];
const toItem = (r: Row) => ({
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
  campaignId: r.campaign_id ?? null,
  consentWithdrawnAt: r.consent_withdrawn_at ?? null,
});

/**
 * One page of the inbox. Without search: newest first by keyset, the count bounded (or exact from
 * the statistics tables when unfiltered). With search: ranked hits, paged by position among them.
 * Reads go to `deps.readDb` (on SQLite the worker pool), so none of this runs on the event loop.
 */
export async function inboxPage(deps: ServiceDeps, editor: Editor, filter: InboxFilter): Promise<InboxPage> {
  checkFilterScope(editor, filter);
  const position = decodeCursor(filter.cursor);
  const db = deps.readDb;
  const size = INBOX_PAGE_SIZE;
  if (filter.q) {
    const offset = position?.kind === 'offset' ? position.offset : 0;
    const rows = searchWords(filter.q).length ? await searchPage(db, editor.scope, filter, offset, size) : [];
    const hits = Number(rows[0]?.total ?? 0);
    return {
      items: rows.map(toItem),
      total: Math.min(hits, INBOX_COUNT_LIMIT),
      totalAtLeast: hits > INBOX_COUNT_LIMIT,
      ranked: true,
      pageSize: size,
      next: offset + size < Math.min(hits, INBOX_COUNT_LIMIT) ? encode({ o: offset + size }) : null,
      prev: offset > 0 ? encode({ o: Math.max(0, offset - size) }) : null,
    };
  }
  let at = position?.kind === 'keyset' ? position.at : null;
  let [rows, total] = await Promise.all([
    listPage(db, editor.scope, filter, at, size + 1),
    countMatching(db, editor.scope, filter),
  ]);
  // Back at the newest rows: show the first page as it is without cursor.
  if (at?.direction === 'newer' && rows.length <= size) {
    at = null;
    rows = await listPage(db, editor.scope, filter, null, size + 1);
  }
  // One row more than shown says whether the list goes on in the direction we came from.
  const more = rows.length > size;
  const shown = at?.direction === 'newer' ? rows.slice(rows.length - size) : rows.slice(0, size);
  const first = shown[0];
  const last = shown[shown.length - 1];
  const key = (d: 'o' | 'n', r: Row) => encode({ d, c: r.created_at, i: Number(r.id) });
  const hasOlder = at?.direction === 'newer' || more;
  const bounded = !isUnfiltered(filter) && total > INBOX_COUNT_LIMIT;
  return {
    items: shown.map(toItem),
    total: bounded ? INBOX_COUNT_LIMIT : total,
    totalAtLeast: bounded,
    ranked: false,
    pageSize: size,
    next: hasOlder && last ? key('o', last) : null,
    prev: at !== null && first ? key('n', first) : null,
  };
}

const isUnfiltered = (f: InboxFilter) => !f.kind && !f.status && !f.from && !f.to && !f.q && !f.approval;

function parseWAnswers(value: string | null): InboxDetail['wAnswers'] {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

export async function inboxDetail(deps: ServiceDeps, row: Selectable<SubmissionTable>): Promise<InboxDetail> {
  const [media, notes, consents, clips, earlierInterviews] = await Promise.all([
    listMedia(deps.db, row.id),
    notesOf(deps.db, row.id),
    consentsOf(deps.db, row.id),
    listVideoAnswers(deps, row.id),
    earlierTakes(deps, row.id),
  ]);
  const clipOf = new Map(clips.map((c) => [Number(c.media_id), toVideoAnswerItem(c)]));
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
      videoAnswer: clipOf.get(Number(m.id)) ?? null,
      mediaState: m.media_state ?? null,
      hasProxy: !!m.proxy_path,
      captionState: m.caption_state ?? null,
    })),
    notes: notes.map((n) => ({ id: Number(n.id), authorEmail: n.author_email, body: n.body, createdAt: n.created_at })),
    consents: consents.map((c) => ({
      id: Number(c.id),
      kind: c.kind,
      text: c.text,
      givenAt: c.given_at,
      withdrawn: c.action === 'withdrawn',
    })),
    earlierInterviews,
  };
}

export async function setStatus(
  deps: ServiceDeps,
  editor: Editor,
  row: Selectable<SubmissionTable>,
  status: SubmissionStatus,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('submissions').set({ status, updated_at: now() }).where('id', '=', row.id).execute();
    await writeAudit(trx, editor, {
      action: 'submission.status',
      target: `submission:${row.id}`,
      tenant: row.tenant,
      detail: { from: row.status, to: status },
    });
  });
}

export async function addNote(deps: ServiceDeps, editor: Editor, row: Selectable<SubmissionTable>, body: string) {
  return deps.db
    .insertInto('submission_notes')
    .values({ submission_id: row.id, author_id: editor.id, author_email: editor.email, body, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Deletes a submission for good (data-protection requests): its files first, so a failure leaves
 * the record to retry rather than files nobody can find; then the rows, with an audit entry.
 */
export async function deleteSubmission(
  deps: ServiceDeps,
  editor: Editor,
  row: Selectable<SubmissionTable>,
): Promise<{ files: number }> {
  const media = await listMedia(deps.db, row.id);
  for (const m of media) {
    await deps.blobs.delete(m.file_path);
    if (m.thumbnail_path) await deps.blobs.delete(m.thumbnail_path);
  }
  await deps.db.transaction().execute(async (trx) => {
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
