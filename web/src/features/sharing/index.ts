/** The front door of web/src/features/sharing: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { ShareLink } from './ShareLink';
