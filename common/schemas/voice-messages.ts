import { z } from 'zod';
import { MAX_ID } from './submissions';

/** Longest voice message in seconds (the recorder stops by itself). */
export const MAX_RECORDING_SECONDS = 300;
/** The recorder delivers a chunk every second. */
export const RECORDER_TIMESLICE_MS = 1000;
/** Recording types tried in this order (Chrome takes webm, Safari mp4). */
export const RECORDING_TYPES = [
  'audio/webm',
  'audio/ogg',
  'audio/mp4',
  'audio/mp3',
  'audio/mpeg',
  'audio/wav',
] as const;
/** Largest accepted recording upload (5 minutes of uncompressed 48 kHz stereo WAV stay below). */
export const MAX_RECORDING_BYTES = 64 * 1024 * 1024;

/** Answer to the upload of a recording. */
export const voiceMessageUploaded = z.object({
  mediaId: z.number(),
  /** null when no transcriber is available: the user types the transcript. */
  jobId: z.number().nullable(),
});
export type VoiceMessageUploaded = z.infer<typeof voiceMessageUploaded>;

export const transcriptionStates = ['queued', 'running', 'done', 'failed'] as const;

/** Where a transcription job stands, as the page polls it. */
export const transcriptionStatus = z.object({
  jobId: z.number(),
  status: z.enum(transcriptionStates),
  /** The text once done (may be empty when nothing was understood). */
  text: z.string().optional(),
  /** German message when it failed for good. */
  message: z.string().optional(),
});
export type TranscriptionStatus = z.infer<typeof transcriptionStatus>;

export const transcriptionParams = z.object({
  contentId: z.coerce.number().int().positive().max(MAX_ID),
  jobId: z.coerce.number().int().positive().max(MAX_ID),
});

/** Another transcription of a recording already stored with the submission. */
export const retranscribe = z.object({ mediaId: z.number().int().positive().max(MAX_ID) });
