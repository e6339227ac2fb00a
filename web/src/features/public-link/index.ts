/** The front door of web/src/features/public-link: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { PublicLinkRoute } from './PublicLinkRoute';
export { PublicFlowCards } from './PublicStartPage';
