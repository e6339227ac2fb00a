import { z } from 'zod';
import { texts } from '../texts';

/** Longest transcript kept: a 5-minute recording is about 5,000 characters, an hour's interview about 60,000. */
export const MAX_TRANSCRIPT_CHARS = 200_000;

/** Saving a transcript: never blank; `completed` also stamps completed_at (end of an interview). */
export const saveTranscript = z.object({
  transcript: z
    .string()
    .max(MAX_TRANSCRIPT_CHARS, texts.common.transcriptTooLong(MAX_TRANSCRIPT_CHARS))
    .refine((t) => t.trim().length > 0, texts.common.transcriptEmpty),
  completed: z.boolean().optional(),
});
export type SaveTranscript = z.infer<typeof saveTranscript>;
