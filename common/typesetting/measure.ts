import { packedAdvances } from './metrics';

/** The weights text is set in. */
export type Weight = 400 | 600 | 700;
/** The shipped fonts (common/media-template.ts: a tenant's choice); Inter is the default. */
export type FontName = keyof typeof packedAdvances;

const decoded = new Map<string, Map<number, number>>();

function read(packed: string): Map<number, number> {
  return new Map(
    packed.split(',').map((pair) => {
      const [cp, w] = pair.split(':');
      return [Number.parseInt(cp!, 36), Number.parseInt(w!, 36)] as [number, number];
    }),
  );
}

/**
 * The advance widths of a font's cut. A weight the font does not ship (Atkinson and Source Serif
 * have 400 and 700) is drawn in the next heavier cut, as font matching does: 600 in 700.
 */
function advances(font: FontName, weight: Weight): Map<number, number> {
  const cuts = packedAdvances[font] as Partial<Record<Weight, string>>;
  const cut: Weight = cuts[weight] ? weight : 700;
  const id = `${font}:${cut}`;
  let table = decoded.get(id);
  if (!table) {
    table = read(cuts[cut]!);
    decoded.set(id, table);
  }
  return table;
}

/** Whether the main font has a glyph for this character (combining marks and joiners count as drawable). */
export function mainFontHas(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  return advances('inter', 400).has(cp) || /^(\p{M}|\u200c|\u200d|\ufe0e|\ufe0f)$/u.test(ch);
}

/** One character's advance in 1/1000 em: the font's, else Inter's (behind every chosen font), else wide. */
function unitsOf(ch: string, table: Map<number, number>, inter: Map<number, number>): number {
  const cp = ch.codePointAt(0)!;
  const w = table.get(cp) ?? inter.get(cp);
  if (w !== undefined) return w;
  // A combining mark takes no room; a character no shipped font has is drawn by a fallback.
  return /\p{M}/u.test(ch) ? 0 : 1000;
}

/**
 * The width of `text` in px at `size` in the given font's advance widths (no kerning, which only
 * narrows): characters the font lacks are measured in Inter, which stands behind it when drawn.
 */
export function textWidth(text: string, size: number, weight: Weight = 700, font: FontName = 'inter'): number {
  const table = advances(font, weight);
  const inter = advances('inter', weight);
  let units = 0;
  for (const ch of text) units += unitsOf(ch, table, inter);
  return (units / 1000) * size;
}
