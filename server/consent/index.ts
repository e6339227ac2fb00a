/** Consent over time: versions of each tenant's wording, the ledger, withdrawals and their effects. */
export {
  currentText,
  holdsConsent,
  ledgerOf,
  liveKinds,
  recordGiven,
  shownVersion,
  refuseWithdrawnPhotos,
  versionWithText,
  withdrawnReason,
} from './ledger';
export { consentTextsOf, currentTextsOf, newConsentVersion } from './texts';
export type { Shown } from './ledger';
