/** Consent over time: versions of each tenant's wording, the ledger, withdrawals and their effects. */
export {
  currentText,
  holdsConsent,
  isKnownWording,
  ledgerOf,
  liveKinds,
  recordGiven,
  refuseWithdrawnPhotos,
  versionWithText,
  withdrawnReason,
} from './ledger';
export { consentTextsOf, newConsentVersion } from './texts';
