import { z } from 'zod';
import { texts } from '../texts';
import { MAX_ID } from './submissions';

const t = texts.post;
/** Zod's own messages are English; every refusal here says it in German. */
const invalid = { error: texts.common.invalidInput };

export const postChannels = ['linkedin', 'instagram', 'facebook', 'x', 'website'] as const;
export const postChannel = z.enum(postChannels, invalid);
export type PostChannel = z.infer<typeof postChannel>;

/** Characters each channel accepts (the website has no own limit; this one keeps rows sane). */
export const channelLimits: Record<PostChannel, number> = {
  linkedin: 3000,
  instagram: 2200,
  facebook: 63206,
  x: 280,
  website: 100_000,
};
/** Limits shown to the editor; the website's is technical only. */
export const shownLimit = (channel: PostChannel): number | null =>
  channel === 'website' ? null : channelLimits[channel];

/** Characters as a person counts them (an emoji is one). */
export const countChars = (text: string) => [...text].length;

/** Place in the post's one order of photos and items together (0 first); versions without it: photos, then items. */
const position = z.number(invalid).int(invalid).min(0, invalid).max(29, invalid).optional();

export const postImage = z.object({
  mediaId: z.number(invalid).int(invalid).positive(invalid).max(MAX_ID, invalid),
  alt: z.string(t.altMissing).trim().min(1, t.altMissing).max(1000, t.altMissing),
  position,
});
export type PostImage = z.infer<typeof postImage>;

/** A clip, audiogram or quote card (server/content) attached to the post, with its alt text or caption. */
export const postItem = z.object({
  itemId: z.number(invalid).int(invalid).positive(invalid).max(MAX_ID, invalid),
  alt: z.string(t.altMissing).trim().min(1, t.altMissing).max(1000, t.altMissing),
  position,
});
export type PostItem = z.infer<typeof postItem>;

/** One entry of a post's media: a photo (`index` into images) or an item (`index` into items). */
export type PostMediaEntry =
  | { type: 'image'; index: number; image: PostImage }
  | { type: 'item'; index: number; item: PostItem };

/**
 * The post's photos and items in their one order: by position when every entry has one, else
 * (versions saved before the common order) the photos first, then the items.
 */
export function mediaOrder(images: PostImage[], items: PostItem[]): PostMediaEntry[] {
  const entries: PostMediaEntry[] = [
    ...images.map((image, index) => ({ type: 'image' as const, index, image })),
    ...items.map((item, index) => ({ type: 'item' as const, index, item })),
  ];
  const pos = (e: PostMediaEntry) => (e.type === 'image' ? e.image.position : e.item.position);
  if (entries.some((e) => pos(e) === undefined)) return entries;
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => pos(a.e)! - pos(b.e)! || a.i - b.i)
    .map(({ e }) => e);
}

/** Photos and items with positions 0..n-1 from entries in their order. */
export function withPositions(entries: PostMediaEntry[]): { images: PostImage[]; items: PostItem[] } {
  const images: PostImage[] = [];
  const items: PostItem[] = [];
  entries.forEach((e, position) => {
    if (e.type === 'image') images.push({ ...e.image, position });
    else items.push({ ...e.item, position });
  });
  return { images, items };
}

/** `content`: the server swapped in a re-made clip or card. */
export const versionSources = ['editor', 'model', 'template', 'restore', 'content'] as const;

export const saveVersion = z.object({
  body: z.string(t.bodyEmpty).max(100_000, t.overLimit(100_000)),
  images: z.array(postImage, invalid).max(20, invalid).default([]),
  items: z.array(postItem, invalid).max(10, invalid).default([]),
  source: z.enum(versionSources, invalid).default('editor'),
});
export type SaveVersion = z.infer<typeof saveVersion>;

export const postParams = z.object({
  contentId: z.coerce.number(invalid).int(invalid).positive(invalid).max(MAX_ID, invalid),
  channel: postChannel,
});
export const approvalIdParam = z.object({
  approvalId: z.coerce.number(invalid).int(invalid).positive(invalid).max(MAX_ID, invalid),
});
export const tokenParam = z.object({ token: z.string(t.linkInvalid).min(20, t.linkInvalid).max(100, t.linkInvalid) });

/** A picture or an item of the approval page, by its position in the post. */
export const tokenPositionParams = tokenParam.extend({
  position: z.coerce
    .number(texts.common.notFound)
    .int(texts.common.notFound)
    .min(0, texts.common.notFound)
    .max(50, texts.common.notFound),
});

export const approvalStates = ['pending', 'approved', 'changes'] as const;
export type ApprovalState = (typeof approvalStates)[number];
/**
 * What the inbox list shows of the newest approval request: its stored state, or `expired` (still
 * open after its link expired) and `outdated` (approved, but the text was changed afterwards).
 */
export { listApprovalStates, type ListApprovalState } from './values';

export const decision = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approved') }),
    z.object({
      decision: z.literal('changes'),
      comment: z.string(t.commentMissing).trim().min(1, t.commentMissing).max(5000, invalid),
    }),
  ],
  invalid,
);
export type Decision = z.infer<typeof decision>;

export const publication = z.object({
  url: z.url({ protocol: /^https?$/, error: t.publicationUrlInvalid }).max(2000, t.publicationUrlInvalid),
});

export const notifyModes = ['immediate', 'digest', 'none'] as const;
export const notificationPrefs = z.object({
  mode: z.enum(notifyModes, invalid),
  digestHour: z.number(invalid).int(invalid).min(0, invalid).max(23, invalid).default(8),
});
export type NotificationPrefs = z.infer<typeof notificationPrefs>;

/** One line of the draft stream (NDJSON). */
export type DraftEvent =
  | { type: 'start'; kind: 'model' | 'template' }
  | { type: 'delta'; text: string }
  | { type: 'done'; sources: { index: number; text: string }[] }
  | { type: 'error'; message: string };
