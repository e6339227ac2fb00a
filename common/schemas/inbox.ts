import { z } from 'zod';
import { texts } from '../texts';
import { listApprovalStates } from './post';
import { MAX_ID, submissionKind, submissionStatuses, tenantKey } from './submissions';

export const submissionStatus = z.enum(submissionStatuses);
export type SubmissionStatus = z.infer<typeof submissionStatus>;

export const INBOX_PAGE_SIZE = 25;

/** A real calendar day (2024-02-30 and 2024-13-45 are refused, not rolled over). */
export const isRealDate = (v: string): boolean => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, texts.admin.invalidDate)
  .refine(isRealDate, texts.admin.invalidDate);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Filters of the inbox list and the CSV export (query string). */
export const inboxFilter = z.object({
  tenant: z.preprocess(blankToUndefined, tenantKey.optional()),
  kind: z.preprocess(blankToUndefined, submissionKind.optional()),
  status: z.preprocess(blankToUndefined, submissionStatus.optional()),
  from: z.preprocess(blankToUndefined, isoDate.optional()),
  to: z.preprocess(blankToUndefined, isoDate.optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  /** State of the newest approval request of the submission's posts (expired and outdated apart). */
  approval: z.preprocess(blankToUndefined, z.enum(listApprovalStates).optional()),
  /** The campaign the submissions answer (issue 40). */
  campaign: z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(MAX_ID).optional()),
  /** Opaque position in the list (keyset), from the previous page's `next` or `prev`. */
  cursor: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(300)
      .regex(/^[A-Za-z0-9_-]+$/, texts.admin.invalidCursor)
      .optional(),
  ),
});
export type InboxFilter = z.infer<typeof inboxFilter>;

// The answers' shapes are zod schemas in common/contracts/inbox.ts.

export { INBOX_COUNT_LIMIT } from './values';

export const statusChange = z.object({ status: submissionStatus });

export const newNote = z.object({
  body: z.string().trim().min(1, texts.admin.noteEmpty).max(5000, texts.admin.noteTooLong),
});
