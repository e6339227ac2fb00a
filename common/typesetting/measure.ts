import { packedAdvances } from './metrics';

/** The weights of the shipped font (Inter) that text is set in. */
export type Weight = 400 | 600 | 700;

let decoded: Record<Weight, Map<number, number>> | null = null;

function advances(weight: Weight): Map<number, number> {
  if (!decoded) {
    const read = (packed: string) =>
      new Map(
        packed.split(',').map((pair) => {
          const [cp, w] = pair.split(':');
          return [Number.parseInt(cp!, 36), Number.parseInt(w!, 36)] as [number, number];
        }),
      );
    decoded = { 400: read(packedAdvances[400]), 600: read(packedAdvances[600]), 700: read(packedAdvances[700]) };
  }
  return decoded[weight];
}

/** Whether the main font has a glyph for this character (combining marks and joiners count as drawable). */
export function mainFontHas(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  return advances(400).has(cp) || /^(\p{M}|\u200c|\u200d|\ufe0e|\ufe0f)$/u.test(ch);
}

/**
 * The width of `text` in px at `size` in the shipped font's advance widths (no kerning, which only
 * narrows): characters the font lacks count as wide (a fallback font draws them).
 */
export function textWidth(text: string, size: number, weight: Weight = 700): number {
  const table = advances(weight);
  let units = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const w = table.get(cp);
    if (w !== undefined) units += w;
    else if (/\p{M}/u.test(ch)) units += 0;
    else units += 1000;
  }
  return (units / 1000) * size;
}
