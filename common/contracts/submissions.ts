import { z } from 'zod';
import { submissionKinds } from '../schemas/submissions';
import { submissionMedia } from './uploads';

/** A new submission: its Content-ID and the token that proves ownership without a session. */
export const createdSubmission = z.object({ contentId: z.number(), accessToken: z.string() });

/** What the contributor's pages read of their submission. */
export const submissionSummary = z.object({
  contentId: z.number(),
  tenant: z.string(),
  kind: z.enum(submissionKinds),
  topic: z.string().nullable(),
  transcript: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** Something was sent (a file, transcript, description or contact); false for an empty submission. */
  hasContent: z.boolean(),
  media: z.array(submissionMedia),
});

/** The answer of a change that returns nothing else. */
export const ok = z.object({ ok: z.boolean() });

export type CreatedSubmission = z.infer<typeof createdSubmission>;
export type SubmissionSummary = z.infer<typeof submissionSummary>;
