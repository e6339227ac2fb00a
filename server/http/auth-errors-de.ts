import { texts } from '../../common/texts';

const a = texts.auth;

/** better-auth's error codes (core, admin and two-factor plugins) in German; the rest fall back by status. */
const byCode: Record<string, string> = {
  INVALID_EMAIL: a.invalidEmail,
  INVALID_EMAIL_OR_PASSWORD: a.loginFailedText,
  INVALID_PASSWORD: a.wrongPassword,
  INVALID_USER: a.loginFailedText,
  USER_NOT_FOUND: a.userNotFound,
  EMAIL_NOT_VERIFIED: a.loginFailedText,
  BANNED_USER: a.loginFailedText,
  PASSWORD_TOO_SHORT: a.passwordTooShort,
  PASSWORD_TOO_LONG: a.passwordTooLong,
  PASSWORD_TOO_COMMON: a.passwordTooCommon,
  USER_ALREADY_EXISTS: a.userExists,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: a.userExists,
  INVALID_TOKEN: a.resetLinkInvalid,
  TOKEN_EXPIRED: a.resetLinkInvalid,
  SESSION_EXPIRED: a.missingSession,
  FAILED_TO_GET_SESSION: a.missingSession,
  SESSION_NOT_FRESH: a.missingSession,
  INVALID_ORIGIN: texts.common.originRefusedTitle,
  MISSING_OR_NULL_ORIGIN: texts.common.originRefusedTitle,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: texts.common.originRefusedTitle,
  INVALID_CODE: a.totpInvalid,
  INVALID_BACKUP_CODE: a.totpInvalid,
  TOTP_ALREADY_USED: a.totpUsed,
  OTP_HAS_EXPIRED: a.totpExpired,
  INVALID_TWO_FACTOR_COOKIE: a.totpExpired,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: a.totpLocked,
  ACCOUNT_TEMPORARILY_LOCKED: a.totpLocked,
  ACCOUNT_LOCKED: a.accountLocked,
  NAME_TOO_LONG: a.nameTooLong,
};

/** The German message for a refused better-auth call (never its English text). */
export function germanAuthMessage(code: string | undefined, status: number): string {
  if (code && byCode[code]) return byCode[code];
  if (status === 429) return a.tooManyAttempts;
  if (status === 401) return a.mustBeLoggedIn;
  if (status === 403) return a.noPermission;
  if (status === 404) return texts.common.notFound;
  if (status >= 500) return texts.common.internalError;
  return texts.common.invalidInput;
}

/**
 * A refusal of better-auth (status >= 400, a JSON body) as the user reads it: its message in
 * German, `too_many` on 429, and a deactivated account told what a wrong password is told.
 * Null for everything else (sent through as it came).
 */
export function germanAuthRefusal(
  status: number,
  contentType: string | null,
  bytes: Buffer,
): { status: number; body: Record<string, unknown> } | null {
  if (status < 400 || !(contentType ?? '').includes('json')) return null;
  const parsed = jsonObjectOf(bytes);
  if (!parsed) return null;
  const code = typeof parsed.code === 'string' ? parsed.code : undefined;
  if (code === 'BANNED_USER')
    return {
      status: 401,
      body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: germanAuthMessage('INVALID_EMAIL_OR_PASSWORD', 401) },
    };
  // The server's own refusals (auth hooks) already speak German.
  const own = code === 'PASSWORD_TOO_COMMON' || code === 'TOTP_ALREADY_USED' ? String(parsed.message) : null;
  const error = status === 429 ? { error: 'too_many' } : {};
  return { status, body: { ...parsed, ...error, message: own ?? germanAuthMessage(code, status) } };
}

function jsonObjectOf(bytes: Buffer): { code?: unknown; message?: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(bytes.toString('utf8'));
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}
