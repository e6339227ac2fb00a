/** The front door of server/backup: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { assertEmptyDataDir, backup, BackupError, restore } from './service';
