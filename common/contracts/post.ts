import { z } from 'zod';
import { approvalStates, postChannel, postImage, postItem } from '../schemas/post';
import { tenantBrand } from './tenants';

const approvalState = z.enum(approvalStates);

export const postVersion = z.object({
  id: z.number(),
  number: z.number(),
  body: z.string(),
  images: z.array(postImage),
  items: z.array(postItem),
  source: z.string(),
  authorEmail: z.string(),
  createdAt: z.string(),
});

export const postApproval = z.object({
  id: z.number(),
  versionId: z.number(),
  versionNumber: z.number(),
  email: z.string(),
  sentByEmail: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
  withdrawnAt: z.string().nullable(),
  state: approvalState,
  comment: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The text changed after the version this request refers to. */
  outdated: z.boolean(),
});

export const postPublication = z.object({
  id: z.number(),
  channel: postChannel,
  url: z.string(),
  versionNumber: z.number(),
  recordedByEmail: z.string(),
  createdAt: z.string(),
});

export const channelPost = z.object({
  channel: postChannel,
  versions: z.array(postVersion),
  approvals: z.array(postApproval),
  publications: z.array(postPublication),
});

export const postOverview = z.object({
  contentId: z.number(),
  /** 'model' when a chat model is configured, else 'template'. */
  drafter: z.enum(['model', 'template']),
  /** Where an approval request would go (the contact form's e-mail), or null. */
  contributorEmail: z.string().nullable(),
  photos: z.array(z.object({ id: z.number(), originalName: z.string(), hasThumbnail: z.boolean() })),
  channels: z.array(channelPost),
});

/** An approval request just sent. */
export const sentApproval = postApproval.pick({ id: true, email: true, expiresAt: true });

/** A photo or item behind an approval token; `captions`: the WebVTT of a clip or audiogram. */
const tokenMedia = z.object({
  url: z.string(),
  alt: z.string(),
  kind: z.string(),
  video: z.boolean(),
  captions: z.string().nullable(),
});

/** What the contributor's approval page shows (no session: the token in the link). */
export const publicApproval = z.object({
  tenant: z.string(),
  tenantKey: z.string(),
  /** The tenant row's name, colour and logo: the page wears the tenant's brand. */
  brand: tenantBrand,
  channel: postChannel,
  body: z.string(),
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  /** Clips, audiograms and cards: what will be published, moving image included. */
  items: z.array(tokenMedia),
  /** Photos (kind 'photo') and items together, in the post's one order. */
  media: z.array(tokenMedia),
  state: approvalState,
  decidedAt: z.string().nullable(),
  expiresAt: z.string(),
});

export const decided = publicApproval.pick({ state: true, decidedAt: true });

export type PostVersion = z.infer<typeof postVersion>;
export type PostApproval = z.infer<typeof postApproval>;
export type PostPublication = z.infer<typeof postPublication>;
export type ChannelPost = z.infer<typeof channelPost>;
export type PostOverview = z.infer<typeof postOverview>;
export type PublicApproval = z.infer<typeof publicApproval>;
