/**
 * The one word source of a spoken recording: the transcriber's word times (or its segments' words
 * spread over the segment) aligned to the transcript as corrected — changed words, names,
 * punctuation, added or removed words. Captions, clips, audiograms, proposals and alt texts all read
 * `spokenWords`; the cues come from the one caption builder in `common/typesetting`.
 * Pure functions, no I/O.
 */
import { buildCues, type Cue, type TimedSpan } from './typesetting';

export { buildCues, CAPTION_RULES, type Cue, layoutLines, type TimedSpan, toSrt, toWebVtt } from './typesetting';

/** What a transcriber returns: the text, its segments, and word times when the provider has them. */
export type Timing = {
  text: string;
  segments: TimedSpan[];
  words?: { start: number; end: number; text?: string; word?: string }[];
};

const tokens = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * Words with times: the provider's word times when it gave them, else each segment's words spread
 * over the segment in proportion to their length (segment level is the minimum).
 */
export function timedWords(timing: Timing): TimedSpan[] {
  const given = (timing.words ?? [])
    .map((w) => ({ start: Number(w.start), end: Number(w.end), text: String(w.text ?? w.word ?? '').trim() }))
    .filter((w) => w.text && Number.isFinite(w.start) && Number.isFinite(w.end));
  if (given.length > 0) return given;
  const words: TimedSpan[] = [];
  for (const segment of timing.segments ?? []) {
    const parts = tokens(segment.text);
    if (parts.length === 0) continue;
    const weights = parts.map((p) => p.length + 1);
    const total = weights.reduce((a, b) => a + b, 0);
    const span = Math.max(0, segment.end - segment.start);
    let at = segment.start;
    parts.forEach((text, i) => {
      const length = (span * weights[i]!) / total;
      words.push({ start: at, end: at + length, text });
      at += length;
    });
  }
  return words;
}

const key = (word: string) => word.toLocaleLowerCase('de').replace(/[^\p{L}\p{N}]/gu, '');

/** Matching positions of two long texts without the table: walk both, looking a little ahead for the next match. */
function greedyPairs(a: string[], b: string[]): [number, number][] {
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      pairs.push([i++, j++]);
      continue;
    }
    let found = false;
    for (let d = 1; d < 40 && !found; d++) {
      if (j + d < b.length && a[i] === b[j + d]) {
        j += d;
        found = true;
      } else if (i + d < a.length && a[i + d] === b[j]) {
        i += d;
        found = true;
      }
    }
    if (!found) {
      i++;
      j++;
    }
  }
  return pairs;
}

/** Pairs of matching positions (old, new) of a longest common subsequence; greedy on very long texts. */
function matchTokens(a: string[], b: string[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return [];
  if (n * m > 6_000_000) return greedyPairs(a, b);
  const table = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[at(i, j)] =
        a[i] === b[j] ? table[at(i + 1, j + 1)]! + 1 : Math.max(table[at(i + 1, j)]!, table[at(i, j + 1)]!);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[at(i + 1, j)]! >= table[at(i, j + 1)]!) i++;
    else j++;
  }
  return pairs;
}

/** "Sie:", "Interviewer:" at the start of a transcript line: not spoken, not captioned. */
const SPEAKER_LABEL = /^\s*[\p{L}][\p{L} .-]{0,30}:\s+/u;

/**
 * The words of an edited text with times from the recording's timed words: kept words keep their
 * times, changed or added words share the time between their neighbours. Only the lines of the
 * text that hold this recording's words are used (a transcript may hold several recordings), and
 * speaker labels are dropped. Null when the text has too little in common with the recording
 * (fewer than a third of its words): the edit is not about this recording.
 */
export function alignText(timed: TimedSpan[], text: string): TimedSpan[] | null {
  const lines = text.split(/\n/).map((line) => line.replace(SPEAKER_LABEL, ''));
  const fresh: { text: string; line: number }[] = [];
  lines.forEach((line, index) => {
    for (const word of tokens(line)) fresh.push({ text: word, line: index });
  });
  if (timed.length === 0 || fresh.length === 0) return null;
  const pairs = matchTokens(
    timed.map((w) => key(w.text)),
    fresh.map((w) => key(w.text)),
  );
  if (pairs.length < Math.max(1, timed.length / 3)) return null;
  const firstLine = fresh[pairs[0]![1]]!.line;
  const lastLine = fresh[pairs[pairs.length - 1]![1]]!.line;
  const matchedOld = new Map(pairs.map(([o, f]) => [f, o]));
  const out: TimedSpan[] = [];
  let f = 0;
  while (f < fresh.length) {
    const word = fresh[f]!;
    if (word.line < firstLine || word.line > lastLine) {
      f++;
      continue;
    }
    const old = matchedOld.get(f);
    if (old !== undefined) {
      out.push({ start: timed[old]!.start, end: timed[old]!.end, text: word.text });
      f++;
      continue;
    }
    // A run of new words without a match: spread over the time between the neighbouring matches.
    let g = f;
    while (g < fresh.length && !matchedOld.has(g) && fresh[g]!.line <= lastLine) g++;
    const before = [...pairs].reverse().find(([, nf]) => nf < f);
    const after = pairs.find(([, nf]) => nf >= g);
    const from = before ? timed[before[0]]!.end : timed[0]!.start;
    const to = after ? timed[after[0]]!.start : timed[timed.length - 1]!.end;
    const run = fresh.slice(f, g).filter((w) => w.line >= firstLine);
    const step = Math.max(0, to - from) / Math.max(1, run.length);
    run.forEach((w, k) => out.push({ start: from + k * step, end: from + (k + 1) * step, text: w.text }));
    f = g;
  }
  return out;
}

/**
 * The words of a recording as they are published: its timed words aligned to the corrected text
 * (`corrected`, else the transcriber's own text, which carries the punctuation its word times often
 * lack). The timed words as they are when the text has too little in common with them.
 */
export function spokenWords(timing: Timing, corrected?: string | null): TimedSpan[] {
  const words = timedWords(timing);
  const text = corrected?.trim() || timing.text?.trim();
  if (!text || words.length === 0) return words;
  return alignText(words, text) ?? words;
}

/** Cues of a timed transcript, following the corrected text when there is one (and it matches). */
export function captionCues(timing: Timing, corrected?: string | null): Cue[] {
  return buildCues(spokenWords(timing, corrected));
}
