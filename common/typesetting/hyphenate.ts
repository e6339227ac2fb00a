// The Liang patterns of German (1996 spelling), CommonJS: the file itself, so Node's ESM loader,
// Vite and esbuild all find it.
import german from 'hyphen/de-1996/index.js';

const patterns = () => german;

const SOFT = '\u00ad';

/**
 * The parts of a word between which it may be hyphenated (German patterns, at least two letters on
 * either side): "Windkraftanlagengetriebe" → Wind|kraft|an|la|gen|ge|trie|be. Punctuation around
 * the word stays with the first and last part; a word with an explicit hyphen also breaks after it
 * (the part keeps its "-").
 */
export function hyphenParts(word: string): string[] {
  const m = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u.exec(word)!;
  const [, lead, core, tail] = m as unknown as [string, string, string, string];
  if (core.length < 4) return [word];
  const parts: string[] = [];
  for (const [i, piece] of core.split('-').entries()) {
    const last = i === core.split('-').length - 1;
    const syllables = /^[\p{L}]{4,}$/u.test(piece)
      ? patterns().hyphenateSync(piece, { hyphenChar: SOFT }).split(SOFT)
      : [piece];
    if (!last) syllables[syllables.length - 1] += '-';
    parts.push(...syllables.filter((s) => s.length > 0));
  }
  if (parts.length === 0) return [word];
  parts[0] = lead + parts[0]!;
  parts[parts.length - 1] += tail;
  return parts;
}
