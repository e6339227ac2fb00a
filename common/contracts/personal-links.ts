import { z } from 'zod';

/** What /e/<code> learns of its link: the person it belongs to (open), or only where it belonged (expired). */
export const personalLinkState = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('open'),
    tenant: z.string(),
    campaignId: z.number().nullable(),
    expiresAt: z.string().nullable(),
    person: z.object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      role: z.string().nullable(),
    }),
    /** The Content-IDs this link made. */
    contentIds: z.array(z.number()),
  }),
  z.object({ state: z.literal('expired'), tenant: z.string(), campaignId: z.number().nullable() }),
]);
export type PersonalLinkState = z.infer<typeof personalLinkState>;
