import { describe, expect, it } from 'vitest';
import { clockTime, cropDirections, inPassage, markWord, quoteOption } from './passage';

const words = [
  { text: 'Wir', start: 0, end: 0.4 },
  { text: 'bauen', start: 0.5, end: 1 },
  { text: 'Brücken', start: 1.1, end: 1.8 },
];

describe('marking a clip passage', () => {
  it('shows seconds as minutes and tenths', () => {
    expect(clockTime(0)).toBe('0:00.0');
    expect(clockTime(65.34)).toBe('1:05.3');
    expect(clockTime(600)).toBe('10:00.0');
  });

  it('marks one word on the first click and the span to it on the second, either way round', () => {
    const first = markWord(words, null, 2);
    expect(first).toEqual({ passage: { start: 1.1, end: 1.8 }, anchor: 2 });
    expect(markWord(words, first.anchor, 0)).toEqual({ passage: { start: 0, end: 1.8 }, anchor: null });
    expect(markWord(words, 0, 1)).toEqual({ passage: { start: 0, end: 1 }, anchor: null });
  });

  it('counts a word in the passage when its middle is', () => {
    expect(inPassage(words[1]!, { start: 0.7, end: 2 })).toBe(true);
    expect(inPassage(words[1]!, { start: 0.8, end: 2 })).toBe(false);
    expect(inPassage(words[1]!, null)).toBe(false);
  });

  it('moves the crop along the side the format cuts off, both ways when the size is unknown', () => {
    expect(cropDirections({ width: 1920, height: 1080 }, '9:16')).toEqual({ x: true, y: false });
    expect(cropDirections({ width: 1080, height: 1920 }, '16:9')).toEqual({ x: false, y: true });
    expect(cropDirections({ width: 1080, height: 1920 }, '9:16')).toEqual({ x: false, y: false });
    expect(cropDirections({ width: null, height: 1080 }, '1:1')).toEqual({ x: true, y: true });
  });

  it('cuts a long quote for the picker', () => {
    expect(quoteOption('kurz')).toBe('kurz');
    expect(quoteOption('a'.repeat(100))).toBe(`${'a'.repeat(90)}…`);
  });
});
