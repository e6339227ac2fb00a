/**
 * Captions from a timed transcript: words with times (from the transcriber's words, or spread
 * over its segments), re-aligned to an edited text, laid out as cues of at most two lines of 42
 * characters lasting 1–7 s, split at sentence and clause boundaries, written as WebVTT and SRT.
 * Pure functions, no I/O.
 */

export type TimedSpan = { start: number; end: number; text: string };
/** What a transcriber returns: the text, its segments, and word times when the provider has them. */
export type Timing = { text: string; segments: TimedSpan[]; words?: TimedSpan[] };
export type Cue = { start: number; end: number; lines: string[] };

export const CAPTION_RULES = { maxChars: 42, maxLines: 2, minSeconds: 1, maxSeconds: 7 } as const;

const SENTENCE_END = /[.!?…]["'»«“”)]*$/;
const CLAUSE_END = /[,;:–—-]["'»«“”)]*$/;
/** A pause this long between words ends a cue. */
const PAUSE_SECONDS = 1.2;

const tokens = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * Words with times: the provider's word times when it gave them, else each segment's words spread
 * over the segment in proportion to their length (segment level is the minimum).
 */
export function timedWords(timing: Timing): TimedSpan[] {
  const given = (timing.words ?? [])
    .map((w) => ({ start: w.start, end: w.end, text: w.text.trim() }))
    .filter((w) => w.text && Number.isFinite(w.start) && Number.isFinite(w.end));
  if (given.length > 0) return given;
  const words: TimedSpan[] = [];
  for (const segment of timing.segments) {
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

/** Pairs of matching positions (old, new) of a longest common subsequence; greedy on very long texts. */
function matchTokens(a: string[], b: string[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return [];
  if (n * m > 6_000_000) {
    // Too long for the table: walk both, looking a little ahead for the next match.
    const pairs: [number, number][] = [];
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (a[i] === b[j]) {
        pairs.push([i++, j++]);
        continue;
      }
      let found = false;
      for (let d = 1; d < 40 && !found; d++) {
        if (j + d < m && a[i] === b[j + d]) {
          j += d;
          found = true;
        } else if (i + d < n && a[i + d] === b[j]) {
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

/** One or two lines of at most `maxChars`, broken where it reads best; null when it does not fit. */
export function layoutLines(words: string[], maxChars: number = CAPTION_RULES.maxChars): string[] | null {
  const whole = words.join(' ');
  if (whole.length <= maxChars) return [whole];
  let best: { lines: string[]; score: number } | null = null;
  for (let k = 1; k < words.length; k++) {
    const first = words.slice(0, k).join(' ');
    const second = words.slice(k).join(' ');
    if (first.length > maxChars || second.length > maxChars) continue;
    // Balanced lines, and a break after punctuation rather than inside a phrase.
    const score =
      Math.abs(first.length - second.length) -
      (SENTENCE_END.test(words[k - 1]!) ? 30 : CLAUSE_END.test(words[k - 1]!) ? 20 : 0);
    if (!best || score < best.score) best = { lines: [first, second], score };
  }
  return best?.lines ?? null;
}

/**
 * Cues from timed words: a cue ends at a sentence end, at a clause end once it holds a line's
 * worth, at a pause, and before it would exceed two lines or 7 s (going back to its last clause
 * boundary when there is one in its second half). Each lasts at least 1 s where the next cue
 * leaves room, at most 7 s, and cues never overlap.
 */
export function buildCues(
  words: TimedSpan[],
  rules: { maxChars: number; maxLines: number; minSeconds: number; maxSeconds: number } = CAPTION_RULES,
): Cue[] {
  const groups: TimedSpan[][] = [];
  let current: TimedSpan[] = [];
  const close = () => {
    if (current.length) groups.push(current);
    current = [];
  };
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (current.length) {
      const candidate = [...current, word];
      const fits =
        layoutLines(
          candidate.map((w) => w.text),
          rules.maxChars,
        ) !== null;
      const tooLong = word.end - current[0]!.start > rules.maxSeconds;
      if (!fits || tooLong) {
        // Prefer to move the words after the last clause boundary of the second half along.
        let cut = -1;
        for (let k = current.length - 1; k >= Math.ceil(current.length / 2); k--) {
          if (SENTENCE_END.test(current[k - 1]!.text) || CLAUSE_END.test(current[k - 1]!.text)) {
            cut = k;
            break;
          }
        }
        if (cut > 0 && cut < current.length) {
          const rest = current.slice(cut);
          current = current.slice(0, cut);
          close();
          current = rest;
        } else close();
      }
    }
    current.push(word);
    const text = current.map((w) => w.text).join(' ');
    const duration = word.end - current[0]!.start;
    const next = words[i + 1];
    const pause = next ? next.start - word.end : 0;
    if (SENTENCE_END.test(word.text) && duration >= rules.minSeconds * 0.8) close();
    else if (CLAUSE_END.test(word.text) && text.length >= rules.maxChars && duration >= rules.minSeconds) close();
    else if (pause >= PAUSE_SECONDS) close();
  }
  close();
  const cues: Cue[] = groups.map((group) => ({
    start: group[0]!.start,
    end: group[group.length - 1]!.end,
    lines: layoutLines(
      group.map((w) => w.text),
      rules.maxChars,
    ) ?? [
      group
        .map((w) => w.text)
        .join(' ')
        .slice(0, rules.maxChars),
    ],
  }));
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    const nextStart = cues[i + 1]?.start ?? Number.POSITIVE_INFINITY;
    if (cue.end - cue.start < rules.minSeconds) cue.end = Math.min(cue.start + rules.minSeconds, nextStart);
    cue.end = Math.min(cue.end, cue.start + rules.maxSeconds, nextStart);
  }
  return cues;
}

/** Cues of a timed transcript, following an edited text when there is one (and it matches). */
export function captionCues(timing: Timing, editedText?: string | null): Cue[] {
  const words = timedWords(timing);
  const aligned = editedText && editedText.trim() !== timing.text.trim() ? alignText(words, editedText) : null;
  return buildCues(aligned ?? words);
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

export function toWebVtt(cues: Cue[]): string {
  return `WEBVTT\n\n${cues.map((c) => `${clock(c.start, '.')} --> ${clock(c.end, '.')}\n${c.lines.map(vttText).join('\n')}\n`).join('\n')}`;
}

export function toSrt(cues: Cue[]): string {
  return cues
    .map((c, i) => `${i + 1}\n${clock(c.start, ',')} --> ${clock(c.end, ',')}\n${c.lines.join('\n')}\n`)
    .join('\n');
}
