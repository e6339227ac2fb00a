import type { FastifyInstance } from 'fastify';

/** Mounts better-auth under /api/auth: raw body in, every Set-Cookie out. */
export async function authBridge(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { rateLimit: false },
    handler: async (request, reply) => {
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
      }
      headers.set('x-client-ip', request.ip);
      // The host the origin check compares with (behind a trusted proxy: the forwarded one).
      headers.set('host', request.host);
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : (request.body as Buffer | undefined);
      const response = await app.auth.handler(
        new Request(new URL(request.url, app.config.baseUrl), { method: request.method, headers, body: body?.length ? new Uint8Array(body) : undefined }),
      );
      // A failure of the auth library (e.g. its database is down) answers like every other route.
      if (response.status >= 500) throw new Error(`auth handler answered ${response.status}`);
      reply.status(response.status);
      for (const [key, value] of response.headers) if (key !== 'set-cookie') reply.header(key, value);
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
