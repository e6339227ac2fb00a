import { describe, expect, it } from 'vitest';
import {
  alignText,
  buildCues,
  CAPTION_RULES,
  captionCues,
  layoutLines,
  timedWords,
  toSrt,
  toWebVtt,
  type Timing,
} from './captions';

const speech: Timing = {
  text: 'Wir haben die Anlage im Frühjahr umgebaut, und seitdem läuft sie ohne Ausfall. Das hat niemand erwartet! Am Anfang waren alle skeptisch, vor allem die Kollegen aus der Nachtschicht, die schon viele Versuche gesehen hatten.',
  segments: [
    { start: 0.5, end: 5.2, text: 'Wir haben die Anlage im Frühjahr umgebaut, und seitdem läuft sie ohne Ausfall.' },
    { start: 5.6, end: 7.4, text: 'Das hat niemand erwartet!' },
    {
      start: 8.0,
      end: 16.5,
      text: 'Am Anfang waren alle skeptisch, vor allem die Kollegen aus der Nachtschicht, die schon viele Versuche gesehen hatten.',
    },
  ],
};

function checkRules(cues: ReturnType<typeof buildCues>) {
  for (const [i, cue] of cues.entries()) {
    expect(cue.lines.length).toBeGreaterThan(0);
    expect(cue.lines.length).toBeLessThanOrEqual(CAPTION_RULES.maxLines);
    for (const line of cue.lines) expect(line.length <= CAPTION_RULES.maxChars || !line.includes(' ')).toBe(true);
    expect(cue.end - cue.start).toBeLessThanOrEqual(CAPTION_RULES.maxSeconds + 1e-9);
    const next = cues[i + 1];
    if (next) {
      expect(cue.end).toBeLessThanOrEqual(next.start + 1e-9);
      // At least 1 s unless the next cue starts sooner.
      expect(cue.end - cue.start >= CAPTION_RULES.minSeconds - 1e-9 || cue.end === next.start).toBe(true);
    } else expect(cue.end - cue.start).toBeGreaterThanOrEqual(CAPTION_RULES.minSeconds - 1e-9);
  }
}

