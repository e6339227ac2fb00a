/** The front door of server/content: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export {
  checkPostItems,
  consentOf,
  itemFileName,
  itemsOf,
  needsOf,
  notCovered as notCoveredBy,
  parseItems,
  postsForExport,
  readyItems,
  requireItemsReady,
  specOf,
  type ItemRow,
} from './attach';
export { followCorrection } from './correction';
export { chooseProposer, type PassageProposer } from './proposer';
export { sendItem } from './send-item';
export { hasCaptionTrack, sendItemCaptions } from './captions';
export { ItemReplacedHandlers, type WithItemReplaced } from './service';
