import { endsSentence } from './sentences';

/**
 * The one caption builder: timed words → cues of at most two lines of at most 42 characters,
 * 1–7 s at about 17 characters a second, broken at phrase boundaries (never after an article,
 * preposition or conjunction), a sentence's last word kept with its sentence. The player's
 * captions, the VTT/SRT files and the burned-in captions of clips and audiograms all use it.
 */

export type TimedSpan = { start: number; end: number; text: string };
/** A cue: its lines, and its words with their times (for a style that marks the spoken word). */
export type Cue = { start: number; end: number; lines: string[]; words?: TimedSpan[] };
export type CueRules = {
  maxChars: number;
  maxLines: number;
  minSeconds: number;
  maxSeconds: number;
  /** The reading rate a cue's time on screen allows for (broadcasters' guides: about 17). */
  charsPerSecond: number;
};

export const CAPTION_RULES: CueRules = {
  maxChars: 42,
  maxLines: 2,
  minSeconds: 1,
  maxSeconds: 7,
  charsPerSecond: 17,
};

/** Words after which a line or cue must not break: articles, prepositions, conjunctions, determiners. */
const BINDS_FORWARD = new Set(
  (
    'der die das den dem des ein eine einen einem einer eines kein keine keinen keinem keiner ' +
    'mein meine meinen meinem meiner dein deine sein seine seinen seinem seiner ihr ihre ihren ihrem ihrer ' +
    'unser unsere unseren unserem unserer euer eure diese dieser diesen diesem dieses jede jeder jeden jedem jedes ' +
    'in im ins an am ans auf aus bei beim mit nach von vom zu zum zur für über unter vor hinter neben zwischen ' +
    'durch gegen ohne um bis seit während wegen trotz statt ab per pro je laut gemäß ' +
    'und oder aber sondern denn weil dass ob wenn als wie sowie sodass damit obwohl bevor nachdem falls ' +
    'sobald solange während wobei weder noch sowohl entweder zwar ' +
    'sehr ganz so nicht auch noch schon'
  ).split(' '),
);

const bare = (word: string) => word.toLocaleLowerCase('de').replace(/[^\p{L}\p{N}]/gu, '');
const CLAUSE_END = /[,;:–—]["'»«“”‘’)]*$/;

/** Whether a line or cue may end after this word (not "der", "mit", "und", …). */
export function bindsForward(word: string): boolean {
  return !/[\p{P}]$/u.test(word) && BINDS_FORWARD.has(bare(word));
}

/** How bad a break after words[k-1] is (lower is better). */
function breakCost(words: readonly string[], ends: readonly boolean[], k: number, gap = 0): number {
  const before = words[k - 1]!;
  let cost = 0;
  if (ends[k - 1]) cost -= 100;
  else if (CLAUSE_END.test(before) || / [–—]$/.test(before)) cost -= 50;
  if (bindsForward(before)) cost += 80;
  // A sentence's last word stays with it (unless the sentence is that one word).
  if (ends[k] && k >= 1 && !ends[k - 1]) cost += 120;
  cost -= Math.min(60, gap * 50);
  return cost;
}

/**
 * One or two lines of at most `maxChars`, broken where it reads best (balanced, at a phrase
 * boundary). A single word longer than a line stands alone on its line, whole.
 */
export function layoutLines(
  words: readonly string[],
  maxChars: number = CAPTION_RULES.maxChars,
  maxLines: number = CAPTION_RULES.maxLines,
): string[] | null {
  const whole = words.join(' ');
  if (whole.length <= maxChars || words.length === 1) return [whole];
  if (maxLines < 2) return null;
  const ends = words.map((_, i) => endsSentence(words, i));
  let best: { lines: string[]; score: number } | null = null;
  for (let k = 1; k < words.length; k++) {
    const first = words.slice(0, k).join(' ');
    const second = words.slice(k).join(' ');
    const tooLong = (line: string, count: number) => line.length > maxChars && count > 1;
    if (tooLong(first, k) || tooLong(second, words.length - k)) continue;
    const score = Math.abs(first.length - second.length) + breakCost(words, ends, k) * 0.5;
    if (!best || score < best.score) best = { lines: [first, second], score };
  }
  return best?.lines ?? null;
}

/** A cue that would be on screen less than the minimum joins a neighbour where the two fit as one. */
function mergeShort(
  groups: number[][],
  words: readonly TimedSpan[],
  fits: (idx: number[]) => boolean,
  minSeconds: number,
): void {
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i]!;
    const next = groups[i + 1];
    const until = next ? words[next[0]!]!.start : Number.POSITIVE_INFINITY;
    if (until - words[group[0]!]!.start >= minSeconds) continue;
    if (next && fits([...group, ...next])) {
      groups.splice(i, 2, [...group, ...next]);
      i--;
    } else if (i > 0 && fits([...groups[i - 1]!, ...group])) {
      groups.splice(i - 1, 2, [...groups[i - 1]!, ...group]);
      i -= 2;
    } else if (i > 0) {
      // Take words from the end of the cue before (a whole phrase: never leave it ending on "mit").
      const before = groups[i - 1]!;
      let moved = group;
      while (before.length > 1 && fits([before[before.length - 1]!, ...moved])) {
        moved = [before.pop()!, ...moved];
        const enough = until - words[moved[0]!]!.start >= minSeconds;
        if (enough && !bindsForward(words[before[before.length - 1]!]!.text)) break;
      }
      groups[i] = moved;
    }
  }
}

