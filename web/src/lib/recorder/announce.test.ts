import { describe, expect, it } from 'vitest';
import { spokenLength } from '../../../../common/texts/recorder';
import { texts } from '../../../../common/texts';
import { recorderAnnouncement, remainingStep } from './announce';

/** Every text the live region holds over a recording of `max` seconds, read every quarter second. */
function spokenOver(max: number, floor = false): string[] {
  const said: string[] = [];
  for (let quarter = 0; quarter <= max * 4; quarter++) {
    const elapsed = floor ? Math.floor(quarter / 4) : quarter / 4;
    const text = recorderAnnouncement('recording', elapsed, max, 'beendet');
    if (said.at(-1) !== text) said.push(text);
  }
  return said;
}

describe('what a recorder says to screen readers', () => {
  it('says the time left each full minute, then every 10 s of the last minute, never every second', () => {
    const r = texts.recorder;
    // The voice message: 5 minutes, its clock in whole seconds.
    expect(spokenOver(300, true)).toEqual([
      r.started(300),
      r.left(240),
      r.left(180),
      r.left(120),
      r.left(60),
      r.left(50),
      r.left(40),
      r.left(30),
      r.left(20),
      r.left(10),
    ]);
    // A video answer of 90 s, its clock in fractions.
    expect(spokenOver(90)).toEqual([
      r.started(90),
      r.left(60),
      r.left(50),
      r.left(40),
      r.left(30),
      r.left(20),
      r.left(10),
    ]);
    // A short limit starts with the steps below it.
    expect(spokenOver(15)).toEqual([r.started(15), r.left(10)]);
  });

  it('has no step at the start; the last one stays until the recorder stops', () => {
    expect(remainingStep(300, 300)).toBeNull();
    expect(remainingStep(250, 300)).toBeNull();
    expect(remainingStep(240, 300)).toBe(240);
    expect(remainingStep(239.75, 300)).toBe(240);
    expect(remainingStep(60, 90)).toBe(60);
    expect(remainingStep(0.25, 90)).toBe(10);
    expect(remainingStep(0, 90)).toBe(10);
    expect(remainingStep(-1, 90)).toBe(10);
    expect(remainingStep(0, 5)).toBeNull();
  });

  it('says nothing before the first recording, the take when stopped, and ready after a reset', () => {
    expect(recorderAnnouncement('before', 0, 300, 'x')).toBe('');
    expect(recorderAnnouncement('stopped', 12, 300, texts.recorder.voiceStopped(12))).toBe(
      texts.recorder.voiceStopped(12),
    );
    expect(recorderAnnouncement('ready', 0, 300, 'x')).toBe(texts.recorder.ready);
  });

  it('says lengths in German words', () => {
    expect(spokenLength(300)).toBe('5 Minuten');
    expect(spokenLength(90)).toBe('1 Minute 30 Sekunden');
    expect(spokenLength(61)).toBe('1 Minute 1 Sekunde');
    expect(spokenLength(12.4)).toBe('12 Sekunden');
    expect(spokenLength(1)).toBe('1 Sekunde');
    expect(spokenLength(0)).toBe('0 Sekunden');
    expect(texts.recorder.left(60)).toBe('Noch 1 Minute Aufnahmezeit.');
  });
});
