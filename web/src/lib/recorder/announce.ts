import { texts } from '../../../../common/texts';

/**
 * The time left that is said aloud: each full minute, then every 10 s of the last minute (never
 * every second). The step most recently reached, or null before the first one; the last step
 * stays until the recorder has stopped.
 */
export function remainingStep(remaining: number, maxSeconds: number): number | null {
  const r = Math.max(remaining, 0.001);
  const step = r > 60 ? Math.ceil(r / 60) * 60 : Math.ceil(r / 10) * 10;
  return step < maxSeconds ? step : null;
}

/** Where a recorder is, as a screen reader hears it. `before`: nothing recorded yet, nothing said. */
export type SpokenPhase = 'before' | 'recording' | 'stopped' | 'ready';

/**
 * The polite live region's text of a recorder: the start with the longest length, the time left at
 * its steps, the end with the take's length (`stopped`), and ready again after a reset.
 */
export function recorderAnnouncement(phase: SpokenPhase, elapsed: number, maxSeconds: number, stopped: string): string {
  if (phase === 'before') return '';
  if (phase === 'ready') return texts.recorder.ready;
  if (phase === 'stopped') return stopped;
  const step = remainingStep(maxSeconds - elapsed, maxSeconds);
  return step === null ? texts.recorder.started(maxSeconds) : texts.recorder.left(step);
}
