import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { texts } from '../../common/texts';
import { serve } from '../http/contract';
import { DomainError } from '../http/errors';
import { adminExists, createUser } from './accounts';
import { requireUser, type SessionUser } from './session';

/** The signed-in user as the pages show them (GET /me, and with the session in GET /session). */
export async function meOf(app: FastifyInstance, user: SessionUser) {
  const row = await app.db
    .selectFrom('user')
    .select(sql<number | boolean | null>`"twoFactorEnabled"`.as('twoFactorEnabled'))
    .where('id', '=', user.id)
    .executeTakeFirst();
  return {
    id: user.id,
    email: user.email,
    username: user.email.split('@')[0] || texts.nav.defaultUsername,
    role: user.role,
    twoFactorEnabled: !!row?.twoFactorEnabled,
  };
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  serve(app, 'GET /me', async (request, reply) => meOf(app, await requireUser(request, reply)));

  serve(app, 'GET /client-config', async () => ({
    idleMinutes: app.config.SESSION_IDLE_MINUTES,
    activityCheckSeconds: app.config.ACTIVITY_CHECK_SECONDS,
    setupNeeded: !(await adminExists(app.db)),
    voiceAgent: app.config.VOICE_AGENT,
  }));

  // The first admin account, possible only while no admin exists.
  serve(
    app,
    'POST /setup',
    { config: { rateLimit: { max: 5, timeWindow: 60_000 } } },
    async (_request, reply, parts) => {
      const input = parts.body();
      if (await adminExists(app.db)) throw new DomainError('conflict', texts.auth.setupClosed);
      await createUser(app.auth, { ...input, role: 'admin' });
      reply.code(201);
      return { ok: true };
    },
  );
}
