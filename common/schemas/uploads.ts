import { voiceTopic } from './interview';
import { z } from 'zod';
import { uploadPages } from '../upload-rules';
import { MAX_ID } from './submissions';

// The rules without zod live in upload-rules.ts (the browser's upload pages need them).
export * from '../upload-rules';

/** Upload-Metadata the browser sends with each tus upload (values are strings). */
export const uploadMetadata = z.object({
  contentId: z.coerce.number().int().positive().max(MAX_ID),
  page: z.enum(uploadPages),
  filename: z.string().max(1000).default('datei'),
  filetype: z.string().max(200).optional(),
  /** The question a video answer answers (page 'video-answer'): its index in the topic's list. */
  question: z.coerce.number().int().min(0).max(49).optional(),
});
export type UploadMetadata = z.infer<typeof uploadMetadata>;

/** Anonymous submission of the public upload link. */
export const createPublicSubmission = z.object({
  tenant: z.string().max(40),
  altcha: z.string().min(1).max(20_000),
  /** What the visitor starts: the upload (default), an interview or a voice message. */
  kind: z.enum(['upload', 'interview', 'voice', 'video']).optional(),
  topic: voiceTopic.optional(),
  /** Sent from a draft kept on the device: hidden from the team until the browser releases it. */
  held: z.boolean().optional(),
  /** A campaign's shared link (/k/<code>) the visitor came through: the submission answers that campaign. */
  campaign: z
    .string()
    .regex(/^[0-9a-z]{8,40}$/)
    .optional(),
});
export type CreatePublicSubmission = z.infer<typeof createPublicSubmission>;

export const mediaIdParam = z.object({ mediaId: z.coerce.number().int().positive().max(MAX_ID) });
/** A stored file's URL: `download` asks for an attachment; `exp` and `sig` are a signed link's. */
export const fileQuery = z.object({
  download: z.enum(['1', 'true']).optional(),
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(100).optional(),
});
