/**
 * Timed words of a spoken file and the caption cues of a clip cut from it. The timing is what the
 * transcriber returned (media.timing: {text, segments, words?}); without word times, a segment's
 * words get times in proportion to their length, so cutting and captions are at least segment-exact.
 */

export type TimedWord = { start: number; end: number; text: string };
export type Timing = {
  text?: string;
  segments?: { start: number; end: number; text: string }[];
  words?: { start: number; end: number; word?: string; text?: string }[];
};
export type Cue = { start: number; end: number; lines: string[] };

export function parseTiming(json: string | null | undefined): Timing | null {
  if (!json) return null;
  try {
    const parsed = JSON.parse(json) as Timing;
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/** Every word with its start and end in seconds, in order. */
export function wordsOf(timing: Timing): TimedWord[] {
  const words = (timing.words ?? [])
    .map((w) => ({ start: Number(w.start), end: Number(w.end), text: String(w.word ?? w.text ?? '').trim() }))
    .filter((w) => w.text && Number.isFinite(w.start) && Number.isFinite(w.end));
  if (words.length) return words;
  const out: TimedWord[] = [];
  for (const segment of timing.segments ?? []) {
    const parts = String(segment.text ?? '')
      .split(/\s+/)
      .filter(Boolean);
    const total = parts.reduce((n, p) => n + p.length + 1, 0);
    let at = Number(segment.start);
    const span = Math.max(0, Number(segment.end) - at);
    for (const part of parts) {
      const length = (span * (part.length + 1)) / total;
      out.push({ start: at, end: at + length, text: part });
      at += length;
    }
  }
  return out;
}

/** Start and end snapped outwards to the words they cut into (a word is never cut in half). */
export function snapToWords(words: TimedWord[], start: number, end: number): { start: number; end: number } {
  let s = start;
  let e = end;
  for (const w of words) {
    if (w.start < s && w.end > s) s = w.start;
    if (w.start < e && w.end > e) e = w.end;
  }
  return { start: Math.max(0, s), end: Math.max(s, e) };
}

/** The words that lie in [start, end] (by their middle). */
export function wordsIn(words: TimedWord[], start: number, end: number): TimedWord[] {
  return words.filter((w) => (w.start + w.end) / 2 >= start && (w.start + w.end) / 2 <= end);
}

const sentenceEnd = /[.!?…]["“”»]?$/;
const clauseEnd = /[,;:–-]$/;

/**
 * Caption cues for the window [start, end], times relative to `start`: at most two lines of at most
 * `maxChars` characters, 1–7 s each, split at sentence ends first, clause ends second.
 */
export function cuesFor(words: TimedWord[], start: number, end: number, maxChars = 32): Cue[] {
  const inside = wordsIn(words, start, end);
  const groups: TimedWord[][] = [];
  let group: TimedWord[] = [];
  const chars = (ws: TimedWord[]) => ws.reduce((n, w) => n + w.text.length + 1, -1);
  for (const w of inside) {
    const candidate = [...group, w];
    const tooLong = chars(candidate) > maxChars * 2 - 4 || (group.length > 0 && w.end - group[0]!.start > 7);
    if (group.length && tooLong) {
      groups.push(group);
      group = [w];
    } else group = candidate;
    const last = group.at(-1)!;
    const duration = last.end - group[0]!.start;
    if (sentenceEnd.test(last.text) && duration >= 1) {
      groups.push(group);
      group = [];
    } else if (clauseEnd.test(last.text) && chars(group) > maxChars && duration >= 1.2) {
      groups.push(group);
      group = [];
    }
  }
  if (group.length) groups.push(group);
  const cues = groups.map((g) => ({
    start: Math.max(0, g[0]!.start - start),
    end: Math.min(end, g.at(-1)!.end) - start,
    lines: twoLines(
      g.map((w) => w.text),
      maxChars,
    ),
  }));
  // At least one second on screen, never overlapping the next cue.
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    const next = cues[i + 1]?.start ?? end - start;
    if (cue.end - cue.start < 1) cue.end = Math.min(next, cue.start + 1);
    if (cue.end > next) cue.end = next;
  }
  return cues.filter((c) => c.end > c.start);
}

/** Words as one or two balanced lines (the break where the lines are most even). */
export function twoLines(words: string[], maxChars: number): string[] {
  const text = words.join(' ');
  if (text.length <= maxChars || words.length < 2) return [text];
  let best = 1;
  let bestScore = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ');
    const b = words.slice(i).join(' ');
    const score =
      Math.max(a.length, b.length) + (clauseEnd.test(words[i - 1]!) || sentenceEnd.test(words[i - 1]!) ? -4 : 0);
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}

/**
 * Two to four quotable passages with their times (rule-based): whole sentences of 6–40 words,
 * 4–30 s long, preferring first-person, concrete statements (numbers, "ich"/"wir") of medium length.
 */
export function proposePassages(words: TimedWord[], max = 4): { start: number; end: number; text: string }[] {
  const sentences: TimedWord[][] = [];
  let current: TimedWord[] = [];
  for (const w of words) {
    current.push(w);
    if (sentenceEnd.test(w.text)) {
      sentences.push(current);
      current = [];
    }
  }
  if (current.length) sentences.push(current);
  const scored = sentences
    .map((s, index) => {
      const text = s.map((w) => w.text).join(' ');
      const duration = s.at(-1)!.end - s[0]!.start;
      let score = 0;
      if (s.length >= 6 && s.length <= 40) score += 2;
      if (duration >= 4 && duration <= 30) score += 2;
      if (/\b(ich|wir|mein|unser|mir|uns)\b/i.test(text)) score += 2;
      if (/\d/.test(text)) score += 1;
      if (/[!]/.test(text)) score += 1;
      score -= Math.abs(s.length - 18) / 10;
      return { index, start: s[0]!.start, end: s.at(-1)!.end, text, score };
    })
    .filter((s) => s.end - s.start >= 2 && s.text.split(' ').length >= 4 && !/\?["“”»]?$/.test(s.text));
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, max)
    .sort((a, b) => a.index - b.index)
    .map(({ start, end, text }) => ({ start, end, text }));
}
