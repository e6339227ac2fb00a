import type { FastifyInstance } from 'fastify';
import { texts } from '../../common/texts';
import type { ErrorBody } from '../../common/contracts/errors';

/** Whether a parsed input (JSON body, query, params) carries a NUL byte in any string or key. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/**
 * Refuses NUL bytes in every text input before any route sees it: PostgreSQL cannot store them
 * (500) while SQLite would, so both databases now answer the same 400 in German. Binary bodies
 * (recordings, uploads) are not text and pass; better-auth's raw JSON body is checked as text.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    const raw =
      Buffer.isBuffer(request.body) && request.url.startsWith('/api/auth/') ? request.body.toString('utf8') : null;
    const refused =
      hasNul(request.query) ||
      hasNul(request.params) ||
      (raw !== null ? raw.includes('\u0000') || /\\u0000/i.test(raw) : hasNul(request.body));
    if (refused)
      return reply.status(400).send({ error: 'invalid', message: texts.common.invalidCharacters } satisfies ErrorBody);
  });
}
