/** The front door of server/admin: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { writeAudit } from './audit';
export { tenantTotals, topUsers, weeklySubmissions } from './queries';
export { lastWeeks } from './service';
