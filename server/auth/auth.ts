import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { admin, twoFactor } from 'better-auth/plugins';
import { adminAc, defaultAc, userAc } from 'better-auth/plugins/admin/access';
import { claimOnce } from '../cluster/used-once';
import { passwordProblem, passwordProblemCode } from './password';
import { addressFailures, claimLoginAttempt, clearLoginAttempts, failureDelayMs } from './login-limit';
import { isAPIError } from 'better-auth/api';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { roles } from '../../common/roles';
import { NAME_MAX } from '../../common/schemas/auth';
import { texts } from '../../common/texts';
import type { AppConfig } from '../config';
import { sameHostOrigin } from '../http/origin';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { ignoreFailure } from '../../common/best-effort';

/** better-auth's role for accounts without one of ours; the app shows /no-role for it. */
export const NO_ROLE = 'user';

// The app never impersonates: the admin role lacks that permission, so the endpoint refuses even an admin.
const adminWithoutImpersonation = defaultAc.newRole({
  user: adminAc.statements.user.filter((p) => p !== 'impersonate'),
  session: [...adminAc.statements.session],
});

const accessRoles = {
  ...Object.fromEntries(roles.map((r) => [r, r === 'admin' ? adminWithoutImpersonation : userAc])),
  [NO_ROLE]: userAc,
};

function authOptions(opts: { db: Kysely<DB>; dialect: Dialect; config: AppConfig; mailer: Mailer }) {
  const { config, mailer } = opts;
  const idleSeconds = Math.round(config.SESSION_IDLE_MINUTES * 60);
  const loginLimit = { window: 60, max: config.LOGIN_RATE_LIMIT };
  return {
    appName: texts.nav.appTitle,
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // Without BASE_URL a request from its own host is same-origin (localhost, 127.0.0.1, the LAN address).
    trustedOrigins: (request?: Request) => [
      ...config.trustedOrigins,
      config.BASE_URL ? null : sameHostOrigin(request?.headers.get('origin'), request?.headers.get('host')),
    ],
    // biome-ignore lint/suspicious/noExplicitAny: better-auth types its Kysely adapter over its own schema, not ours
    database: { db: opts.db as Kysely<any>, type: opts.dialect },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: texts.auth.resetMailSubject,
          text: texts.auth.resetMailText(url),
        });
      },
    },
    // A session lives as long as its user is active: every request after `updateAge` extends it.
    session: { expiresIn: idleSeconds, updateAge: Math.min(60, Math.max(1, Math.floor(idleSeconds / 10))) },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 600,
      customRules: {
        '/sign-in/email': loginLimit,
        '/two-factor/verify-totp': loginLimit,
        '/request-password-reset': loginLimit,
      },
    },
    advanced: {
      // Checked under tests too (better-auth skips it when NODE_ENV=test), so tests see what production does.
      disableOriginCheck: false,
      useSecureCookies: config.baseUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: ['x-client-ip'] },
    },
    hooks: { before: guardHook(opts.db, config), after: loginOutcomeHook(opts.db, config) },
    plugins: [
      admin({
        ac: defaultAc as never,
        roles: accessRoles,
        defaultRole: NO_ROLE,
        adminRoles: ['admin'],
        bannedUserMessage: texts.auth.loginFailedText,
      }),
      twoFactor({ issuer: 'Content-Assistent' }),
    ],
  } satisfies BetterAuthOptions;
}

/** Endpoints of better-auth that set a password, and the body field that carries it. */
const passwordFields: Record<string, string> = {
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/admin/set-user-password': 'newPassword',
  '/admin/create-user': 'password',
  '/sign-up/email': 'password',
};

/** How long a TOTP code could still be accepted (30-second steps, one step either side). */
const TOTP_REUSE_WINDOW_MS = 3 * 60_000;

/** Refuses common passwords, and a TOTP code its account has already used. */
function guardHook(db: Kysely<DB>, config: AppConfig) {
  return createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    await refuseLockedAccount(db, config, loginOf(ctx.path, body, ctx.headers));
    await refuseWeakPassword(ctx, body);
    // Display names have a length limit wherever they are set (better-auth's own endpoints too).
    if (typeof body.name === 'string' && body.name.trim().length > NAME_MAX)
      throw new APIError('BAD_REQUEST', { message: texts.auth.nameTooLong, code: 'NAME_TOO_LONG' });
    if (ctx.path === '/two-factor/verify-totp' && typeof body.code === 'string')
      await refuseReusedTotp(db, ctx, body.code);
  });
}

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Failed logins per account, counted on the e-mail better-auth itself parsed (JSON with or
 * without BOM, form-encoded, multipart: whatever body it accepts). */
