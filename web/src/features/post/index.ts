/** The front door of web/src/features/post: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { ApprovalBadge } from './ApprovalBadge';
export { PostSectionPlaceholder } from './PostSectionPlaceholder';
