import { z } from 'zod';
import { myTenant } from './tenants';

/** The signed-in user. */
export const me = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  role: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
});

/** What every page needs before anyone signs in. */
export const clientConfig = z.object({
  idleMinutes: z.number(),
  activityCheckSeconds: z.number(),
  setupNeeded: z.boolean(),
  /** Which interviewer answers: the ElevenLabs SDK loads only on pages whose agent is ElevenLabs. */
  voiceAgent: z.enum(['builtin', 'elevenlabs']).optional(),
  /** Where people report accessibility barriers (ACCESSIBILITY_CONTACT); null: none configured. */
  accessibilityContact: z.string().nullable().optional(),
});

/** Who is signed in, in one answer (preloaded by the HTML shell); nulls when nobody is. */
export const sessionState = z.object({ me: me.nullable(), mine: myTenant.nullable() });

export type Me = z.output<typeof me>;
export type ClientConfig = z.output<typeof clientConfig>;
export type SessionState = z.output<typeof sessionState>;
