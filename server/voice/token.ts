import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a built-in agent session may do: tied to a tenant, a topic and optionally a submission. */
export type VoiceGrant = { tenant: string; topic: string; contentId: number | null; userId: string | null; exp: number };

const LIFETIME_MS = 2 * 60_000;

const sign = (secret: string, body: string) => createHmac('sha256', `voice:${secret}`).update(body).digest('base64url');

/** A short-lived token in the signed URL: stateless, so any app replica accepts it. */
export function issueVoiceToken(secret: string, grant: Omit<VoiceGrant, 'exp'>, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ ...grant, exp: now + LIFETIME_MS })).toString('base64url');
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
    return grant.exp > now ? grant : null;
  } catch {
    return null;
  }
}
