import { describe, expect, it } from 'vitest';
import { addTurn, formatTranscript, parseTranscript, type Turn } from './transcript';

const build = (...msgs: Turn[]) => msgs.reduce<Turn[]>((turns, m) => addTurn(turns, m), []);

describe('interview transcript', () => {
  it('labels turns "Interviewer" and "Sie", separated by blank lines', () => {
    const turns = build(
      { speaker: 'interviewer', text: 'Wie sind Sie Ingenieurin geworden?' },
      { speaker: 'user', text: 'Über ein Praktikum.' },
    );
    expect(formatTranscript(turns)).toBe('Interviewer: Wie sind Sie Ingenieurin geworden?\n\nSie: Über ein Praktikum.');
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
    expect(formatTranscript(turns)).toBe('Sie: Erster Satz. Zweiter Satz.');
  });

  it('ignores empty messages', () => {
    expect(build({ speaker: 'user', text: '  ' })).toEqual([]);
  });

  it('reads a stored transcript back', () => {
    const text = 'Interviewer: Frage eins?\n\nSie: Antwort.\n\nInterviewer: Frage zwei?';
    expect(formatTranscript(parseTranscript(text))).toBe(text);
  });

  it('reads a transcript stored with the earlier "Du" label as the contributor\'s lines', () => {
    expect(parseTranscript('Interviewer: Frage?\n\nDu: Antwort.')).toEqual([
      { speaker: 'interviewer', text: 'Frage?' },
      { speaker: 'user', text: 'Antwort.' },
    ]);
  });
});
