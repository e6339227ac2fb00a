import { z } from 'zod';
import { texts } from '../texts';
import { MAX_ID } from './submissions';
import { captionStyles, cardLayouts } from '../media-template';

const t = texts.content;
const invalid = { error: texts.common.invalidInput };
const id = z.number(invalid).int(invalid).positive(invalid).max(MAX_ID, invalid);

export const cardFormats = ['4:5', '1:1'] as const;
export const clipFormats = ['9:16', '1:1', '16:9'] as const;
export const itemKinds = ['card', 'clip', 'audiogram'] as const;
export type ItemKind = (typeof itemKinds)[number];
/** Output size of each clip format. */
export const clipSizes = {
  '9:16': { width: 1080, height: 1920 },
  '1:1': { width: 1080, height: 1080 },
  '16:9': { width: 1920, height: 1080 },
} as const;

/**
 * The largest part of a `srcW`×`srcH` picture with the format's aspect (even sizes), and which way
 * it can move: left–right when the source is wider than the format, up–down when it is taller.
 */
export function cropBox(srcW: number, srcH: number, format: (typeof clipFormats)[number]) {
  const { width: W, height: H } = clipSizes[format];
  const even = (v: number) => Math.max(2, Math.floor(v / 2) * 2);
  const cw = even(Math.min(srcW, (srcH * W) / H));
  const ch = even(Math.min(srcH, (srcW * H) / W));
  return { cw, ch, moveX: srcW - cw >= 2, moveY: srcH - ch >= 2 };
}
/** Longest clip or audiogram in seconds. */
export const MAX_CLIP_SECONDS = 180;

const alt = z.string(invalid).trim().max(1000, invalid).optional();

export const newCard = z.object({
  format: z.enum(cardFormats, invalid),
  quote: z.string(t.quoteMissing).trim().min(1, t.quoteMissing).max(400, t.quoteTooLong),
  showName: z.boolean(invalid).default(false),
  photoMediaId: id.nullable().default(null),
  /** quote | photo | name; not set: the tenant's template. */
  layout: z.enum(cardLayouts, invalid).optional(),
  alt,
});
export type NewCard = z.infer<typeof newCard>;

const unit = z.number(invalid).min(0, invalid).max(1, invalid);
export const newClip = z
  .object({
    mediaId: id,
    start: z
      .number(t.rangeInvalid)
      .min(0, t.rangeInvalid)
      .max(24 * 3600, t.rangeInvalid),
    end: z
      .number(t.rangeInvalid)
      .min(0, t.rangeInvalid)
      .max(24 * 3600, t.rangeInvalid),
    format: z.enum(clipFormats, invalid).default('9:16'),
    cropX: unit.default(0.5),
    cropY: unit.default(0.5),
    /** Audiograms: the contributor's photo instead of the waveform's empty space. */
    photoMediaId: id.nullable().default(null),
    /** The contributor's name and role (lower third; on an audiogram below the portrait): needs their naming consent. */
    showName: z.boolean(invalid).default(false),
    /** A line shown large in the first seconds. */
    hook: z
      .string(invalid)
      .trim()
      .max(80, texts.templates.hookTooLong)
      .nullable()
      .default(null)
      .transform((v) => v || null),
    /** plain | words; not set: the tenant's template. */
    captionStyle: z.enum(captionStyles, invalid).optional(),
    alt,
  })
  .refine((c) => c.end - c.start >= 1 && c.end - c.start <= MAX_CLIP_SECONDS, {
    message: t.rangeInvalid,
    path: ['end'],
  });
export type NewClip = z.infer<typeof newClip>;

/** The source a clip's passages are proposed from. */
export const proposalQuery = z.object({
  mediaId: z.coerce
    .number(texts.common.invalidInput)
    .int(texts.common.invalidInput)
    .positive(texts.common.invalidInput),
});

export const itemParams = z.object({
  contentId: z.coerce.number(invalid).int(invalid).positive(invalid).max(MAX_ID, invalid),
  itemId: z.coerce.number(invalid).int(invalid).positive(invalid).max(MAX_ID, invalid),
});

/** The consent an item needs and whether it was given. */
export type ItemConsent = {
  publication: boolean;
  naming: boolean | null;
  photo: boolean | null;
  video: boolean | null;
};
