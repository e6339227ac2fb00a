export { recorderAnnouncement, remainingStep, type SpokenPhase } from './announce';
export {
  canRecord,
  firstSupported,
  mediaErrorKind,
  RECORDER_TICK_MS,
  startRecording,
  type MediaErrorKind,
  type Recording,
  type RecordingEvents,
  type RecordingOptions,
  type Take,
} from './core';
export { useKeepFocus } from './keep-focus';