/** Cues from timed words (times as given; a clip passes its window's words shifted to 0). */
export function buildCues(words: readonly TimedSpan[], options: Partial<CueRules> = {}): Cue[] {
  const rules = { ...CAPTION_RULES, ...options };
  const texts = words.map((w) => w.text);
  const ends = texts.map((_, i) => endsSentence(texts, i));
  const groups: number[][] = [];
  let current: number[] = [];
  const textOf = (idx: number[]) => idx.map((i) => texts[i]!);
  const fits = (idx: number[]) =>
    layoutLines(textOf(idx), rules.maxChars, rules.maxLines) !== null &&
    words[idx[idx.length - 1]!]!.end - words[idx[0]!]!.start <= rules.maxSeconds;
  for (let i = 0; i < words.length; i++) {
    if (current.length && !fits([...current, i])) {
      const bestK = bestCut([...current, i], words, texts, ends, fits);
      groups.push(current.slice(0, bestK));
      current = current.slice(bestK);
    }
    current.push(i);
    const first = words[current[0]!]!;
    const duration = words[i]!.end - first.start;
    const next = words[i + 1];
    const pause = next ? next.start - words[i]!.end : 0;
    const chars = textOf(current).join(' ').length;
    if (ends[i] && duration >= rules.minSeconds * 0.8) {
      groups.push(current);
      current = [];
    } else if (CLAUSE_END.test(texts[i]!) && chars >= rules.maxChars && duration >= rules.minSeconds) {
      groups.push(current);
      current = [];
    } else if (pause >= 1.2) {
      groups.push(current);
      current = [];
    }
  }
  if (current.length) groups.push(current);
  mergeShort(groups, words, fits, rules.minSeconds);
  const cues: Cue[] = groups.map((idx) => {
    const ws = idx.map((i) => words[i]!);
    const lineTexts = textOf(idx);
    return {
      start: ws[0]!.start,
      end: ws[ws.length - 1]!.end,
      lines: layoutLines(lineTexts, rules.maxChars, rules.maxLines) ?? [lineTexts.join(' ')],
      words: ws.map((w) => ({ start: w.start, end: w.end, text: w.text })),
    };
  });
  holdToRead(cues, rules);
  return cues;
}

/**
 * Where to cut a cue that its last word (the last of `all`) no longer fits in, so that it reads
 * best: the words from the returned position on go on with that word.
 */
function bestCut(
  all: number[],
  words: readonly TimedSpan[],
  texts: string[],
  ends: boolean[],
  fits: (idx: number[]) => boolean,
): number {
  const count = all.length - 1;
  let bestK = count;
  let bestCost = Number.POSITIVE_INFINITY;
  const local = all.map((w) => texts[w]!);
  const localEnds = all.map((w) => ends[w]!);
  for (let k = 1; k <= count; k++) {
    const rest = all.slice(k);
    if (rest.length > 1 && !fits(rest)) continue;
    const gap = words[all[k]!]!.start - words[all[k - 1]!]!.end;
    // Short cues are worse than long ones: a cut early in the cue costs a little.
    const cost = breakCost(local, localEnds, k, gap) + (count - k) * 4;
    if (cost < bestCost) {
      bestCost = cost;
      bestK = k;
    }
  }
  return bestK;
}

/** On screen long enough to read (about 17 characters a second), 1–7 s, never over the next cue. */
function holdToRead(cues: Cue[], rules: CueRules): void {
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    const nextStart = cues[i + 1]?.start ?? Number.POSITIVE_INFINITY;
    const chars = cue.lines.join(' ').length;
    const wanted = Math.min(rules.maxSeconds, Math.max(rules.minSeconds, chars / rules.charsPerSecond));
    if (cue.end - cue.start < wanted) cue.end = Math.min(cue.start + wanted, nextStart);
    cue.end = Math.min(cue.end, cue.start + rules.maxSeconds, nextStart);
  }
}

/**
 * The cues of the window [from, to] of a recording, with times relative to `from` (a clip cut
 * from it): the words whose middle lies inside, the last cue ending at the window's end at the
 * latest.
 */
export function cuesInWindow(
  words: readonly TimedSpan[],
  from: number,
  to: number,
  options: Partial<CueRules> = {},
): Cue[] {
  const inside = words
    .filter((w) => (w.start + w.end) / 2 >= from && (w.start + w.end) / 2 <= to)
    .map((w) => ({ start: Math.max(0, w.start - from), end: Math.min(to, w.end) - from, text: w.text }));
  const cues = buildCues(inside, options);
  for (const cue of cues) cue.end = Math.min(cue.end, to - from);
  return cues.filter((c) => c.end > c.start);
}

function clock(seconds: number, separator: '.' | ','): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

const vttText = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function toWebVtt(cues: readonly Cue[]): string {
  return `WEBVTT\n\n${cues.map((c) => `${clock(c.start, '.')} --> ${clock(c.end, '.')}\n${c.lines.map(vttText).join('\n')}\n`).join('\n')}`;
}

export function toSrt(cues: readonly Cue[]): string {
  return cues
    .map((c, i) => `${i + 1}\n${clock(c.start, ',')} --> ${clock(c.end, ',')}\n${c.lines.join('\n')}\n`)
    .join('\n');
}
