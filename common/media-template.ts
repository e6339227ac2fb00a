import { z } from 'zod';
import { texts } from './texts';

/**
 * A tenant's templates for what is rendered from its material (issue 39.5): the quote card's
 * layout, how clips caption the words, and which shipped font both use. Stored per tenant
 * (migration 0033), set on /admin/bereiche with the tenant's other settings.
 */
export const cardLayouts = ['quote', 'photo', 'name'] as const;
export type CardLayout = (typeof cardLayouts)[number];
export const captionStyles = ['plain', 'words'] as const;
export type CaptionStyle = (typeof captionStyles)[number];
/** The fonts shipped with the app (server/content/font-choice.ts has their files). */
export const mediaFonts = ['inter', 'atkinson', 'serif'] as const;
export type MediaFont = (typeof mediaFonts)[number];

const invalid = { message: texts.templates.invalid };

export const mediaTemplate = z.object({
  cardLayout: z.enum(cardLayouts, invalid).default('quote'),
  captionStyle: z.enum(captionStyles, invalid).default('plain'),
  font: z.enum(mediaFonts, invalid).default('inter'),
});
export type MediaTemplate = z.infer<typeof mediaTemplate>;

export const defaultMediaTemplate: MediaTemplate = { cardLayout: 'quote', captionStyle: 'plain', font: 'inter' };

/** A stored row's values, unknown ones (a font removed since) read as the default. */
export function mediaTemplateOf(row: { card_layout?: string; caption_style?: string; media_font?: string }) {
  const pick = <T extends string>(list: readonly T[], value: string | undefined, fallback: T): T =>
    list.includes(value as T) ? (value as T) : fallback;
  return {
    cardLayout: pick(cardLayouts, row.card_layout, 'quote'),
    captionStyle: pick(captionStyles, row.caption_style, 'plain'),
    font: pick(mediaFonts, row.media_font, 'inter'),
  } satisfies MediaTemplate;
}
