/**
 * The front door of server/voice-messages: what other features and capabilities may use (scripts/check-front-doors.mjs).
 * Its routes are registered by the composition root; an uploaded recording (server/uploads) is
 * transcribed by its job.
 */
export { queueTranscription } from './service';
