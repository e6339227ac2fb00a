import { createRequire } from 'node:module';
import path from 'node:path';
import { choiceFontFiles } from './font-choice';

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
  fontFiles: [...Object.values(fontFiles), ...choiceFontFiles],
  loadSystemFonts: false,
  defaultFontFamily: FONT_FAMILY,
};

// Advance widths of Inter in em (measured from the regular and bold cuts, rounded up a little),
// so text is wrapped before it is drawn; unknown characters count as wide.
const narrow = new Set([..."iIlj.,;:!|'’‚‘ "]);
const semi = new Set([...'frt()[]-–/"“„”1']);
const wide = new Set([...'mwMWÆŒ@%']);

/** The width of `text` in px at `size`, a little generous (bold: +4 %). */
export function textWidth(text: string, size: number, bold = false): number {
  let em = 0;
  for (const ch of text) {
    if (narrow.has(ch)) em += 0.28;
    else if (semi.has(ch)) em += 0.4;
    else if (wide.has(ch)) em += 0.9;
    else if (ch >= 'A' && ch <= 'Z') em += 0.7;
    else if ('ÄÖÜ'.includes(ch)) em += 0.72;
    else if (/[0-9]/.test(ch)) em += 0.6;
    else em += 0.58;
  }
  return em * size * (bold ? 1.04 : 1);
}

/** Greedy word wrap to `maxWidth`; a word longer than a line is split. */
export function wrap(text: string, size: number, maxWidth: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const raw of text.split(/\s+/).filter(Boolean)) {
    let word = raw;
    while (textWidth(word, size, bold) > maxWidth) {
      let cut = word.length - 1;
      while (cut > 1 && textWidth(`${word.slice(0, cut)}-`, size, bold) > maxWidth) cut--;
      if (line) lines.push(line);
      lines.push(`${word.slice(0, cut)}-`);
      line = '';
      word = word.slice(cut);
    }
    const next = line ? `${line} ${word}` : word;
    if (textWidth(next, size, bold) <= maxWidth) line = next;
    else {
      if (line) lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these control characters; they are removed on purpose
const xmlForbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

export const escapeXml = (s: string) =>
  s
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    .replace(xmlForbidden, '');
