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
