/**
 * The code of a personal link (`/e/<code>`): 15 characters of Crockford's base 32 (digits and
 * lower-case letters without i, l, o and u), 75 bits. Read aloud or typed from paper, look-alikes
 * are forgiven: upper case, i/l for 1, o for 0, and hyphens or spaces between groups.
 */
export const CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const CODE_LENGTH = 15;
export const PERSONAL_LINK_PREFIX = '/e/';

/** The code as stored and compared, or null when it cannot be one. */
export function normalizeCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  if (code.length !== CODE_LENGTH) return null;
  for (const ch of code) if (!CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** The path a person opens: /e/<code>. */
export function personalLinkPath(code: string): string {
  return `${PERSONAL_LINK_PREFIX}${code}`;
}
