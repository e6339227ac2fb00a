import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { texts } from '../../common/texts';

export const INVITATION_DAYS = 7;

/**
 * Where the set-password page lives; better-auth's reset link checks the token and sends the
 * browser there with `?token=`.
 */
export const resetPasswordPage = (app: FastifyInstance) => `${app.config.baseUrl}/reset-password`;

/**
 * Sends an invitation: a password-reset token of better-auth's own kind (so its reset flow and
 * our set-password page accept it), valid for a week instead of the usual hour.
 */
export async function sendInvitation(app: FastifyInstance, user: { id: string; email: string }): Promise<void> {
  const context = await app.auth.$context;
  const token = randomBytes(24).toString('base64url');
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
  });
  const url = `${app.config.baseUrl}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(resetPasswordPage(app))}`;
  await app.mailer.send({
    to: user.email,
    subject: texts.admin.inviteMailSubject,
    text: texts.admin.inviteMailText(url, INVITATION_DAYS),
  });
}

/** The ordinary password reset, with better-auth's mail and one-hour token. */
export async function sendPasswordReset(app: FastifyInstance, email: string): Promise<void> {
  await app.auth.api.requestPasswordReset({ body: { email, redirectTo: resetPasswordPage(app) } });
}
