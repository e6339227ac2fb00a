import type { Selectable } from 'kysely';
import { mediaOrder, type Decision, type PostChannel } from '../../common/schemas/post';
import type { PublicApproval } from '../../common/contracts/post';
import { texts } from '../../common/texts';
import type { Editor, WithTenants } from '../tenants';
import { writeAudit } from '../admin';
import { refuseWithdrawnPhotos } from '../consent';
import { ownPageMailLine } from '../own-page';
import { checkPostItems, hasCaptionTrack, parseItems, readyItems, requireItemsReady } from '../content';
import { now } from '../db/database';
import type { SubmissionTable } from '../db/schema';
import { DomainError } from '../http/errors';
import {
  approvalByTokenHash,
  approvalWithSubmission,
  findPost,
  latestVersion,
  photosOf,
  publicationByTokenHash,
} from './queries';
import type { Deps } from '../deps';
import { contributorName, formatDay, hashToken, newToken, parseImages } from './parts';

/**
 * The contributor's part in a post: the approval link mailed to them (sent, withdrawn, viewed,
 * decided) and the publication they hear of. The post's versions live in service.ts.
 */

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'config' | 'db' | 'dialect' | 'jobs' | 'log' | 'mailer' | 'readDb'> &
  WithTenants;

const t = texts.post;
type Submission = Selectable<SubmissionTable>;

/** Mails the contributor a link to approve the newest version; an earlier open request is withdrawn. */
export async function sendForApproval(deps: ServiceDeps, editor: Editor, row: Submission, channel: PostChannel) {
  const email = row.contact_email;
  if (!email) throw new DomainError('conflict', t.noContributorEmail);
  const post = await findPost(deps.db, row.id, channel);
  const version = post && (await latestVersion(deps.db, post.id));
  if (!post || !version) throw new DomainError('conflict', t.saveFirst);
  // The contributor approves what will be published: every attached clip and card finished.
  await requireItemsReady(deps.db, row.id, parseItems(version.items));
  await refuseWithdrawnPhotos(deps.db, row.id, parseImages(version.images).length);
  const token = newToken();
  const at = now();
  const expiresAt = new Date(Date.now() + deps.config.APPROVAL_DAYS * 86_400_000).toISOString();
  const approval = await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('post_approvals')
      .set({ withdrawn_at: at })
      .where('post_id', '=', post.id)
      .where('state', '=', 'pending')
      .where('withdrawn_at', 'is', null)
      .execute();
    const inserted = await trx
      .insertInto('post_approvals')
      .values({
        post_id: post.id,
        submission_id: row.id,
        version_id: version.id,
        token_hash: hashToken(token),
        email,
        sent_by_id: editor.id,
        sent_by_email: editor.email,
        created_at: at,
        expires_at: expiresAt,
        withdrawn_at: null,
        state: 'pending',
        comment: null,
        decided_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, editor, {
      action: 'post.approval.send',
      target: `submission:${row.id}`,
      tenant: row.tenant,
      detail: { channel, version: Number(version.number), approval: Number(inserted.id), to: email },
    });
    return inserted;
  });
  const tenantName = (await deps.tenantRegistry.fresh()).displayName(row.tenant);
  await deps.mailer.send({
    to: email,
    subject: t.approvalMailSubject(tenantName),
    text:
      t.approvalMailText(
        contributorName(row),
        tenantName,
        t.channels[channel]!,
        `${deps.config.baseUrl}/freigabe/${token}`,
        formatDay(expiresAt),
      ) + (await ownPageMailLine(deps, row)),
  });
  return { id: Number(approval.id), email, expiresAt };
}

