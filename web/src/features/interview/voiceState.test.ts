import { describe, expect, it } from 'vitest';
import { texts } from '../../../../common/texts';
import { nextProgress, PROGRESS_CAP } from './useVoiceInterview';
import { voiceButtonLabel } from './VoiceButton';

const t = texts.interview;

describe('voice button', () => {
  it.each([
    ['idle', 'idle', false, t.start],
    ['idle', 'ready', false, t.start],
    ['idle', 'initializing', false, t.preparing],
    ['connecting', 'ready', false, t.connecting],
    ['connected', 'ready', false, t.stop],
    ['error', 'ready', false, t.retry],
    ['idle', 'ready', true, t.repeat],
  ] as const)('reads %s / preload %s / finished %s as "%s"', (status, preload, finished, label) => {
    expect(voiceButtonLabel(status, preload, finished)).toBe(label);
  });
});

describe('connecting progress', () => {
  it('grows by 0.5 to 1.5 per tick and stops at 90', () => {
    expect(nextProgress(10, 0)).toBe(10.5);
    expect(nextProgress(10, 0.999)).toBeCloseTo(11.5, 2);
    let p = 0;
    for (let i = 0; i < 1000; i++) p = nextProgress(p);
    expect(p).toBe(PROGRESS_CAP);
  });
});
