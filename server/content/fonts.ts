import { createRequire } from 'node:module';
import path from 'node:path';
import { cleanText, textWidth as measure } from '../../common/typesetting';

const require = createRequire(import.meta.url);
const interDir = path.dirname(require.resolve('@expo-google-fonts/inter/package.json'));

/** The fonts every card and caption uses: shipped with the app (Inter, OFL), never the system's. */
export const fontFiles = {
  regular: path.join(interDir, '400Regular/Inter_400Regular.ttf'),
  semibold: path.join(interDir, '600SemiBold/Inter_600SemiBold.ttf'),
  bold: path.join(interDir, '700Bold/Inter_700Bold.ttf'),
};

export const FONT_FAMILY = 'Inter';

/** resvg options: only our font files, no system font lookup. */
export const resvgFontOptions = {
  fontFiles: Object.values(fontFiles),
  loadSystemFonts: false,
  defaultFontFamily: FONT_FAMILY,
};

/** The width of `text` in px at `size` in the shipped font's own advance widths (common/typesetting). */
export function textWidth(text: string, size: number, bold = false): number {
  return measure(text, size, bold ? 700 : 400);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these control characters; they are removed on purpose
const xmlForbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

/** Text for an SVG: cleaned (no bidi controls, bounded combining marks) and escaped. */
export const escapeXml = (s: string) =>
  cleanText(s)
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    .replace(xmlForbidden, '');