export async function withdrawApproval(deps: ServiceDeps, editor: Editor, approvalId: number) {
  const approval = await approvalWithSubmission(deps.db, approvalId);
  if (!approval || (editor.scope && !editor.scope.includes(approval.tenant)))
    throw new DomainError('not_found', texts.common.notFound);
  if (approval.withdrawn_at) throw new DomainError('conflict', t.linkWithdrawn);
  if (approval.state !== 'pending') throw new DomainError('conflict', t.alreadyDecided);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('post_approvals').set({ withdrawn_at: now() }).where('id', '=', approval.id).execute();
    await writeAudit(trx, editor, {
      action: 'post.approval.withdraw',
      target: `submission:${approval.submission_id}`,
      tenant: approval.tenant,
      detail: { approval: Number(approval.id) },
    });
  });
}

/** The approval behind a token, or the German reason it cannot be used. */
async function approvalForToken(deps: ServiceDeps, token: string, purpose: 'view' | 'decide') {
  const approval = await approvalByTokenHash(deps.db, hashToken(token));
  if (!approval) throw new DomainError('not_found', t.linkInvalid);
  if (approval.withdrawn_at)
    // Voided by the contributor's withdrawal of a consent (server/own-page/withdraw.ts): the page says so.
    throw new DomainError(
      'not_found',
      approval.void_reason === 'consent' ? texts.ownPage.approvalConsentWithdrawn : t.linkWithdrawn,
    );
  if (approval.state === 'pending' && approval.expires_at <= now()) throw new DomainError('conflict', t.linkExpired);
  if (purpose === 'decide' && approval.state !== 'pending') throw new DomainError('conflict', t.alreadyDecided);
  return approval;
}

/** What the contributor sees: this post's text and images, nothing else of the submission. */
export async function publicApproval(deps: ServiceDeps, token: string): Promise<PublicApproval> {
  const a = await approvalForToken(deps, token, 'view');
  // The tenant's own brand (a created tenant is not the association's).
  const registry = await deps.tenantRegistry.fresh();
  return {
    tenant: registry.displayName(a.tenant),
    tenantKey: a.tenant,
    brand: registry.brand(a.tenant),
    channel: a.channel as PostChannel,
    body: a.body,
    ...(await tokenMedia(deps, Number(a.submission_id), a, `/api/freigabe/${encodeURIComponent(token)}`)),
    state: a.state as 'pending',
    decidedAt: a.decided_at,
    expiresAt: a.expires_at,
  };
}

/**
 * A version's photos and items as links behind its token (`base`): each list by itself, and
 * `media`, both in the post's one order.
 */
async function tokenMedia(
  deps: ServiceDeps,
  contentId: number,
  version: { images: string; items: string },
  base: string,
): Promise<Pick<PublicApproval, 'images' | 'items' | 'media'>> {
  const images = parseImages(version.images).map((image, i) => ({ url: `${base}/bilder/${i}`, alt: image.alt }));
  const ready = await readyItems(deps.db, contentId, parseItems(version.items));
  const items = ready.map(({ row, alt }, i) => ({
    url: `${base}/inhalte/${i}`,
    alt,
    kind: row.kind,
    video: row.file_type === 'video/mp4',
    captions: hasCaptionTrack(row) ? `${base}/inhalte/${i}/captions.vtt` : null,
  }));
  const media = mediaOrder(parseImages(version.images), parseItems(version.items)).flatMap((e) => {
    if (e.type === 'image') return [{ ...images[e.index]!, kind: 'photo', video: false, captions: null }];
    const at = ready.findIndex((r) => Number(r.row.id) === e.item.itemId);
    return at < 0 ? [] : [items[at]!];
  });
  return { images, items, media };
}

/** Records the one decision; a second one, an expired or withdrawn link is refused. */
export async function decide(deps: ServiceDeps, token: string, input: Decision) {
  const a = await approvalForToken(deps, token, 'decide');
  const at = now();
  const comment = input.decision === 'changes' ? input.comment : null;
  const changed = await deps.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('post_approvals')
      .set({ state: input.decision, comment, decided_at: at })
      .where('id', '=', a.id)
      .where('state', '=', 'pending')
      .where('withdrawn_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await writeAudit(trx, null, {
      action: 'post.approval.decision',
      target: `submission:${a.submission_id}`,
      tenant: a.tenant,
      detail: { approval: Number(a.id), decision: input.decision, version: Number(a.version_number), by: a.email },
    });
    return true;
  });
  if (!changed) {
    await approvalForToken(deps, token, 'decide');
    throw new DomainError('conflict', t.alreadyDecided);
  }
  const state = t.states[input.decision]!;
  await deps.mailer.send({
    to: a.sent_by_email,
    subject: t.decisionMailSubject(Number(a.submission_id), state),
    text: t.decisionMailText(
      Number(a.submission_id),
      t.channels[a.channel]!,
      state,
      Number(a.version_number),
      comment,
      `${deps.config.baseUrl}/eingang/${a.submission_id}`,
    ),
  });
  return { state: input.decision, decidedAt: at };
}

