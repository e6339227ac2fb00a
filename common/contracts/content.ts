import { z } from 'zod';
import { itemKinds } from '../schemas/content';
import { mediaTemplate } from '../media-template';

/** Which consents a submission holds. */
export const consentState = z.object({
  publication: z.boolean(),
  naming: z.boolean(),
  photo: z.boolean(),
  video: z.boolean(),
});

/** A quote card, clip or audiogram of a submission. */
export const contentItem = z.object({
  id: z.number(),
  kind: z.enum(itemKinds),
  format: z.string(),
  alt: z.string(),
  /** rendering (queued or running), ready, failed, cancelled */
  state: z.enum(['queued', 'rendering', 'ready', 'failed', 'cancelled']),
  progress: z.number().nullable(),
  fileType: z.string().nullable(),
  size: z.number().nullable(),
  durationMs: z.number().nullable(),
  url: z.string().nullable(),
  /** WebVTT of a rendered clip or audiogram (the player's caption track). */
  captionsUrl: z.string().nullable(),
  replacesId: z.number().nullable(),
  /** Consent needed by this item. */
  needs: z.object({ publication: z.literal(true), naming: z.boolean(), photo: z.boolean(), video: z.boolean() }),
  attachable: z.boolean(),
  spec: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

export const timedWord = z.object({ start: z.number(), end: z.number(), text: z.string() });

/** A video or audio file a clip or audiogram can be cut from. */
export const clipSource = z.object({
  mediaId: z.number(),
  kind: z.enum(['video', 'audio']),
  name: z.string(),
  durationMs: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  words: z.array(timedWord).nullable(),
});

export const contentOverview = z.object({
  contentId: z.number(),
  consent: consentState,
  contributor: z.object({ name: z.string().nullable(), role: z.string().nullable() }),
  items: z.array(contentItem),
  sources: z.array(clipSource),
  photos: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The tenant's templates: the card layout and caption style preselected. */
  template: mediaTemplate,
  /** Sentences a quote can come from. */
  quotes: z.object({ transcript: z.array(z.string()), answers: z.array(z.string()) }),
});

/** Passages proposed for a clip, by the model or by the rules. */
export const proposals = z.object({ kind: z.enum(['model', 'rules']), passages: z.array(timedWord) });

/** An edit of an item: the fields of its spec that change (the item kind's schema checks them). */
export const itemChanges = z.record(z.string(), z.unknown());

export type ConsentState = z.output<typeof consentState>;
export type ContentItem = z.output<typeof contentItem>;
export type TimedWord = z.output<typeof timedWord>;
export type ClipSource = z.output<typeof clipSource>;
export type ContentOverview = z.output<typeof contentOverview>;
export type Proposals = z.output<typeof proposals>;
