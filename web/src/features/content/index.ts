/** The front door of web/src/features/content: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { ConsentBadges } from './ConsentBadges';
export { ContentSectionFrame, ContentToolsPlaceholder } from './ContentSectionPlaceholder';
export { MediaThumb } from './MediaThumb';
export { isVideo, useContent } from './useContent';
