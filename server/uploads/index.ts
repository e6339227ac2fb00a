/** The front door of server/uploads: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { fileUploads, multipartUploads, type PartialUploads } from './tus-stores';
