/**
 * Text made safe and proper to draw: bidi controls removed (an override turns "exe.gpj" into
 * "jpg.exe"), runs of combining marks cut (hundreds of them draw a stroke across a card and cost
 * shaping time), German quotation marks with the inner ones as ‚…‘.
 */

/** Bidi embedding, override and isolate controls, and the marks (LRM, RLM, ALM). */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function stripBidi(text: string): string {
  return text.replace(BIDI, '');
}

/** At most `max` combining marks after each base character. */
export function limitCombiningMarks(text: string, max = 3): string {
  return text.replace(/(\p{M}{1,1000})\p{M}*/gu, (run) => [...run].slice(0, max).join(''));
}

/** What any rendered or mailed text goes through: NFC, no bidi controls, bounded combining marks. */
export function cleanText(text: string): string {
  return limitCombiningMarks(stripBidi(text.normalize('NFC')));
}

const OPENING = /[„“"«»‚‘']/;

/**
 * An apostrophe, not a quote: a single mark inside a word (geht's), or at a word's end (Hans’)
 * while no quote is open.
 */
function isApostrophe(ch: string, before: string, after: string, open: boolean): boolean {
  const single = ch === "'" || ch === '‚' || ch === '‘' || ch === '’';
  if (!single || !/[\p{L}\p{N}]/u.test(before)) return false;
  return /[\p{L}]/u.test(after) || !open;
}

/** Whether a quotation mark opens a quote: by its shape, else by what stands before and after it. */
function opensQuote(ch: string, before: string, after: string, first: boolean, open: boolean): boolean {
  if (ch === '„' || ch === '‚' || ch === '«') return true;
  if (ch === '”' || ch === '’' || ch === '»') return false;
  if (/[\s([{\-–—/]/.test(before) || first) return !(/\s/.test(after) && open);
  return false;
}

/**
 * German quotation marks: outer „…“, inner ‚…‘, whatever the writer typed ("…", “…”, «…», „…„…“…“).
 * `depth` 1 sets the text as the inside of a quote (a card wraps its quote in „…“). An apostrophe
 * inside a word (geht's) stays.
 */
export function germanQuotes(text: string, depth = 0): string {
  let level = depth;
  let out = '';
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (!OPENING.test(ch) && ch !== '”' && ch !== '’') {
      out += ch;
      continue;
    }
    const before = chars[i - 1] ?? ' ';
    const after = chars[i + 1] ?? ' ';
    if (isApostrophe(ch, before, after, level > depth)) {
      out += '’';
      continue;
    }
    if (opensQuote(ch, before, after, i === 0, level > depth)) {
      out += level % 2 === 0 ? '„' : '‚';
      level++;
    } else if (level > depth) {
      level--;
      out += level % 2 === 0 ? '“' : '‘';
    } else out += level % 2 === 0 ? '“' : '‘';
  }
  return out;
}

/**
 * A quote without the quotation marks around it (a card sets its own), only when they are a pair
 * around the whole: „A“ sagt er, „B“ keeps its marks.
 */
export function unquote(text: string): string {
  const trimmed = text.trim();
  const chars = [...trimmed];
  if (chars.length < 2 || !/[„“"»«]/.test(chars[0]!) || !/[“”"«»]/.test(chars[chars.length - 1]!)) return trimmed;
  // The opening mark must stay open until the last character.
  let depth = 1;
  for (let i = 1; i < chars.length - 1; i++) {
    const ch = chars[i]!;
    const before = chars[i - 1]!;
    if (ch === '„' || ((ch === '“' || ch === '"') && /[\s([{]/.test(before))) depth++;
    else if (ch === '”' || ch === '“' || ch === '"') depth--;
    if (depth === 0) return trimmed;
  }
  return chars.slice(1, -1).join('').trim();
}
