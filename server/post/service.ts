import type { Selectable } from 'kysely';
import {
  channelLimits,
  countChars,
  mediaOrder,
  shownLimit,
  withPositions,
  type PostChannel,
  type SaveVersion,
} from '../../common/schemas/post';
import type { ChannelPost, PostOverview, PostVersion } from '../../common/contracts/post';
import { tenants as seedTenants, tenantView, type TenantKey } from '../../common/tenants';
import { parseTranscript } from '../../common/transcript';
import { texts } from '../../common/texts';
import type { Editor, TenantRegistry, WithTenants } from '../tenants';
import { writeAudit } from '../admin';
import { refuseWithdrawnPhotos } from '../consent';
import { checkPostItems, parseItems } from '../content';
import { now } from '../db/database';
import type { PostVersionTable, SubmissionTable } from '../db/schema';
import { DomainError } from '../http/errors';
import type { Draft, Drafter, Material } from './drafter';
import { approvalsOf, findPost, latestVersion, photosOf, postsOf, publicationsOf, versionsOf } from './queries';
import type { Deps } from '../deps';
import { parseImages } from './parts';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'config' | 'db' | 'dialect' | 'jobs' | 'log' | 'mailer' | 'readDb'> &
  WithTenants;

const t = texts.post;
type Submission = Selectable<SubmissionTable>;

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
