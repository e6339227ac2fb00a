import { z } from 'zod';
import { listApprovalStates } from '../schemas/post';
import { submissionStatuses } from '../schemas/submissions';
import { inboxMedia } from './uploads';

const status = z.enum(submissionStatuses);

/** A submission in the inbox list. */
export const inboxItem = z.object({
  contentId: z.number(),
  tenant: z.string(),
  kind: z.string(),
  status,
  topic: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  userEmail: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** First characters of the transcript, for the list. */
  excerpt: z.string().nullable(),
  mediaCount: z.number(),
  /** State of the newest approval request (expired and outdated apart), null when none was sent. */
  approval: z.enum(listApprovalStates).nullable(),
  /** The campaign it answers (issue 40), null for none. */
  campaignId: z.number().nullable(),
  /** When the contributor last withdrew a consent (the list shows it), null when never. */
  consentWithdrawnAt: z.string().nullable().optional(),
});

export const inboxPage = z.object({
  items: z.array(inboxItem),
  /** Exact count, or INBOX_COUNT_LIMIT when `totalAtLeast` (more matched than were counted). */
  total: z.number(),
  totalAtLeast: z.boolean(),
  /** Search results are ordered by relevance among the newest INBOX_COUNT_LIMIT hits. */
  ranked: z.boolean(),
  pageSize: z.number(),
  /** Cursors of the older (next) and newer (previous) page; null at either end. */
  next: z.string().nullable(),
  prev: z.string().nullable(),
});

export const inboxNote = z.object({ id: z.number(), authorEmail: z.string(), body: z.string(), createdAt: z.string() });
/** A record of the consent ledger: given, or (`withdrawn`) its withdrawal at `givenAt`. */
export const inboxConsent = z.object({
  id: z.number(),
  kind: z.string(),
  text: z.string(),
  givenAt: z.string(),
  withdrawn: z.boolean().optional(),
});

const w = z.string().optional();
export const inboxDetail = inboxItem
  .pick({ contentId: true, tenant: true, kind: true, status: true, topic: true, createdAt: true, completedAt: true })
  .extend({
    source: z.string().nullable(),
    updatedAt: z.string(),
    userEmail: z.string().nullable(),
    transcript: z.string().nullable(),
    wAnswers: z.object({ who: w, what: w, when: w, where: w, why: w }).nullable(),
    contact: z.object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string().nullable(),
    }),
    post: z.object({ email: z.string().nullable(), link: z.string().nullable(), description: z.string().nullable() }),
    media: z.array(inboxMedia),
    notes: z.array(inboxNote),
    consents: z.array(inboxConsent),
    /** Earlier interviews of this submission (a repeated interview does not wipe the one before), newest first. */
    earlierInterviews: z
      .array(z.object({ number: z.number(), startedAt: z.string(), transcript: z.string() }))
      .optional(),
  });

export const statusChanged = z.object({ ok: z.literal(true), status });
export const submissionDeleted = z.object({ ok: z.literal(true), files: z.number() });

export type InboxItem = z.infer<typeof inboxItem>;
export type InboxPage = z.infer<typeof inboxPage>;
export type InboxNote = z.infer<typeof inboxNote>;
export type InboxConsent = z.infer<typeof inboxConsent>;
export type InboxDetail = z.infer<typeof inboxDetail>;
