import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { admin, twoFactor } from 'better-auth/plugins';
import { adminAc, defaultAc, userAc } from 'better-auth/plugins/admin/access';
import type { Kysely } from 'kysely';
import { roles } from '../../common/roles';
import { texts } from '../../common/texts';
import type { AppConfig } from '../config';
import { sameHostOrigin } from '../http/origin';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';
import type { Mailer } from '../mail/mailer';

/** better-auth's role for accounts without one of ours; the app shows /no-role for it. */
export const NO_ROLE = 'user';

const accessRoles = {
  ...Object.fromEntries(roles.map((r) => [r, r === 'admin' ? adminAc : userAc])),
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
    trustedOrigins: (request?: Request) => [...config.trustedOrigins, config.BASE_URL ? null : sameHostOrigin(request?.headers.get('origin'), request?.headers.get('host'))],
    database: { db: opts.db as Kysely<any>, type: opts.dialect },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({ to: user.email, subject: texts.auth.resetMailSubject, text: texts.auth.resetMailText(url) });
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
    plugins: [
      admin({ ac: defaultAc as never, roles: accessRoles, defaultRole: NO_ROLE, adminRoles: ['admin'], bannedUserMessage: texts.auth.loginFailedText }),
      twoFactor({ issuer: 'Content-Assistent' }),
    ],
  } satisfies BetterAuthOptions;
}

/** Migrates better-auth's tables first, so its start-up schema check finds them. */
export async function createAuth(opts: Parameters<typeof authOptions>[0]) {
  const options = authOptions(opts);
  const { runMigrations } = await getMigrations(options);
  await runMigrations();
  return betterAuth(options);
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;
