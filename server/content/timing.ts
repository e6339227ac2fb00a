import { spokenWords, type Timing as SpokenTiming } from '../../common/captions';
import { type Cue, cuesInWindow, endsSentence } from '../../common/typesetting';

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
export type { Cue };

export function parseTiming(json: string | null | undefined): Timing | null {
  if (!json) return null;
  try {
    const parsed = JSON.parse(json) as Timing;
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The one word source of a recording (common/captions): its timed words aligned to the transcript
 * as corrected (`caption_text` follows every edit), so clips, audiograms, proposals and alt texts
 * carry the corrected words and the transcript's punctuation.
 */
export function wordsOfRecording(row: { timing?: string | null; caption_text?: string | null }): TimedWord[] {
  const timing = parseTiming(row.timing);
  if (!timing) return [];
  return spokenWords(
    { text: timing.text ?? '', segments: timing.segments ?? [], words: timing.words } as SpokenTiming,
    row.caption_text,
  );
}

/** Every word with its start and end in seconds, in order (the transcriber's, uncorrected). */
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

/**
 * Caption cues for the window [start, end], times relative to `start`: the one caption builder
 * (common/typesetting) with the format's line length.
 */
export function cuesFor(words: TimedWord[], start: number, end: number, maxChars = 32): Cue[] {
  return cuesInWindow(words, start, end, { maxChars });
}

/**
 * Two to four quotable passages with their times (rule-based): whole sentences of 6–40 words,
 * 4–30 s long, preferring first-person, concrete statements (numbers, "ich"/"wir") of medium length.
 */
export function proposePassages(words: TimedWord[], max = 4): { start: number; end: number; text: string }[] {
  const sentences: TimedWord[][] = [];
  let current: TimedWord[] = [];
  const texts = words.map((w) => w.text);
  for (const [i, w] of words.entries()) {
    current.push(w);
    if (endsSentence(texts, i)) {
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
