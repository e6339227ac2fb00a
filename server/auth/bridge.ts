import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { texts } from '../../common/texts';
import type { ErrorBody } from '../../common/contracts/errors';
import { currentUser } from './session';
import { germanAuthRefusal } from '../http/auth-errors-de';

/** Mounts better-auth under /api/auth: raw body in, every Set-Cookie out. */
export async function authBridge(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { rateLimit: false },
    handler: async (request, reply) => {
      const path = new URL(request.url, 'http://x').pathname;
      // better-auth's admin endpoints (impersonate, set password, remove, create, set role) are not
      // reachable from outside: the app's own admin routes call them and write the audit log.
      if (path.startsWith('/api/auth/admin/')) {
        return reply.status(404).send({ error: 'not_found', message: texts.common.notFound } satisfies ErrorBody);
      }
      // A session past its absolute lifetime ends here too, before better-auth's endpoints see it.
      if (request.headers.cookie?.includes('session_token')) await currentUser(request, reply);
      // Failed logins per account are counted in the auth hooks (server/auth/auth.ts) on the body better-auth parsed.
      const response = await app.auth.handler(fetchRequestOf(request, app.config.baseUrl));
      // A failure of the auth library (e.g. its database is down) answers like every other route.
      if (response.status >= 500) throw new Error(`auth handler answered ${response.status}`);
      reply.status(response.status);
      copyResponseHeaders(response, reply);
      if (!response.body) return reply.send(null);
      const bytes = Buffer.from(await response.arrayBuffer());
      // Refusals carry better-auth's English text: the user reads German.
      const refusal = germanAuthRefusal(response.status, response.headers.get('content-type'), bytes);
      if (refusal) return reply.status(refusal.status).send(refusal.body);
      return reply.send(bytes);
    },
  });
}

/** The Fastify request as the Fetch request better-auth's handler takes. */
function fetchRequestOf(request: FastifyRequest, baseUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  headers.set('x-client-ip', request.ip);
  // The host the origin check compares with (behind a trusted proxy: the forwarded one).
  headers.set('host', request.host);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : (request.body as Buffer | undefined);
  return new Request(new URL(request.url, baseUrl), {
    method: request.method,
    headers,
    body: body?.length ? new Uint8Array(body) : undefined,
  });
}

/** Every header of better-auth's answer, each Set-Cookie on its own (Fetch joins them). */
function copyResponseHeaders(response: Response, reply: FastifyReply): void {
  for (const [key, value] of response.headers)
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
}
