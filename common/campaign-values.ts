/** Value lists of campaigns without zod (the board and its filters import these). */

/** The flows a campaign can offer (each opens its page below /e/<code>). */
export const campaignFlows = ['interview', 'video-answer', 'voice', 'upload'] as const;
export type CampaignFlow = (typeof campaignFlows)[number];

/** An invitee's state on the board, in the order of the funnel (the last four end it otherwise). */
export const inviteeStates = [
  'wartet',
  'eingeladen',
  'geöffnet',
  'begonnen',
  'eingereicht',
  'freigegeben',
  'veröffentlicht',
  'abgelehnt',
  'abgemeldet',
  'unzustellbar',
] as const;
export type InviteeState = (typeof inviteeStates)[number];

/** The funnel's steps: each counts the invitees that reached it or a later one. */
export const funnelStates = [
  'eingeladen',
  'geöffnet',
  'begonnen',
  'eingereicht',
  'freigegeben',
  'veröffentlicht',
] as const;

export const MAX_REMINDERS = 3;
export const DEFAULT_REMINDER_DAYS = [3, 7] as const;
/** Invitees one import may add. */
export const MAX_IMPORT_ROWS = 5000;

/** A simple address check for the import preview (the server checks with the schema). */
export const looksLikeEmail = (value: string) => /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]{2,}$/.test(value);
