import { z } from 'zod';

/** Where the browser opens the interview: the provider's signed URL, or our own agent's socket. */
export const signedUrlResponse = z.object({
  provider: z.enum(['builtin', 'elevenlabs']),
  signedUrl: z.string(),
  /** 'browser': no server speech, the browser reads the interviewer's text aloud. */
  speech: z.enum(['server', 'browser']),
});

/** The job that fetches an ElevenLabs conversation's transcript. */
export const transcriptImport = z.object({ jobId: z.number() });

export type SignedUrlResponse = z.output<typeof signedUrlResponse>;
