import { z } from 'zod';

/** Whether database and storage answer; `reasons`: why not, in German (missing when ready). */
export const health = z.object({
  status: z.enum(['ready', 'limited', 'unavailable']),
  database: z.boolean(),
  storage: z.boolean(),
  reasons: z.array(z.string()).optional(),
});

/** An ALTCHA proof-of-work challenge (altcha-lib's Challenge) for the public link. */
export const proofChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});

export type Health = z.output<typeof health>;

/** The app's public address (BASE_URL): public links, their QR codes and posters are printed with it. */
export const publicAddress = z.object({ baseUrl: z.string() });
