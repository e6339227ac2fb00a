import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { existsSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import { texts } from '../../common/texts';
import { UPLOAD_PATH } from '../../common/upload-rules';
import { routePreloads } from './preload';

/** Hashed build output: the name changes with the content, so it never needs revalidating. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The HTML shell and unhashed files: always revalidated, so a deploy is seen at once. */
export const REVALIDATE = 'no-cache';

/** API JSON below this size goes out as is (compressing it costs more than it saves). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * API routes whose answers are compressed on the fly. Uploads (tus, voice messages), media
 * files (ranges), archives, CSV exports, streamed post drafts (NDJSON), images, voice worklets
 * and sockets stream or are compressed already: they must not be buffered or re-encoded.
 */
export function compressesOnTheFly(route: Pick<RouteOptions, 'url'> & { websocket?: boolean }): boolean {
  const url = route.url;
  if (!url.startsWith('/api/') || route.websocket) return false;
  if (url === UPLOAD_PATH || url.startsWith(`${UPLOAD_PATH}/`)) return false;
  return !/\/(file|thumbnail|zip|export\.csv|voice-message|draft)$|^\/api\/voice\/assets\/|\/bilder\//.test(url);
}

/**
 * On-the-fly compression for API JSON. Registered before any route, so the route filter sees
 * every route; request bodies are left alone (no decompression of uploads).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !compressesOnTheFly(route as RouteOptions & { websocket?: boolean }))
      route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/**
 * The built UI: precompressed files (.br, .gz written by the build) chosen by Accept-Encoding,
 * hashed assets immutable, everything else revalidated.
 */
export async function registerWebRoot(app: FastifyInstance, webRoot: string): Promise<void> {
  if (!existsSync(webRoot)) return;
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders(reply, file) {
      reply.header('cache-control', /[\\/]assets[\\/]/.test(file) ? IMMUTABLE : REVALIDATE);
    },
  });
}

/**
 * Unknown GET (and HEAD) paths get the SPA shell (revalidated); unknown API paths and missing build assets
 * a 404, so a browser with an old shell never runs HTML as a script.
 */
export function spaFallback(webRoot: string) {
  const preloads = routePreloads(webRoot);
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0]!;
    // HEAD of an app page answers as its GET does (without the body).
    if (url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: 'not_found', message: texts.common.notFound });
    }
    if (url.startsWith('/assets/')) {
      return reply
        .status(404)
        .header('cache-control', REVALIDATE)
        .type('text/plain; charset=utf-8')
        .send(texts.common.notFound);
    }
    if (!existsSync(webRoot))
      return reply.status(503).type('text/plain').send('Die Weboberfläche wurde nicht gebaut: npm run build');
    const link = preloads(request.url);
    if (link) reply.header('link', link);
    return reply.header('cache-control', REVALIDATE).sendFile('index.html', webRoot);
  };
}
