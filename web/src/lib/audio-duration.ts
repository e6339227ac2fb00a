/**
 * A WebM recording from MediaRecorder carries no duration, so the browser's player shows 0:00 (and
 * no progress). Seeking far past the end makes the browser read the file to its end and learn the
 * length; then the player goes back to the start. Used as the `ref` of an <audio> element.
 */
export function withKnownDuration(el: HTMLAudioElement | null): void {
  if (!el || el.dataset.durationFix) return;
  el.dataset.durationFix = '1';
  const fix = () => {
    if (Number.isFinite(el.duration)) return;
    const back = () => {
      if (!Number.isFinite(el.duration)) return;
      el.removeEventListener('durationchange', back);
      el.currentTime = 0;
    };
    el.addEventListener('durationchange', back);
    el.currentTime = 1e101;
  };
  el.addEventListener('loadedmetadata', fix);
  if (el.readyState >= 1) fix();
}
