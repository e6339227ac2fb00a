/** The front door of web/src/features/uploads: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { IdHint } from './UploadPages';
