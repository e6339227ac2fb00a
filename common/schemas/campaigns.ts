import { z } from 'zod';
import { campaignFlows, MAX_IMPORT_ROWS, MAX_REMINDERS } from '../campaign-values';
import { interviewTopics } from '../tenants';
import { texts } from '../texts';
import { MAX_ID, tenantKey } from './submissions';

const e = texts.campaigns.errors;
const line = (max: number, missing: string) =>
  z.string(missing).trim().min(1, missing).max(max, texts.finish.fieldTooLong);
const email = z.string(e.emailInvalid).trim().max(254, e.emailInvalid).pipe(z.email(e.emailInvalid));

/** A campaign as its editor writes it (new or changed). */
export const campaignSettings = z.object({
  name: line(120, e.nameMissing),
  flows: z.array(z.enum(campaignFlows)).min(1, e.noFlows).max(campaignFlows.length),
  topic: z.enum(interviewTopics).nullable(),
  questions: z.array(z.string().trim().min(1).max(300, texts.finish.fieldTooLong)).min(1, e.questionsMissing).max(20),
  /** The last day (YYYY-MM-DD, the links work until its end) or a full ISO time. */
  deadline: z.iso.date(e.deadlinePast).or(z.iso.datetime({ offset: true, error: e.deadlinePast })),
  invitationText: line(4000, e.textMissing),
  senderName: line(120, e.senderMissing),
  contactEmail: email,
  reminderDays: z
    .array(z.number(e.reminderDays).int(e.reminderDays).min(1, e.reminderDays).max(60, e.reminderDays))
    .max(MAX_REMINDERS, e.tooManyReminders),
});
export type CampaignSettings = z.infer<typeof campaignSettings>;

export const newCampaign = campaignSettings.extend({ tenant: tenantKey });
export type NewCampaign = z.infer<typeof newCampaign>;

export const campaignIdParam = z.object({ campaignId: z.coerce.number().int().positive().max(MAX_ID) });
export const inviteeParams = campaignIdParam.extend({
  inviteeId: z.coerce.number().int().positive().max(MAX_ID),
});

/** One person to invite. */
export const invitee = z.object({
  firstName: line(100, texts.campaigns.invitees.problem.missing),
  lastName: line(100, texts.campaigns.invitees.problem.missing),
  email,
  role: z.string().trim().max(120, texts.finish.fieldTooLong).default(''),
});
export type Invitee = z.infer<typeof invitee>;

/** Invitees added at once: all or none. */
export const addInvitees = z.object({
  invitees: z.array(invitee).min(1, e.listEmpty).max(MAX_IMPORT_ROWS, e.listTooLong),
});

/** The shared link's code (/k/<code>): letters and digits. */
export const sharedCodeParam = z.object({ code: z.string().regex(/^[0-9a-z]{8,40}$/, e.notFound) });
