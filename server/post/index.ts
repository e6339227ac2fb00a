/** The front door of server/post: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { chooseDrafter } from './choose';
export type { Drafter } from './drafter';
export { startNotificationScheduler } from './notifications';
export { redactApprovalTokens } from './parts';
