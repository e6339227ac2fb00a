import { describe, expect, it } from 'vitest';
import { asksFor, findDetails } from './followups';

const found = (answer: string) => findDetails(answer).map((d) => [d.kind, d.key]);

describe('follow-up details found in an answer', () => {
  it('turns what the person builds into the polite form, most specific first', () => {
    const details = findDetails('Ich entwickle Getriebe für Windkraftanlagen, und das seit 15 Jahren.');
    expect(details.map((d) => d.kind)).toEqual(['work', 'time']);
    expect(details[0]!.question).toContain('Sie entwickeln Getriebe für Windkraftanlagen');
    expect(details[1]!.question).toContain('15 Jahre');
  });

  it('finds an employer and a place, not an abstract noun after "in"', () => {
    expect(found('Ich arbeite bei der Firma Müller in Aachen.')).toEqual([
      ['employer', 'employer:firma müller'],
      ['place', 'place:aachen'],
    ]);
    expect(found('Ich arbeite in Teilzeit in Bad Homburg.')).toEqual([['place', 'place:bad homburg']]);
  });

  it('finds people by role with their name, and by title', () => {
    const details = findDetails('Mit meinem Großvater und meiner Kollegin Anna, dann Frau Dr. Weber.');
    expect(details.map((d) => d.key)).toEqual(['person:großvater', 'person:kollegin anna', 'person:dr. weber']);
    expect(details[1]!.question).toContain('Ihre Kollegin Anna');
    expect(found('Herr Prof. sagte nichts.')).toEqual([]);
  });

  it('finds counted things and a year on its own, each once', () => {
    expect(found('Zwei Jahre lang 30 Prozent mehr, 2019 und nochmal 30 Prozent.')).toEqual([
      ['number', 'number:30 prozent'],
      ['time', 'number:zwei jahre'],
      ['time', 'year:2019'],
    ]);
  });

  it('knows what a plan question asks for', () => {
    expect(asksFor('Wo haben Sie studiert?')).toEqual(['place']);
    expect(asksFor('Wann wurde das gebaut?')).toEqual(['time']);
    expect(asksFor('Was machen Sie?')).toEqual([]);
  });
});
