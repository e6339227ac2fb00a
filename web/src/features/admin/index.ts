/** The front door of web/src/features/admin: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { AdminNav } from './AdminNav';
export { formatDateTime } from './format';
