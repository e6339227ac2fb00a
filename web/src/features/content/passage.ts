import type { ClipSource } from '../../../../common/contracts/content';
import { type clipFormats, cropBox } from '../../../../common/schemas/content';

/** A passage of a recording, in seconds. */
export type Passage = { start: number; end: number };
type TimedWord = NonNullable<ClipSource['words']>[number];

/** Seconds as the editor reads them: 65.3 → "1:05.3". */
export const clockTime = (s: number) => `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;

/** A word belongs to the passage when its middle does. */
export const inPassage = (word: TimedWord, passage: Passage | null) =>
  !!passage && (word.start + word.end) / 2 >= passage.start && (word.start + word.end) / 2 <= passage.end;

/**
 * Marking a passage in the transcript: the first click marks one word and holds it as the anchor,
 * the second marks from the anchor to the clicked word (either way round) and lets it go.
 */
export function markWord(
  words: TimedWord[],
  anchor: number | null,
  clicked: number,
): { passage: Passage; anchor: number | null } {
  if (anchor === null) return { passage: { start: words[clicked]!.start, end: words[clicked]!.end }, anchor: clicked };
  const [first, last] = anchor <= clicked ? [anchor, clicked] : [clicked, anchor];
  return { passage: { start: words[first]!.start, end: words[last]!.end }, anchor: null };
}

/** The directions a video's crop can move in for a format: the side the format cuts off (both when the size is unknown). */
export function cropDirections(
  source: Pick<ClipSource, 'width' | 'height'>,
  format: (typeof clipFormats)[number],
): { x: boolean; y: boolean } {
  if (!source.width || !source.height) return { x: true, y: true };
  const box = cropBox(source.width, source.height, format);
  return { x: box.moveX, y: box.moveY };
}

/** A quote as an option of the quote picker: long sentences cut at 90 characters. */
export const quoteOption = (sentence: string) => (sentence.length > 90 ? `${sentence.slice(0, 90)}…` : sentence);
