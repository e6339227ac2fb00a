/** The front door of server/public-link: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export {
  beginPublicInterview,
  countPublicRecording,
  countPublicTranscription,
  countPublicUpload,
  endPublicInterview,
  endPublicInterviewsOf,
  forgetPublicUpload,
  isPublicSubmission,
  linkPublicUpload,
  publicUploadReceived,
  startPublicInterview,
} from './limits';
export { recordingSeconds } from './limits';
