import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { texts } from '../../common/texts';

/**
 * Personal media (originals, proxies, posters, thumbnails, content items, captions): never kept by
 * the browser, so nothing stays in the cache of a shared computer after sign-out. Range requests
 * still play and seek (each range is fetched anew).
 */
export const PRIVATE_MEDIA = 'private, no-store';

/**
 * API answers carry personal data (submissions, contacts, accounts): no browser or proxy keeps a
 * copy (`Cache-Control: no-store`) unless a route set its own caching on purpose (public assets).
 */
export function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

/**
 * Fastify's own refusals before routing (a path parameter over the router's limit, a malformed
 * URL): German, and without echoing the address.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    void reply.status(414).send({ error: 'too_long', message: texts.common.addressTooLong });
  else void reply.status(400).send({ error: 'invalid', message: texts.common.addressInvalid });
}