async function refuseLockedAccount(db: Kysely<DB>, config: AppConfig, login: ReturnType<typeof loginOf>) {
  if (!login) return;
  const claim = await claimLoginAttempt(db, login.email, login.address, config.LOGIN_FAILURES_PER_ACCOUNT);
  if (!claim.allowed)
    throw new APIError('TOO_MANY_REQUESTS', { message: texts.auth.accountLocked, code: 'ACCOUNT_LOCKED' });
}

/** A password being set must be long enough, not too long and not common. */
async function refuseWeakPassword(ctx: AuthContext, body: Record<string, unknown>) {
  const field = passwordFields[ctx.path];
  // A reset with a token that does not exist is refused by better-auth; no strength check for it (cheap refusal).
  const resetWithoutToken =
    ctx.path === '/reset-password' &&
    !(
      typeof body.token === 'string' &&
      (await ctx.context.internalAdapter.findVerificationValue(`reset-password:${body.token}`))
    );
  if (!field || typeof body[field] !== 'string' || resetWithoutToken) return;
  const problem = await passwordProblem(body[field] as string, [String(body.email ?? ''), String(body.name ?? '')]);
  if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: passwordProblemCode(problem) });
}

/** A TOTP code is accepted once per account while it could still be valid. */
async function refuseReusedTotp(db: Kysely<DB>, ctx: AuthContext, code: string) {
  const userId = await twoFactorUser(ctx);
  if (userId && !(await claimOnce(db, 'totp', `${userId}:${code}`, new Date(Date.now() + TOTP_REUSE_WINDOW_MS))))
    throw new APIError('UNAUTHORIZED', { message: texts.auth.totpUsed, code: 'TOTP_ALREADY_USED' });
}

/** The e-mail and client address of a password login (null for every other call). */
function loginOf(
  path: string | undefined,
  body: Record<string, unknown>,
  headers: Headers | undefined,
): { email: string; address: string } | null {
  if (path !== '/sign-in/email' || !headers || typeof body.email !== 'string' || !body.email.trim()) return null;
  return { email: body.email, address: headers.get('x-client-ip') ?? 'unknown' };
}

/** A login that went through clears its account's count; one that failed waits a little (slow-down). */
function loginOutcomeHook(db: Kysely<DB>, config: AppConfig) {
  return createAuthMiddleware(async (ctx) => {
    const login = loginOf(ctx.path, (ctx.body ?? {}) as Record<string, unknown>, ctx.headers);
    if (!login) return;
    const returned = ctx.context.returned;
    if (returned !== undefined && !isAPIError(returned) && !(returned instanceof Response && !returned.ok)) {
      await clearLoginAttempts(db, login.email, login.address);
      return;
    }
    const delay = failureDelayMs(
      await addressFailures(db, login.email, login.address),
      config.LOGIN_FAILURES_PER_ACCOUNT,
    );
    if (delay > 0) await sleep(delay);
  });
}

/** The account a TOTP code is for: the signed-in one (enabling 2FA) or the one half-way through login. */
async function twoFactorUser(ctx: AuthContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(
    ignoreFailure('read the session', null, { level: 'debug', fallback: null }),
  );
  if (session?.user.id) return session.user.id;
  const signed = await ctx.getSignedCookie(ctx.context.createAuthCookie('two_factor').name, ctx.context.secret);
  if (!signed) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(signed);
  return verification?.value ?? null;
}

/** Migrates better-auth's tables first, so its start-up schema check finds them. */
export async function createAuth(opts: Parameters<typeof authOptions>[0]) {
  const options = authOptions(opts);
  const { runMigrations } = await getMigrations(options);
  await runMigrations();
  return betterAuth(options);
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

/** The part of the deps that signs in and creates accounts (server/deps.ts). */
export type WithAuth = { auth: Auth };
