import { createHash, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  channelLimits,
  countChars,
  mediaOrder,
  shownLimit,
  withPositions,
  type Decision,
  type PostChannel,
  type PostImage,
  type SaveVersion,
} from '../../common/schemas/post';
import type { ChannelPost, PostOverview, PostVersion, PublicApproval } from '../../common/contracts/post';
import { tenants as seedTenants, tenantView, type TenantKey } from '../../common/tenants';
import { parseTranscript } from '../../common/transcript';
import { texts } from '../../common/texts';
import type { Editor, TenantRegistry, WithTenants } from '../tenants';
import { writeAudit } from '../admin';
import { checkPostItems, parseItems, readyItems, requireItemsReady } from '../content';
import { refuseWithdrawnPhotos } from '../consent';
import { ownPageMailLine } from '../own-page';
import { now } from '../db/database';
import type { PostVersionTable, SubmissionTable } from '../db/schema';
import { DomainError } from '../http/errors';
import type { Draft, Drafter, Material } from './drafter';
import {
  approvalByTokenHash,
  approvalsOf,
  approvalWithSubmission,
  findPost,
  latestVersion,
  photosOf,
  postsOf,
  publicationByTokenHash,
  publicationsOf,
  versionsOf,
} from './queries';
import type { Deps } from '../deps';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'config' | 'db' | 'dialect' | 'jobs' | 'log' | 'mailer' | 'readDb'> &
  WithTenants;

const t = texts.post;
type Submission = Selectable<SubmissionTable>;

