import type { SubmissionKind } from '../../../../common/schemas/submissions';

/** What the person sent: their voice message counts, the interview's own recording (interview.wav, once per take) does not. */
export function sentFiles<M extends { kind: string }>(media: M[], kind: SubmissionKind | null): M[] {
  return media.filter((m) => m.kind !== 'transcript' && !(m.kind === 'audio' && kind === 'interview'));
}

/** Which intro the thank-you page opens with. */
export function thankYouIntro(state: {
  /** The page shows a local id: the material may still be on the device. */
  local: boolean;
  /** The device still sends (or has not yet looked). */
  stillWaiting: boolean;
  /** No id, or the server does not know it. */
  missing: boolean;
  /** The server knows the submission, and it holds nothing. */
  empty: boolean;
}): 'waiting' | 'nothingSent' | 'sent' {
  if (state.local && state.stillWaiting) return 'waiting';
  if (state.missing || state.empty || state.local) return 'nothingSent';
  return 'sent';
}
