/** A length in words: "1 Minute 30 Sekunden", "5 Minuten", "1 Sekunde". */
export function spokenLength(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  const m = minutes === 1 ? '1 Minute' : `${minutes} Minuten`;
  const r = rest === 1 ? '1 Sekunde' : `${rest} Sekunden`;
  if (minutes === 0) return r;
  return rest === 0 ? m : `${m} ${r}`;
}

/**
 * What the recorders (voice message, video answer) say to screen readers, politely: the state when
 * it changes, and the time left at a few steps, never every second.
 */
export const recorder = {
  started: (maxSeconds: number) =>
    `Aufnahme gestartet. Sie können höchstens ${spokenLength(maxSeconds)} sprechen; beenden Sie die Aufnahme mit „Aufnahme beenden“.`,
  left: (seconds: number) => `Noch ${spokenLength(seconds)} Aufnahmezeit.`,
  voiceStopped: (seconds: number) =>
    `Aufnahme beendet, ${spokenLength(seconds)} lang. Sie können sie anhören, zurücksetzen oder mit „Weiter“ senden.`,
  videoStopped: (seconds: number) =>
    `Aufnahme beendet, ${spokenLength(seconds)} lang. Sie können die Antwort ansehen, senden oder neu aufnehmen.`,
  ready: 'Bereit für eine neue Aufnahme.',
} as const;
