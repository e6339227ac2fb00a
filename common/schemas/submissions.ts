import { z } from 'zod';
import { interviewTopics } from '../tenants';
import { submissionKinds, submissionStatuses } from './values';

export { submissionKinds, submissionStatuses };

export const submissionKind = z.enum(submissionKinds);
export type SubmissionKind = z.infer<typeof submissionKind>;

/** A tenant's key: the seed's (vdi, firma_a, …) or one an admin created (firma-c); the server checks it exists. */
export const tenantKey = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/);

export const createSubmission = z.object({
  tenant: tenantKey,
  kind: submissionKind,
  topic: z.enum(['general', 'image', ...interviewTopics]).optional(),
  source: z.string().max(40).optional(),
  /** Sent from a draft kept on the device: hidden from the team until the browser releases it. */
  held: z.boolean().optional(),
});
export type CreateSubmission = z.infer<typeof createSubmission>;

/** Largest id the databases keep (PostgreSQL integer): a bigger number is no id, not a 500. */
export const MAX_ID = 2_147_483_647;

export const contentIdParam = z.object({ contentId: z.coerce.number().int().positive().max(MAX_ID) });

export { SUBMISSION_TOKEN_HEADER } from '../submission-token';
