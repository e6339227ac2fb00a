import type { FastifyInstance } from 'fastify';
import { texts } from '../../common/texts';
import { serve } from '../http/contract';
import { DomainError } from '../http/errors';
import { adminExists, createUser, meOf } from './accounts';
import { requireUser } from './session';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  serve(app, 'GET /me', async (request, reply) => meOf(app.db, await requireUser(request, reply)));

  serve(app, 'GET /client-config', async () => ({
    idleMinutes: app.config.SESSION_IDLE_MINUTES,
    activityCheckSeconds: app.config.ACTIVITY_CHECK_SECONDS,
    setupNeeded: !(await adminExists(app.db)),
    voiceAgent: app.config.VOICE_AGENT,
    accessibilityContact: app.config.ACCESSIBILITY_CONTACT ?? null,
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
