import { describe, expect, it } from 'vitest';
import { addTurn, formatTranscript, parseTranscript, type Turn } from './transcript';

const build = (...msgs: Turn[]) => msgs.reduce<Turn[]>((turns, m) => addTurn(turns, m), []);

describe('interview transcript', () => {
  it('labels turns "Interviewer" and "Du", separated by blank lines', () => {
    const turns = build({ speaker: 'interviewer', text: 'Wie sind Sie Ingenieurin geworden?' }, { speaker: 'user', text: 'Über ein Praktikum.' });
    expect(formatTranscript(turns)).toBe('Interviewer: Wie sind Sie Ingenieurin geworden?\n\nDu: Über ein Praktikum.');
  });

  it('replaces the previous turn when the same speaker continues it', () => {
    const turns = build(
      { speaker: 'interviewer', text: 'Frage?' },
      { speaker: 'user', text: 'Ich habe' },
      { speaker: 'user', text: 'Ich habe in Aachen studiert.' },
    );
    expect(turns).toEqual([
      { speaker: 'interviewer', text: 'Frage?' },
      { speaker: 'user', text: 'Ich habe in Aachen studiert.' },
    ]);
  });

  it('keeps both parts when the same speaker adds something new', () => {
    const turns = build({ speaker: 'user', text: 'Erster Satz.' }, { speaker: 'user', text: 'Zweiter Satz.' });
    expect(formatTranscript(turns)).toBe('Du: Erster Satz. Zweiter Satz.');
  });

  it('ignores empty messages', () => {
    expect(build({ speaker: 'user', text: '  ' })).toEqual([]);
  });

  it('reads a stored transcript back', () => {
    const text = 'Interviewer: Frage eins?\n\nDu: Antwort.\n\nInterviewer: Frage zwei?';
    expect(formatTranscript(parseTranscript(text))).toBe(text);
  });
});
