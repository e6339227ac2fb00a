import type { Kysely, Selectable } from 'kysely';
import type { ItemKind } from '../../common/schemas/content';
import type { ConsentState } from '../../common/contracts/content';
import { mediaOrder, type PostImage, type PostItem } from '../../common/schemas/post';
import { texts } from '../../common/texts';
import type { ContentItemTable, DB } from '../db/schema';
import { DomainError } from '../http/errors';
import { liveKinds, withdrawnReason } from '../consent';

const t = texts.content;
export type ItemRow = Selectable<ContentItemTable>;

export type ItemSpec = {
  quote?: string;
  /** Cards: quote | photo | name (the tenant's template when made) */
  layout?: 'quote' | 'photo' | 'name';
  showName?: boolean;
  photoMediaId?: number | null;
  mediaId?: number;
  start?: number;
  end?: number;
  cropX?: number;
  cropY?: number;
  /** Clips and audiograms: plain | words (the tenant's template when not set) */
  captionStyle?: 'plain' | 'words';
  /** When the transcript was corrected after the contributor approved this item (it stays as approved). */
  predatesCorrection?: string;
  /** Clips and audiograms: a line shown large in the first seconds */
  hook?: string | null;
};

export function specOf(row: Pick<ItemRow, 'spec'>): ItemSpec {
  try {
    const parsed = JSON.parse(row.spec);
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/** What the contributor agreed to and did not withdraw (the consent ledger): publication, naming, photo use, video. */
export async function consentOf(db: Kysely<DB>, contentId: number): Promise<ConsentState> {
  const { live } = await liveKinds(db, contentId);
  return {
    publication: live.has('publication'),
    naming: live.has('naming'),
    photo: live.has('photo_rights'),
    video: live.has('video_rights'),
  };
}

/**
 * The consent an item needs: publication always, naming when it shows the name, photo when it shows a
 * photo of the submission, video rights when it is cut from a video (picture and voice of the person).
 */
export function needsOf(kind: ItemKind | string, spec: ItemSpec) {
  return {
    publication: true as const,
    naming: !!spec.showName,
    photo: spec.photoMediaId != null,
    video: kind === 'clip',
  };
}

/** The German reason the consent does not cover the item, or null. */
export function notCovered(needs: ReturnType<typeof needsOf>, consent: ConsentState): string | null {
  if (!consent.publication) return t.noPublicationConsent;
  if (needs.naming && !consent.naming) return t.noNamingConsent;
  if (needs.photo && !consent.photo) return t.noPhotoConsent;
  if (needs.video && !consent.video) return t.noVideoConsent;
  return null;
}

export function parseItems(json: string | null | undefined): PostItem[] {
  try {
    const parsed = JSON.parse(json ?? '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

export function itemsOf(db: Kysely<DB>, contentId: number) {
  return db.selectFrom('content_items').selectAll().where('submission_id', '=', contentId).orderBy('id').execute();
}

/**
 * The server's rule for attaching items to a post: each belongs to the submission, once, is not
 * failed or cancelled, and lies within the consent the contributor gave.
 */
export async function checkPostItems(db: Kysely<DB>, contentId: number, items: PostItem[]): Promise<void> {
  if (items.length === 0) return;
  const [rows, consent] = await Promise.all([itemsOf(db, contentId), consentOf(db, contentId)]);
  const seen = new Set<number>();
  for (const item of items) {
    const row = rows.find((r) => Number(r.id) === item.itemId);
    if (!row || seen.has(item.itemId) || row.state === 'failed' || row.state === 'cancelled')
      throw new DomainError('invalid', t.itemUnknown);
    seen.add(item.itemId);
    const needs = needsOf(row.kind, specOf(row));
    const reason = notCovered(needs, consent);
    if (reason) throw new DomainError('conflict', (await withdrawnReason(db, contentId, needs)) ?? reason);
  }
}

/** Before an approval request goes out, every attached item must be finished. */
export async function requireItemsReady(db: Kysely<DB>, contentId: number, items: PostItem[]): Promise<void> {
  if (items.length === 0) return;
  await checkPostItems(db, contentId, items);
  const rows = await itemsOf(db, contentId);
  for (const item of items) {
    if (rows.find((r) => Number(r.id) === item.itemId)?.state !== 'ready')
      throw new DomainError('conflict', t.itemNotReady);
  }
}

/** The stored items a post version carries, in its order (ready ones only: what can be shown). */
export async function readyItems(
  db: Kysely<DB>,
  contentId: number,
  items: PostItem[],
): Promise<{ row: ItemRow; alt: string }[]> {
  if (items.length === 0) return [];
  const rows = await itemsOf(db, contentId);
  return items.flatMap((item) => {
    const row = rows.find((r) => Number(r.id) === item.itemId && r.state === 'ready' && r.file_key);
    return row ? [{ row, alt: item.alt }] : [];
  });
}

/** A file name for an item (ZIP, downloads). */
export function itemFileName(row: ItemRow): string {
  const ext = row.file_type === 'image/png' ? 'png' : 'mp4';
  const kind = { card: 'zitatkarte', clip: 'clip', audiogram: 'audiogramm' }[row.kind] ?? 'inhalt';
  return `${kind}-${row.id}-${row.format.replace(':', 'x')}.${ext}`;
}

/**
 * The newest version of each of the submission's posts, with its photos and items in their one
 * order as keys (`photo:<media id>`, `item:<item id>`), for the ZIP export.
 */
export async function postsForExport(
  db: Kysely<DB>,
  contentId: number,
): Promise<{ channel: string; number: number; body: string; order: { key: string; alt: string }[] }[]> {
  const versions = await db
    .selectFrom('post_versions')
    .innerJoin('posts', 'posts.id', 'post_versions.post_id')
    .select([
      'posts.channel',
      'post_versions.number',
      'post_versions.body',
      'post_versions.images',
      'post_versions.items',
    ])
    .where('posts.submission_id', '=', contentId)
    .orderBy('posts.channel')
    .orderBy('post_versions.number', 'desc')
    .execute();
  const newest = versions.filter((v, i) => versions.findIndex((w) => w.channel === v.channel) === i);
  return newest.map((v) => {
    let images: PostImage[] = [];
    try {
      const parsed = JSON.parse(v.images);
      if (Array.isArray(parsed)) images = parsed;
    } catch {
      // an unreadable list has no photos
    }
    return {
      channel: v.channel,
      number: Number(v.number),
      body: v.body,
      order: mediaOrder(images, parseItems(v.items)).map((e) =>
        e.type === 'image'
          ? { key: `photo:${e.image.mediaId}`, alt: e.image.alt }
          : { key: `item:${e.item.itemId}`, alt: e.item.alt },
      ),
    };
  });
}
