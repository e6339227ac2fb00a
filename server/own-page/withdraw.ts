import type { Kysely, Transaction } from 'kysely';
import type { ConsentKind } from '../../common/finish-rules';
import { texts } from '../../common/texts';
import { writeAudit } from '../admin';
import { liveKinds } from '../consent';
import { itemsOf, needsOf, parseItems, specOf } from '../content';
import { now } from '../db/database';
import type { DB } from '../db/schema';
import type { Deps } from '../deps';
import type { WithTenants } from '../tenants';
import { editorsOf } from './editors';

type ServiceDeps = Pick<Deps, 'config' | 'db' | 'mailer' | 'log'> & WithTenants;
type Trx = Transaction<DB>;
const t = texts.ownPage;

/** Days the editors have to take a publication down after a withdrawal. */
export const TAKEDOWN_DAYS = 3;

export type WithdrawalResult = { withdrawn: number; voided: number; marked: number; tasks: number };

/** Whether a post version relies on one of the withdrawn kinds (publication: every post). */
async function usesWithdrawn(
  db: Kysely<DB> | Trx,
  contentId: number,
  version: { images: string; items: string },
  kinds: Set<ConsentKind>,
): Promise<boolean> {
  if (kinds.has('publication')) return true;
  let images: unknown[] = [];
  try {
    const parsed = JSON.parse(version.images);
    if (Array.isArray(parsed)) images = parsed;
  } catch {
    // an unreadable list has no photos
  }
  if (kinds.has('photo_rights') && images.length > 0) return true;
  const attached = parseItems(version.items);
  if (attached.length === 0) return false;
  const rows = await itemsOf(db as Kysely<DB>, contentId);
  return attached.some((a) => {
    const row = rows.find((r) => Number(r.id) === a.itemId);
    if (!row) return false;
    const needs = needsOf(row.kind, specOf(row));
    return (
      (kinds.has('video_rights') && needs.video) ||
      (kinds.has('photo_rights') && needs.photo) ||
      (kinds.has('naming') && needs.naming)
    );
  });
}

/**
 * Withdraws consents of the person's submissions, at once: a new record of the ledger per consent
 * in force (the one before stays), then per post relying on it: open approval requests voided,
 * an unpublished post marked, a takedown task per publication record; the editors get a mail.
 */
export async function withdrawConsents(
  deps: ServiceDeps,
  person: { email: string | null },
  contentIds: number[],
  kinds: readonly ConsentKind[],
): Promise<WithdrawalResult> {
  const at = now();
  const due = new Date(Date.parse(at) + TAKEDOWN_DAYS * 86_400_000).toISOString();
  const result: WithdrawalResult = { withdrawn: 0, voided: 0, marked: 0, tasks: 0 };
  const mails: { tenant: string; contentId: number; lines: string[] }[] = [];
  await deps.db.transaction().execute(async (trx) => {
    for (const contentId of contentIds) {
      const { live } = await liveKinds(trx, contentId);
      const now = new Set(kinds.filter((k) => live.has(k)));
      if (now.size === 0) continue;
      const given = await trx
        .selectFrom('consents')
        .select(['kind', 'text', 'text_id'])
        .where('submission_id', '=', contentId)
        .where('action', '=', 'given')
        .orderBy('id', 'desc')
        .execute();
      for (const kind of now) {
        const last = given.find((g) => g.kind === kind)!;
        await trx
          .insertInto('consents')
          .values({
            submission_id: contentId,
            kind,
            text: last.text,
            text_id: last.text_id,
            given_at: at,
            action: 'withdrawn',
          })
          .execute();
        result.withdrawn++;
      }
      const submission = await trx
        .updateTable('submissions')
        .set({ consent_withdrawn_at: at })
        .where('id', '=', contentId)
        .returning(['tenant'])
        .executeTakeFirstOrThrow();
      const lines = await postEffects(trx, contentId, submission.tenant, now, at, due, result);
      if (lines.length > 0) mails.push({ tenant: submission.tenant, contentId, lines });
      await writeAudit(trx, null, {
        action: 'consent.withdraw',
        target: `submission:${contentId}`,
        tenant: submission.tenant,
        detail: { kinds: [...now], by: person.email },
      });
    }
  });
  for (const mail of mails) {
    const link = `${deps.config.baseUrl}/eingang/${mail.contentId}`;
    for (const editor of await editorsOf(deps.db, mail.tenant))
      await deps.mailer.send({
        to: editor,
        subject: t.takedownMailSubject(mail.contentId),
        text: t.takedownMailText(mail.contentId, mail.lines, link),
      });
  }
  return result;
}

/** The effects on the submission's posts; returns the mail's lines about publications to take down. */
async function postEffects(
  trx: Trx,
  contentId: number,
  tenant: string,
  kinds: Set<ConsentKind>,
  at: string,
  due: string,
  result: WithdrawalResult,
): Promise<string[]> {
  const lines: string[] = [];
  const posts = await trx
    .selectFrom('posts')
    .select(['id', 'channel'])
    .where('submission_id', '=', contentId)
    .execute();
  for (const post of posts) {
    const pending = await trx
      .selectFrom('post_approvals')
      .innerJoin('post_versions', 'post_versions.id', 'post_approvals.version_id')
      .select(['post_approvals.id', 'post_versions.images', 'post_versions.items'])
      .where('post_approvals.post_id', '=', post.id)
      .where('post_approvals.state', '=', 'pending')
      .where('post_approvals.withdrawn_at', 'is', null)
      .execute();
    for (const approval of pending) {
      if (!(await usesWithdrawn(trx, contentId, approval, kinds))) continue;
      await trx
        .updateTable('post_approvals')
        .set({ withdrawn_at: at, void_reason: 'consent' })
        .where('id', '=', approval.id)
        .execute();
      result.voided++;
    }
    const publications = await trx
      .selectFrom('post_publications')
      .innerJoin('post_versions', 'post_versions.id', 'post_publications.version_id')
      .select([
        'post_publications.id',
        'post_publications.channel',
        'post_publications.url',
        'post_versions.images',
        'post_versions.items',
      ])
      .where('post_publications.post_id', '=', post.id)
      .execute();
    const latest = await trx
      .selectFrom('post_versions')
      .select(['images', 'items'])
      .where('post_id', '=', post.id)
      .orderBy('number', 'desc')
      .executeTakeFirst();
    if (publications.length === 0) {
      if (latest && (await usesWithdrawn(trx, contentId, latest, kinds))) {
        await trx.updateTable('posts').set({ consent_withdrawn_at: at }).where('id', '=', post.id).execute();
        result.marked++;
      }
      continue;
    }
    for (const p of publications) {
      if (!(await usesWithdrawn(trx, contentId, p, kinds))) continue;
      await trx
        .insertInto('takedown_tasks')
        .values({
          tenant,
          submission_id: contentId,
          publication_id: p.id,
          channel: p.channel,
          url: p.url,
          kinds: JSON.stringify([...kinds]),
          created_at: at,
          due_at: due,
          done_at: null,
          done_by_email: null,
        })
        .execute();
      result.tasks++;
      lines.push(t.takedownMailLine(texts.post.channels[p.channel] ?? p.channel, p.url, due.slice(0, 10)));
    }
  }
  return lines;
}
