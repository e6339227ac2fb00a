import { z } from 'zod';
import { campaignFlows, inviteeStates } from '../campaign-values';

export const campaignSummary = z.object({
  id: z.number(),
  tenant: z.string(),
  name: z.string(),
  flows: z.array(z.enum(campaignFlows)),
  topic: z.string().nullable(),
  questions: z.array(z.string()),
  deadline: z.string(),
  invitationText: z.string(),
  senderName: z.string(),
  contactEmail: z.string(),
  reminderDays: z.array(z.number()),
  sharedCode: z.string(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  invitees: z.number(),
  submitted: z.number(),
});
export type CampaignSummary = z.infer<typeof campaignSummary>;

export const boardRow = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  state: z.enum(inviteeStates),
  /** When the state was reached. */
  since: z.string().nullable(),
  contentIds: z.array(z.number()),
  /** The last mail's failure, if it failed. */
  mailError: z.string().nullable(),
});
export type BoardRow = z.infer<typeof boardRow>;

export const campaignBoard = z.object({
  campaign: campaignSummary,
  invitees: z.array(boardRow),
  /** Invitees that reached each step of the funnel (or a later one). */
  funnel: z.record(z.string(), z.number()),
});
export type CampaignBoard = z.infer<typeof campaignBoard>;

export const inviteesAdded = z.object({ added: z.number() });

/** What an invitee's page shows of the campaign (no other invitee, no team data but its contact). */
export const campaignInvitation = z.object({
  name: z.string(),
  flows: z.array(z.enum(campaignFlows)),
  topic: z.string().nullable(),
  questions: z.array(z.string()),
  deadline: z.string(),
  invitationText: z.string(),
  senderName: z.string(),
  contactEmail: z.string(),
  /** open, or past its deadline / ended (the page shows the contact). */
  open: z.boolean(),
  declined: z.boolean(),
  unsubscribed: z.boolean(),
});
export type CampaignInvitation = z.infer<typeof campaignInvitation>;

/** The shared link's page: the campaign without any person. */
export const sharedCampaign = campaignInvitation.omit({ declined: true, unsubscribed: true }).extend({
  tenant: z.string(),
  campaignId: z.number(),
});
export type SharedCampaign = z.infer<typeof sharedCampaign>;
