import { describe, expect, it } from 'vitest';
import { clipEnd, tokenOwners } from './clip-design';

describe('word-by-word captions and the end of a clip', () => {
  it('marks a word set anew with a hyphen on both of its lines, and a double name as one word', () => {
    expect(
      tokenOwners(
        ['Unsere Windkraft-', 'anlagen laufen, sagt Müller-Lüdenscheidt.'],
        ['Unsere', 'Windkraftanlagen', 'laufen,', 'sagt', 'Müller-Lüdenscheidt.'],
      ),
    ).toEqual([
      [0, 1],
      [1, 2, 3, 4],
    ]);
  });

  it('ends half a second after the last word of the passage, within the file', () => {
    const words = [
      { start: 0.2, end: 1.0, text: 'Heute' },
      { start: 1.1, end: 2.0, text: 'hier.' },
      { start: 2.5, end: 3.0, text: 'Danach' },
    ];
    expect(clipEnd(words, 0, 2.1, 10)).toBeCloseTo(2.5);
    expect(clipEnd(words, 0, 2.1, 2.3)).toBeCloseTo(2.3);
  });
});