describe('captions', () => {
  it('spreads segment words over the segment when there are no word times', () => {
    const words = timedWords(speech);
    expect(words).toHaveLength(tokensOf(speech.text));
    expect(words[0]!.start).toBe(0.5);
    expect(words[12]!.end).toBeCloseTo(5.2);
    for (let i = 1; i < words.length; i++) expect(words[i]!.start).toBeGreaterThanOrEqual(words[i - 1]!.start);
  });

  it('keeps every word, within two lines of 42 characters and 1–7 s, breaking at sentences and clauses', () => {
    const cues = captionCues(speech);
    checkRules(cues);
    expect(cues.flatMap((c) => c.lines).join(' ')).toBe(speech.text);
    // Sentence ends close a cue: no cue runs from one sentence into the next.
    for (const cue of cues) {
      const text = cue.lines.join(' ');
      expect(/[.!?]\s+\S/.test(text)).toBe(false);
    }
    // The long sentence is split after a comma, not in the middle of a phrase.
    const longSentence = cues.filter((c) => c.start >= 8);
    expect(longSentence.length).toBeGreaterThan(1);
    expect(longSentence[0]!.lines.join(' ')).toMatch(/,$/);
  });

  it('uses word times when the provider gives them', () => {
    const words = [
      { start: 0.0, end: 0.4, text: 'Hallo' },
      { start: 0.5, end: 0.9, text: 'zusammen.' },
      { start: 3.0, end: 3.3, text: 'Heute' },
      { start: 3.4, end: 3.9, text: 'geht' },
      { start: 4.0, end: 4.2, text: 'es' },
      { start: 4.3, end: 4.9, text: 'los.' },
    ];
    const cues = captionCues({ text: 'Hallo zusammen. Heute geht es los.', segments: [], words });
    expect(cues.map((c) => c.lines.join(' '))).toEqual(['Hallo zusammen.', 'Heute geht es los.']);
    expect(cues[0]!.start).toBe(0);
    expect(cues[0]!.end).toBe(1); // stretched to the 1 s minimum
    expect(cues[1]!.start).toBe(3);
    expect(cues[1]!.end).toBeCloseTo(4.9);
  });

  it('splits a long run without punctuation before 7 s and two lines', () => {
    const words = Array.from({ length: 60 }, (_, i) => ({
      start: i * 0.4,
      end: i * 0.4 + 0.35,
      text: i % 3 ? 'Wort' : 'Maschinenbau',
    }));
    const cues = buildCues(words);
    checkRules(cues);
    expect(cues.flatMap((c) => c.lines.join(' ').split(' '))).toHaveLength(60);
  });

  it('follows an edited transcript: kept words keep their times, new words fill the gap', () => {
    const words = timedWords(speech);
    const edited =
      'Sie: Wir haben die Anlage im Frühling umgebaut, und seitdem läuft sie ohne jeden Ausfall. Das hat niemand erwartet!\nInterviewer: Und dann?\nSie: Am Anfang waren alle skeptisch, vor allem die Kollegen aus der Nachtschicht, die schon viele Versuche gesehen hatten.';
    const aligned = alignText(words, edited)!;
    const text = aligned.map((w) => w.text).join(' ');
    expect(text).toContain('Frühling');
    expect(text).toContain('ohne jeden Ausfall.');
    expect(text).not.toContain('Sie:');
    const fruehling = aligned.find((w) => w.text === 'Frühling')!;
    const original = words.find((w) => w.text === 'Frühjahr')!;
    expect(fruehling.start).toBeGreaterThanOrEqual(words.find((w) => w.text === 'im')!.end - 1e-9);
    expect(fruehling.end).toBeLessThanOrEqual(words.find((w) => w.text === 'umgebaut,')!.start + 1e-9);
    expect(Math.abs(fruehling.start - original.start)).toBeLessThan(0.01);
    const am = aligned.find((w) => w.text === 'Am')!;
    expect(am.start).toBe(words.find((w) => w.text === 'Am')!.start);
    checkRules(captionCues(speech, edited));
    expect(
      captionCues(speech, edited)
        .flatMap((c) => c.lines)
        .join(' '),
    ).toContain('ohne jeden Ausfall.');
  });

  it('ignores an edit that is not about this recording', () => {
    expect(alignText(timedWords(speech), 'Ein ganz anderer Text über etwas anderes.')).toBeNull();
    expect(
      captionCues(speech, 'Ein ganz anderer Text über etwas anderes.')
        .flatMap((c) => c.lines)
        .join(' '),
    ).toBe(speech.text);
  });

  it('keeps only the lines of a longer transcript that belong to this recording', () => {
    const other = 'Erste Aufnahme mit ganz anderen Worten und Sätzen.';
    const aligned = alignText(timedWords(speech), `${other}\n\n${speech.text}\n\nNoch ein Absatz danach.`)!;
    expect(aligned.map((w) => w.text).join(' ')).toBe(speech.text);
  });

  it('lays out two balanced lines, preferring a break after punctuation', () => {
    expect(layoutLines('Wir haben die Anlage umgebaut, und seitdem läuft sie gut.'.split(' '))).toEqual([
      'Wir haben die Anlage umgebaut,',
      'und seitdem läuft sie gut.',
    ]);
    // A word longer than a line is never cut: it stands alone, whole.
    expect(layoutLines(['x'.repeat(50)])).toEqual(['x'.repeat(50)]);
  });

  it('writes WebVTT and SRT', () => {
    const cues = [
      { start: 0.5, end: 2, lines: ['Eins <zwei> & drei'] },
      { start: 61.25, end: 3725.5, lines: ['Zeile eins', 'Zeile zwei'] },
    ];
    expect(toWebVtt(cues)).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nEins &lt;zwei&gt; &amp; drei\n\n00:01:01.250 --> 01:02:05.500\nZeile eins\nZeile zwei\n',
    );
    expect(toSrt(cues)).toBe(
      '1\n00:00:00,500 --> 00:00:02,000\nEins <zwei> & drei\n\n2\n00:01:01,250 --> 01:02:05,500\nZeile eins\nZeile zwei\n',
    );
  });

  it('makes nothing of a transcript without words', () => {
    expect(captionCues({ text: '', segments: [] })).toEqual([]);
  });
});

function tokensOf(text: string) {
  return text.split(/\s+/).filter(Boolean).length;
}
