/**
 * The few better-auth endpoints the everyday pages need, as plain fetch calls: the full auth
 * client (better-auth, nanostores, better-fetch, zod) stays on the security page.
 */
import { readJson } from './read-json';

export type SessionUser = { id: string; email: string; name?: string };
export type Session = { user: SessionUser; session: { id: string; expiresAt: string } };
/** A refused auth call: better-auth's code and message, or our own error body (error, title, message). */
export type AuthError = { status: number; message?: string; code?: string; error?: string; title?: string };
export type AuthResult<T> = { data: T | null; error: AuthError | null };

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<AuthResult<T>> {
  let res: Response;
  try {
    res = await fetch(`/api/auth${path}`, {
      method,
      credentials: 'same-origin',
      headers: method === 'POST' ? { 'content-type': 'application/json' } : undefined,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch {
    return { data: null, error: { status: 0 } };
  }
  const json = await readJson(res);
  if (!res.ok)
    return {
      data: null,
      error: { status: res.status, message: json?.message, code: json?.code, error: json?.error, title: json?.title },
    };
  return { data: json as T, error: null };
}

export const authApi = {
  /** The signed-in session, or null. Throws when the server cannot be reached. */
  async getSession(): Promise<Session | null> {
    const { data, error } = await call<Session | null>('GET', '/get-session');
    if (error && error.status !== 401) throw new Error(error.message ?? `session ${error.status}`);
    return data?.user ? data : null;
  },
  signInEmail: (email: string, password: string) =>
    call<{ twoFactorRedirect?: boolean }>('POST', '/sign-in/email', { email, password }),
  verifyTotp: (code: string) => call<unknown>('POST', '/two-factor/verify-totp', { code }),
  requestPasswordReset: (email: string, redirectTo: string) =>
    call<unknown>('POST', '/request-password-reset', { email, redirectTo }),
  resetPassword: (newPassword: string, token: string) =>
    call<unknown>('POST', '/reset-password', { newPassword, token }),
  signOut: () => call<unknown>('POST', '/sign-out'),
};
