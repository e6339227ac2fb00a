import { z } from 'zod';
import { texts } from '../texts';

/** Saving a transcript: never blank; `completed` also stamps completed_at (end of an interview). */
export const saveTranscript = z.object({
  transcript: z.string().refine((t) => t.trim().length > 0, texts.common.transcriptEmpty),
  completed: z.boolean().optional(),
});
export type SaveTranscript = z.infer<typeof saveTranscript>;
