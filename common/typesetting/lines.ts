import { hyphenParts } from './hyphenate';
import { type FontName, textWidth, type Weight } from './measure';

export type Box = { width: number; height: number };
export type Font = {
  /** The size to start from (px); it steps down to `minSize` until the text fits. */
  size: number;
  minSize?: number;
  weight?: Weight;
  /** Line height as a factor of the size. */
  lineHeight?: number;
  maxLines?: number;
  /** How far the size steps down at a time (px). */
  step?: number;
  /** The shipped font the text is drawn in: lines are measured in its widths (default Inter). */
  family?: FontName;
};
/**
 * What the text is: a quote may be hyphenated at German hyphenation points; a name or a role is
 * never hyphenated nor cut inside a word (it breaks only at spaces, and the size steps down).
 */
export type TextRole = 'quote' | 'name' | 'role' | 'caption';
export type Layout = {
  lines: string[];
  size: number;
  lineHeight: number;
  /** False when even the smallest size overflows the box (the lines are then the best there is). */
  fits: boolean;
  /** True when the text was shortened at a word boundary with "…" to fit. */
  truncated: boolean;
};

const isPunctuation = (token: string) => !/[\p{L}\p{N}]/u.test(token);
const opensOnly = (token: string) => /^[„“"»«‚‘([¿¡]+$/u.test(token);

/**
 * The units a line may break between: words, with a token of punctuation alone (– … .“ !) glued
 * to the word before it and an opening mark alone („ ( ) to the word after it, joined by a
 * no-break space, so no line starts with punctuation or holds only punctuation.
 */
export function breakUnits(text: string): string[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  const units: string[] = [];
  let pendingOpen = '';
  for (const token of tokens) {
    if (opensOnly(token)) {
      pendingOpen += `${token}\u00a0`;
      continue;
    }
    if (isPunctuation(token) && units.length && !pendingOpen) {
      units[units.length - 1] += `\u00a0${token}`;
      continue;
    }
    units.push(pendingOpen + token);
    pendingOpen = '';
  }
  if (pendingOpen) {
    if (units.length) units[units.length - 1] += `\u00a0${pendingOpen.trim()}`;
    else units.push(pendingOpen.trim());
  }
  return units;
}

/** A unit's parts where it may be hyphenated (the glued punctuation stays with its part). */
function partsOf(unit: string): string[] {
  const words = unit.split('\u00a0');
  // Hyphenate the longest word of the unit; the rest stays glued to its first or last part.
  let longest = 0;
  words.forEach((w, i) => {
    if (w.length > words[longest]!.length) longest = i;
  });
  const parts = hyphenParts(words[longest]!);
  const before = words.slice(0, longest).join('\u00a0');
  const after = words.slice(longest + 1).join('\u00a0');
  if (before) parts[0] = `${before}\u00a0${parts[0]}`;
  if (after) parts[parts.length - 1] += `\u00a0${after}`;
  return parts;
}

const withHyphen = (piece: string) => (piece.endsWith('-') ? piece : `${piece}-`);

/** Measures text at one size, weight and font. */
type Measure = (text: string) => number;

/**
 * Places a unit wider than a line at its hyphenation points: the first syllables fill the current
 * line where they fit, the rest goes in whole lines. Returns the open last line, or null when a
 * syllable is wider than a line.
 */
function hyphenateInto(lines: string[], line: string, unit: string, maxWidth: number, width: Measure): string | null {
  const parts = partsOf(unit);
  if (parts.length < 2) return null;
  let k = 0;
  if (line) {
    let fit = 0;
    for (let j = 1; j < parts.length; j++)
      if (width(`${line} ${withHyphen(parts.slice(0, j).join(''))}`) <= maxWidth) fit = j;
    lines.push(fit > 0 ? `${line} ${withHyphen(parts.slice(0, fit).join(''))}` : line);
    k = fit;
  }
  let open = '';
  while (k < parts.length) {
    let j = k;
    while (j < parts.length && width(parts.slice(k, j + 1).join('') + (j + 1 < parts.length ? '-' : '')) <= maxWidth)
      j++;
    if (j === k) return null;
    const piece = parts.slice(k, j).join('');
    if (j < parts.length) lines.push(withHyphen(piece));
    else open = piece;
    k = j;
  }
  return open;
}

/**
 * Lines of at most `maxWidth` px, filled greedily; a unit wider than a line is hyphenated at German
 * hyphenation points when allowed. Null when something cannot be placed (a unit, or a syllable,
 * wider than a line): the caller steps the size down.
 */
export function breakLines(
  units: string[],
  maxWidth: number,
  size: number,
  weight: Weight,
  hyphenate: boolean,
  family: FontName = 'inter',
): string[] | null {
  const width: Measure = (s) => textWidth(s, size, weight, family);
  const lines: string[] = [];
  let line = '';
  for (const unit of units) {
    const candidate = line ? `${line} ${unit}` : unit;
    if (width(candidate) <= maxWidth) line = candidate;
    else if (width(unit) <= maxWidth) {
      lines.push(line);
      line = unit;
    } else {
      const open = hyphenate ? hyphenateInto(lines, line, unit, maxWidth, width) : null;
      if (open === null) return null;
      line = open;
    }
  }
  if (line) lines.push(line);
  return lines.map((l) => l.replace(/\u00a0/g, ' '));
}

/**
 * Sets `text` in `box`: as large as fits from `font.size` down to `font.minSize`, words never cut,
 * a quote's long compounds hyphenated at valid points, a name or role never hyphenated. When even
 * the smallest size does not fit, a quote is shortened at a word boundary with "…" (`truncated`),
 * a name keeps its words whole and overflows (`fits: false`).
 */
export function layoutText(text: string, box: Box, font: Font, opts: { role?: TextRole } = {}): Layout {
  const role = opts.role ?? 'quote';
  const weight = font.weight ?? 700;
  const family = font.family ?? 'inter';
  const factor = font.lineHeight ?? 1.25;
  const minSize = Math.min(font.size, font.minSize ?? font.size);
  const step = font.step ?? 2;
  const units = breakUnits(text);
  const mayHyphenate = role === 'quote' || role === 'caption';
  const maxLinesAt = (size: number) =>
    Math.min(font.maxLines ?? Number.POSITIVE_INFINITY, Math.max(1, Math.floor((box.height + 1e-6) / (size * factor))));
  for (let size = font.size; size >= minSize; size -= step) {
    const maxLines = maxLinesAt(size);
    for (const hyphenate of mayHyphenate ? [false, true] : [false]) {
      const lines = breakLines(units, box.width, size, weight, hyphenate, family);
      if (lines && lines.length <= maxLines)
        return { lines, size, lineHeight: size * factor, fits: true, truncated: false };
    }
  }
  // Nothing fits: the smallest size, the words whole.
  const size = minSize;
  const maxLines = maxLinesAt(size);
  const lines =
    breakLines(units, box.width, size, weight, mayHyphenate, family) ??
    breakLines(units, Number.POSITIVE_INFINITY, size, weight, false, family)!;
  if (role === 'quote' && lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    let last = `${kept[maxLines - 1]!} …`;
    while (textWidth(last, size, weight, family) > box.width && last.includes(' '))
      last = last.replace(/\s+\S+\s…$/, ' …');
    kept[maxLines - 1] = last.replace(/-\s…$/, ' …');
    return { lines: kept, size, lineHeight: size * factor, fits: true, truncated: true };
  }
  const widest = Math.max(...lines.map((l) => textWidth(l, size, weight, family)));
  return {
    lines,
    size,
    lineHeight: size * factor,
    fits: widest <= box.width && lines.length <= maxLines,
    truncated: false,
  };
}

/**
 * The largest size (from `font.size` down to `font.minSize`) at which every one of the given lines
 * is at most `width` wide: captions keep the lines their builder chose and shrink instead.
 */
export function fitLines(lines: string[], width: number, font: Font): number {
  const weight = font.weight ?? 700;
  const minSize = Math.min(font.size, font.minSize ?? font.size);
  const widest = Math.max(0, ...lines.map((l) => textWidth(l, 1, weight, font.family)));
  if (widest === 0) return font.size;
  return Math.max(minSize, Math.min(font.size, Math.floor(width / widest)));
}
