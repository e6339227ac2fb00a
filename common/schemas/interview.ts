import { z } from 'zod';
import { voiceTopics } from './values';
import { tenantKey, MAX_ID } from './submissions';

export { voiceTopics };
export const voiceTopic = z.enum(voiceTopics);
export type VoiceTopic = z.infer<typeof voiceTopic>;

/** GET /api/voice/signed-url?tenant=&topic=&contentId= */
export const signedUrlQuery = z.object({
  tenant: tenantKey,
  topic: voiceTopic,
  contentId: z.coerce.number().int().positive().max(MAX_ID).optional(),
});

/** POST /api/voice/conversations/:conversationId/transcript after an ElevenLabs call. */
/** `live`: the call has just begun (the server keeps the transcript even when the tab is closed); otherwise it ended. */
export const conversationFinished = z.object({
  contentId: z.coerce.number().int().positive().max(MAX_ID),
  live: z.boolean().optional(),
});
/** A worklet or the resampler of the ElevenLabs SDK, served by us. */
export const voiceAssetParam = z.object({ file: z.string().max(100) });
export const conversationIdParam = z.object({ conversationId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

/** How long the built-in interviewer waits after a finished sentence (like ElevenLabs' turn eagerness); interviews default to patient. */
export const patienceLevels = ['patient', 'normal', 'quick'] as const;
export type Patience = (typeof patienceLevels)[number];