/** A picture of the post behind an approval or publication token; only the post's own images. */
export async function imageForToken(deps: ServiceDeps, token: string, position: number) {
  const hash = hashToken(token);
  let found: { submission_id: number; images: string } | undefined = await publicationByTokenHash(deps.db, hash);
  if (!found) found = await approvalForToken(deps, token, 'view');
  const image = parseImages(found.images)[position];
  const media =
    image && (await photosOf(deps.db, Number(found.submission_id))).find((m) => Number(m.id) === image.mediaId);
  if (!media) throw new DomainError('not_found', texts.common.notFound);
  return media;
}

/** A clip or card of the post behind an approval or publication token; only the post's own. */
export async function itemForToken(deps: ServiceDeps, token: string, position: number) {
  const hash = hashToken(token);
  let found: { submission_id: number; items: string } | undefined = await publicationByTokenHash(deps.db, hash);
  if (!found) found = await approvalForToken(deps, token, 'view');
  const item = (await readyItems(deps.db, Number(found.submission_id), parseItems(found.items)))[position];
  if (!item) throw new DomainError('not_found', texts.common.notFound);
  return item.row;
}

/** Records where the post appeared; the contributor gets the link, text and images; status "verwendet". */
export async function recordPublication(
  deps: ServiceDeps,
  editor: Editor,
  row: Submission,
  channel: PostChannel,
  url: string,
) {
  const post = await findPost(deps.db, row.id, channel);
  const version = post && (await latestVersion(deps.db, post.id));
  if (!post || !version) throw new DomainError('conflict', t.saveFirst);
  // What needs a consent asks the ledger at publication too: a withdrawn one is refused.
  await checkPostItems(deps.db, row.id, parseItems(version.items));
  await refuseWithdrawnPhotos(deps.db, row.id, parseImages(version.images).length);
  const token = newToken();
  const at = now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('post_publications')
      .values({
        post_id: post.id,
        submission_id: row.id,
        version_id: version.id,
        channel,
        url,
        token_hash: hashToken(token),
        recorded_by_id: editor.id,
        recorded_by_email: editor.email,
        created_at: at,
      })
      .execute();
    await trx
      .updateTable('submissions')
      .set({ status: 'verwendet', updated_at: at })
      .where('id', '=', row.id)
      .execute();
    await writeAudit(trx, editor, {
      action: 'post.publication',
      target: `submission:${row.id}`,
      tenant: row.tenant,
      detail: { channel, url, version: Number(version.number) },
    });
    if (row.status !== 'verwendet') {
      await writeAudit(trx, editor, {
        action: 'submission.status',
        target: `submission:${row.id}`,
        tenant: row.tenant,
        detail: { from: row.status, to: 'verwendet' },
      });
    }
  });
  if (row.contact_email) {
    // Photos, clips and cards in the post's one order.
    const { media } = await tokenMedia(deps, row.id, version, `${deps.config.baseUrl}/api/freigabe/${token}`);
    const images = media.map((m) => m.url);
    await deps.mailer.send({
      to: row.contact_email,
      subject: t.publishedMailSubject((await deps.tenantRegistry.fresh()).displayName(row.tenant)),
      text:
        t.publishedMailText(contributorName(row), t.channels[channel]!, url, version.body, images) +
        (await ownPageMailLine(deps, row)),
    });
  }
}
