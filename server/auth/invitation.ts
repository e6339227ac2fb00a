import { randomBytes } from 'node:crypto';
import { texts } from '../../common/texts';
import type { Deps } from '../deps';
import type { WithAuth } from './auth';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'config' | 'mailer'> & WithAuth;

export const INVITATION_DAYS = 7;

/**
 * Where the set-password page lives; better-auth's reset link checks the token and sends the
 * browser there with `?token=`.
 */
export const resetPasswordPage = (deps: ServiceDeps) => `${deps.config.baseUrl}/reset-password`;

/**
 * Sends an invitation: a password-reset token of better-auth's own kind (so its reset flow and
 * our set-password page accept it), valid for a week instead of the usual hour.
 */
export async function sendInvitation(deps: ServiceDeps, user: { id: string; email: string }): Promise<void> {
  const context = await deps.auth.$context;
  const token = randomBytes(24).toString('base64url');
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
  });
  const url = `${deps.config.baseUrl}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(resetPasswordPage(deps))}`;
  await deps.mailer.send({
    to: user.email,
    subject: texts.admin.inviteMailSubject,
    text: texts.admin.inviteMailText(url, INVITATION_DAYS),
  });
}

/** The ordinary password reset, with better-auth's mail and one-hour token. */
export async function sendPasswordReset(deps: ServiceDeps, email: string): Promise<void> {
  await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: resetPasswordPage(deps) } });
}
