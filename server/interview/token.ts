import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What a built-in agent session may do: tied to a tenant, a topic and optionally a submission.
 * `nonce` names this one token: the socket route claims it once in the database (used_once), so
 * a token opens one conversation, on whichever instance.
 */
export type VoiceGrant = {
  tenant: string;
  topic: string;
  contentId: number | null;
  userId: string | null;
  exp: number;
  nonce: string;
  publicSlot?: number | null;
};

export const VOICE_TOKEN_PURPOSE = 'voice-token';

/** How long a signed URL may be opened. */
export const VOICE_TOKEN_LIFETIME_MS = 2 * 60_000;

const sign = (secret: string, body: string) => createHmac('sha256', `voice:${secret}`).update(body).digest('base64url');

/** A short-lived, signed token in the signed URL: any app replica can check it. */
export function issueVoiceToken(secret: string, grant: Omit<VoiceGrant, 'exp' | 'nonce'>, now = Date.now()): string {
  const body = Buffer.from(
    JSON.stringify({ ...grant, exp: now + VOICE_TOKEN_LIFETIME_MS, nonce: randomBytes(16).toString('base64url') }),
  ).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export function verifyVoiceToken(secret: string, token: string, now = Date.now()): VoiceGrant | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as VoiceGrant;
    return grant.exp > now && typeof grant.nonce === 'string' && grant.nonce ? grant : null;
  } catch {
    return null;
  }
}
