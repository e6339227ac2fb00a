/** The front door of web/src/features/submissions: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { recordConsent, type ShownConsent, useConsentTexts } from './consent';
export { deviceStore } from './device-store';
export {
  closeDraft,
  DraftStorageFull,
  forgetKept,
  getDraft,
  keepClip,
  keepDraft,
  keepFiles,
  keepForSubmission,
  keepRecording,
  openDraft,
  useDraftBase,
  useDraftSync,
} from './drafts';
export { uploadRecording, waitForTranscript } from './recording-upload';
export { transferClip, transferFile, UploadRefused, type Clip } from './transfer';
export { contentIdState, isNumericId, useContentId, useKnownContentId, type ContentIdNavState } from './useContentId';
export { useWaitingDraft, type WaitingItem } from './useWaitingDraft';
