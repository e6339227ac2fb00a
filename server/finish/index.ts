/** The front door of server/finish: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { hasConsent } from './queries';
