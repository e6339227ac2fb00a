import type { VideoAnswerItem } from '../video-answers';
import { z } from 'zod';
import { texts } from '../texts';
import { listApprovalStates, type ListApprovalState } from './post';
import { submissionKind, submissionStatuses, tenantKey } from './submission';

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

export type InboxItem = {
  contentId: number;
  tenant: string;
  kind: string;
  status: SubmissionStatus;
  topic: string | null;
  createdAt: string;
  completedAt: string | null;
  userEmail: string | null;
  contactName: string | null;
  contactEmail: string | null;
  /** First characters of the transcript, for the list. */
  excerpt: string | null;
  mediaCount: number;
  /** State of the newest approval request (expired and outdated apart), null when none was sent. */
  approval: ListApprovalState | null;
};

/** Counts and search hits stop at this many; beyond it the list says "mehr als 1.000". */
export const INBOX_COUNT_LIMIT = 1000;

export type InboxPage = {
  items: InboxItem[];
  /** Exact count, or INBOX_COUNT_LIMIT when `totalAtLeast` (more matched than were counted). */
  total: number;
  totalAtLeast: boolean;
  /** Search results are ordered by relevance among the newest INBOX_COUNT_LIMIT hits. */
  ranked: boolean;
  pageSize: number;
  /** Cursors of the older (next) and newer (previous) page; null at either end. */
  next: string | null;
  prev: string | null;
};

export type InboxMedia = {
  id: number;
  kind: string;
  fileType: string;
  size: number;
  originalName: string;
  hasThumbnail: boolean;
  createdAt: string;
  /** A video answer recorded in the browser: the question it answers and what the server measured. */
  videoAnswer?: VideoAnswerItem | null;
  /** Videos: processing | ready | unreadable | cancelled (issue 28); null otherwise. */
  mediaState?: string | null;
  hasProxy?: boolean;
  /** Spoken media: ready | pending | none | failed; null without transcription. */
  captionState?: string | null;
};

export type InboxNote = { id: number; authorEmail: string; body: string; createdAt: string };
export type InboxConsent = { id: number; kind: string; text: string; givenAt: string };

export type InboxDetail = {
  contentId: number;
  tenant: string;
  kind: string;
  status: SubmissionStatus;
  topic: string | null;
  source: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  userEmail: string | null;
  transcript: string | null;
  wAnswers: Partial<Record<'who' | 'what' | 'when' | 'where' | 'why', string>> | null;
  contact: { firstName: string | null; lastName: string | null; email: string | null };
  post: { email: string | null; link: string | null; description: string | null };
  media: InboxMedia[];
  notes: InboxNote[];
  consents: InboxConsent[];
  /** Earlier interviews of this submission (a repeated interview does not wipe the one before), newest first. */
  earlierInterviews?: { number: number; startedAt: string; transcript: string }[];
};

export const statusChange = z.object({ status: submissionStatus });

export const newNote = z.object({
  body: z.string().trim().min(1, texts.admin.noteEmpty).max(5000, texts.admin.noteTooLong),
});
