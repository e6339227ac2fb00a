import { createRequire } from 'node:module';
import path from 'node:path';
import { cleanText, mainFontHas, textWidth as measure } from '../../common/typesetting';
import { choiceFontFiles } from './font-choice';
import type { MediaFont } from '../../common/media-template';

const require = createRequire(import.meta.url);
const fontDir = (name: string) => path.dirname(require.resolve(`@expo-google-fonts/${name}/package.json`));
const interDir = fontDir('inter');

/** The fonts every card and caption uses: shipped with the app (Inter, OFL), never the system's. */
export const fontFiles = {
  regular: path.join(interDir, '400Regular/Inter_400Regular.ttf'),
  semibold: path.join(interDir, '600SemiBold/Inter_600SemiBold.ttf'),
  bold: path.join(interDir, '700Bold/Inter_700Bold.ttf'),
};

export const FONT_FAMILY = 'Inter';

/**
 * Fallbacks for what Inter cannot draw (Noto, OFL, installed with `npm ci`): Arabic, Hebrew and
 * emoji (monochrome, in the text colour). resvg picks them glyph by glyph and shapes right-to-left
 * text itself.
 */
export const fallbackFontFiles = [
  path.join(fontDir('noto-sans-arabic'), '400Regular/NotoSansArabic_400Regular.ttf'),
  path.join(fontDir('noto-sans-arabic'), '700Bold/NotoSansArabic_700Bold.ttf'),
  path.join(fontDir('noto-sans-hebrew'), '400Regular/NotoSansHebrew_400Regular.ttf'),
  path.join(fontDir('noto-sans-hebrew'), '700Bold/NotoSansHebrew_700Bold.ttf'),
  path.join(fontDir('noto-emoji'), '400Regular/NotoEmoji_400Regular.ttf'),
  path.join(fontDir('noto-emoji'), '700Bold/NotoEmoji_700Bold.ttf'),
];

/** Scripts the fallback fonts draw. */
const FALLBACK_SCRIPTS = /^(\p{Script=Arabic}|\p{Script=Hebrew}|\p{Extended_Pictographic}|\p{Emoji_Component})$/u;

/**
 * The characters of `text` that no shipped font draws (Chinese, Cyrillic beyond Inter's, rare
 * symbols…): a card with any of them is refused with a German message rather than drawn as boxes.
 */
export function undrawable(text: string): string[] {
  const missing = new Set<string>();
  for (const ch of text) {
    if (/\s/.test(ch) || mainFontHas(ch) || FALLBACK_SCRIPTS.test(ch)) continue;
    missing.add(ch);
  }
  return [...missing];
}

/** resvg options: only our font files, no system font lookup. */
export const resvgFontOptions = {
  fontFiles: [...Object.values(fontFiles), ...choiceFontFiles, ...fallbackFontFiles],
  loadSystemFonts: false,
  defaultFontFamily: FONT_FAMILY,
};

/** resvg reads every font file for each render: the fallbacks only when the SVG needs them. */
export function fontOptionsFor(svg: string) {
  for (const ch of svg) {
    if (ch.charCodeAt(0) < 0x250 || mainFontHas(ch)) continue;
    return resvgFontOptions;
  }
  return { ...resvgFontOptions, fontFiles: [...Object.values(fontFiles), ...choiceFontFiles] };
}

/** The width of `text` in px at `size` in the chosen shipped font's own advance widths (common/typesetting). */
export function textWidth(text: string, size: number, bold = false, font: MediaFont = 'inter'): number {
  return measure(text, size, bold ? 700 : 400, font);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these control characters; they are removed on purpose
const xmlForbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

/** Text for an SVG: cleaned (no bidi controls, bounded combining marks) and escaped. */
export const escapeXml = (s: string) =>
  cleanText(s)
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    .replace(xmlForbidden, '');
