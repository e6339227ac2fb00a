/** What other capabilities use of the content items (quote cards, clips, audiograms). */
export {
  checkPostItems,
  consentOf,
  itemFileName,
  itemsOf,
  needsOf,
  notCovered as notCoveredBy,
  parseItems,
  specOf,
  type ItemRow,
} from './attach';