/** A URL with any approval token replaced, for logs. */
export const redactApprovalTokens = (url: string) => url.replace(/\/freigabe\/[^/?#]+/g, '/freigabe/***');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const contributorName = (row: Submission) => [row.contact_first_name, row.contact_last_name].filter(Boolean).join(' ');
const formatDay = (iso: string) => new Date(iso).toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' });

function parseImages(json: string): PostImage[] {
  try {
    const parsed = JSON.parse(json);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function toVersion(v: Selectable<PostVersionTable>): PostVersion {
  return {
    id: Number(v.id),
    number: Number(v.number),
    body: v.body,
    images: parseImages(v.images),
    items: parseItems(v.items),
    source: v.source,
    authorEmail: v.author_email,
    createdAt: v.created_at,
  };
}

export async function postOverview(deps: ServiceDeps, row: Submission, drafter: Drafter): Promise<PostOverview> {
  const [posts, photos] = await Promise.all([postsOf(deps.db, row.id), photosOf(deps.db, row.id)]);
  const ids = posts.map((p) => Number(p.id));
  const [versions, approvals, publications] = await Promise.all([
    versionsOf(deps.db, ids),
    approvalsOf(deps.db, ids),
    publicationsOf(deps.db, ids),
  ]);
  const at = now();
  const channels: ChannelPost[] = posts.map((p) => {
    const own = versions.filter((v) => v.post_id === p.id);
    const latest = own.at(-1);
    const numberOf = (versionId: number) => Number(own.find((v) => v.id === versionId)?.number ?? 0);
    return {
      channel: p.channel as PostChannel,
      versions: own.map(toVersion),
      approvals: approvals
        .filter((a) => a.post_id === p.id)
        .map((a) => ({
          id: Number(a.id),
          versionId: Number(a.version_id),
          versionNumber: numberOf(a.version_id),
          email: a.email,
          sentByEmail: a.sent_by_email,
          createdAt: a.created_at,
          expiresAt: a.expires_at,
          expired: a.state === 'pending' && a.expires_at <= at,
          withdrawnAt: a.withdrawn_at,
          state: a.state as 'pending',
          comment: a.comment,
          decidedAt: a.decided_at,
          outdated: !!latest && latest.id !== a.version_id,
        })),
      publications: publications
        .filter((x) => x.post_id === p.id)
        .map((x) => ({
          id: Number(x.id),
          channel: x.channel as PostChannel,
          url: x.url,
          versionNumber: numberOf(x.version_id),
          recordedByEmail: x.recorded_by_email,
          createdAt: x.created_at,
        })),
    };
  });
  return {
    contentId: Number(row.id),
    drafter: drafter.kind,
    contributorEmail: row.contact_email,
    photos: photos.map((m) => ({ id: Number(m.id), originalName: m.original_name, hasThumbnail: !!m.thumbnail_path })),
    channels,
  };
}

/** Saves the text and images as the post's next version (the post is made on the first save). */
export async function saveVersion(
  deps: ServiceDeps,
  editor: Editor,
  row: Submission,
  channel: PostChannel,
  input: SaveVersion,
): Promise<PostVersion> {
  if (!input.body.trim()) throw new DomainError('invalid', t.bodyEmpty);
  if (countChars(input.body) > channelLimits[channel])
    throw new DomainError('invalid', t.overLimit(channelLimits[channel]));
  const photoIds = new Set((await photosOf(deps.db, row.id)).map((m) => Number(m.id)));
  const seen = new Set<number>();
  for (const image of input.images) {
    if (!photoIds.has(image.mediaId) || seen.has(image.mediaId)) throw new DomainError('invalid', t.unknownImage);
    seen.add(image.mediaId);
  }
  // Clips and cards: the submission's own, within the contributor's consent.
  await checkPostItems(deps.db, row.id, input.items);
  await refuseWithdrawnPhotos(deps.db, row.id, input.images.length);
  // One order across photos and items: positions on all or none, each once; stored as 0..n-1.
  const positions = [...input.images, ...input.items].map((e) => e.position);
  const given = positions.filter((p) => p !== undefined);
  if ((given.length && given.length !== positions.length) || new Set(given).size !== given.length)
    throw new DomainError('invalid', t.orderInvalid);
  input = { ...input, ...withPositions(mediaOrder(input.images, input.items)) };
  const at = now();
  // Two saves at once must not get the same number: on PostgreSQL the post's row is locked while
  // the next number is taken (SQLite writes one transaction at a time); should two still collide
  // (unique post_id + number), the save is simply tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertVersion(deps, editor, row, channel, input, at);
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** A unique constraint that a concurrent write got to first (PostgreSQL 23505, SQLite's constraint error). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || (e?.code === 'SQLITE_CONSTRAINT_UNIQUE' && /post_versions/.test(e.message ?? ''));
}

function insertVersion(
  deps: ServiceDeps,
  editor: Editor,
  row: Submission,
  channel: PostChannel,
  input: SaveVersion,
  at: string,
): Promise<PostVersion> {
  return deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('posts')
      .values({ submission_id: row.id, channel, created_at: at })
      .onConflict((oc) => oc.columns(['submission_id', 'channel']).doNothing())
      .execute();
    const post = (await findPost(trx, row.id, channel))!;
    if (deps.dialect === 'postgres')
      await trx.selectFrom('posts').select('id').where('id', '=', post.id).forUpdate().execute();
    const previous = await latestVersion(trx, post.id);
    const version = await trx
      .insertInto('post_versions')
      .values({
        post_id: post.id,
        number: Number(previous?.number ?? 0) + 1,
        body: input.body,
        images: JSON.stringify(input.images),
        items: JSON.stringify(input.items),
        source: input.source,
        author_id: editor.id,
        author_email: editor.email,
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, editor, {
      action: 'post.version',
      target: `submission:${row.id}`,
      tenant: row.tenant,
      detail: { channel, version: Number(version.number), source: input.source, images: input.images.length },
    });
    return toVersion(version);
  });
}

function parseWAnswers(value: string | null): Material['wAnswers'] {
  try {
    const parsed = value ? JSON.parse(value) : null;
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/** `tenants`: the app's tenant registry, fresh (`await tenantRegistry.fresh()`). */
export function materialOf(row: Submission, channel: PostChannel, tenants: TenantRegistry): Material {
  const info = tenants.get(row.tenant);
  const tenant = info ? tenantView(info) : seedTenants[row.tenant as TenantKey];
  return {
    // The tenant's row: its name (the association's full name) and wording.
    tenantName: tenant?.footerName ?? tenants.displayName(row.tenant),
    wording: tenant?.wording ?? 'engineer',
    topic: row.topic,
    channel,
    limit: shownLimit(channel),
    passages: parseTranscript(row.transcript ?? '').map((turn, i) => ({
      index: i + 1,
      speaker: turn.speaker,
      text: turn.text,
    })),
    wAnswers: parseWAnswers(row.w_answers),
    postLink: row.post_link,
    postDescription: row.post_description,
  };
}

/** The material of a draft; refused in German when there is nothing to draw on. */
export function materialForDraft(row: Submission, channel: PostChannel, tenants: TenantRegistry): Material {
  const material = materialOf(row, channel, tenants);
  const hasW = Object.values(material.wAnswers).some((v) => typeof v === 'string' && v.trim());
  if (!material.passages.length && !hasW && !material.postDescription) throw new DomainError('invalid', t.noMaterial);
  return material;
}

/** Drafts a post from the material; the text is handed out as it arrives, nothing is saved. */
export async function draftPost(
  deps: ServiceDeps,
  drafter: Drafter,
  editor: Editor,
  row: Submission,
  material: Material,
  onText: (chunk: string) => void,
  signal?: AbortSignal,
): Promise<Draft> {
  await writeAudit(deps.db, editor, {
    action: 'post.draft',
    target: `submission:${row.id}`,
    tenant: row.tenant,
    detail: { channel: material.channel, drafter: drafter.kind },
  });
  return drafter.draft(material, onText, signal);
}

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
  const row = registry.get(a.tenant);
  return {
    tenant: registry.displayName(a.tenant),
    tenantKey: a.tenant,
    brand: {
      name: registry.displayName(a.tenant),
      brandColor: row?.brandColor ?? '#374151',
      logoUrl: row?.logoUrl ?? null,
    },
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
  }));
  const media = mediaOrder(parseImages(version.images), parseItems(version.items)).flatMap((e) => {
    if (e.type === 'image') return [{ ...images[e.index]!, kind: 'photo', video: false }];
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

/**
 * A clip or card made anew replaces the old one in every post whose newest version carries it, as
 * a new version: an approval of the old one goes out of date like after a text edit.
 */
export async function swapItem(
  deps: ServiceDeps,
  editor: Editor,
  row: Submission,
  old: { id: number; alt: string },
  made: { id: number; alt: string },
): Promise<void> {
  for (const post of await postsOf(deps.db, row.id)) {
    const latest = await latestVersion(deps.db, post.id);
    const items = parseItems(latest?.items);
    if (!latest || !items.some((i) => i.itemId === Number(old.id))) continue;
    const swapped = items.map((i) =>
      i.itemId === Number(old.id) ? { ...i, itemId: made.id, alt: i.alt === old.alt ? made.alt : i.alt } : i,
    );
    await saveVersion(deps, editor, row, post.channel as PostChannel, {
      body: latest.body,
      images: parseImages(latest.images),
      items: swapped,
      source: 'content',
    });
  }
}
