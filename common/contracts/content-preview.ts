import { z } from 'zod';
import { captionStyles } from '../media-template';
import { clipFormats } from '../schemas/content';

/** A card as it will be made (a PNG as a data URI). */
export const cardPreview = z.object({ image: z.string() });

/**
 * A clip or audiogram before it is rendered: where the crop lies in the source picture, the
 * platforms' safe area, and every picture the render lays over (captions as burned in, hook, lower
 * third, logo) with its place in the output frame and its time in the clip (null: all along).
 */
export const clipPreview = z.object({
  kind: z.enum(['clip', 'audiogram']),
  format: z.enum(clipFormats),
  start: z.number(),
  duration: z.number(),
  style: z.enum(captionStyles),
  crop: z
    .object({
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
      sourceWidth: z.number(),
      sourceHeight: z.number(),
    })
    .nullable(),
  safe: z.object({ top: z.number(), bottom: z.number(), left: z.number(), right: z.number() }),
  background: z.string().nullable(),
  layers: z.array(
    z.object({
      src: z.string(),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
      start: z.number().nullable(),
      end: z.number().nullable(),
    }),
  ),
});

export type CardPreview = z.output<typeof cardPreview>;
export type ClipPreview = z.output<typeof clipPreview>;
