import type { FastifyInstance, FastifyRequest } from 'fastify';
import { texts } from '../../common/texts';
import type { AppConfig } from '../config';
import type { ErrorBody } from '../../common/contracts/errors';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type OriginRequest = { origin?: string; host?: string; secFetchSite?: string };

/** The origin a request comes from, when it matches its own Host (so 127.0.0.1, localhost and the LAN address all work). */
export function sameHostOrigin(origin: string | null | undefined, host: string | null | undefined): string | null {
  if (!origin || !host || origin === 'null') return null;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === new URL(`http://${host}`).host
      ? url.origin
      : null;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request may proceed. With an Origin header it must be the base URL,
 * one of TRUSTED_ORIGINS, or, when BASE_URL is not set, the request's own host. Without an
 * Origin header only a browser that says the request is cross-site (Sec-Fetch-Site) is refused:
 * every current browser sends Origin on such requests, so a request without both is not from a
 * browser page (CLI, curl, server to server) and carries no forged cookies of a visitor.
 */
export function originAllowed(config: Pick<AppConfig, 'BASE_URL' | 'trustedOrigins'>, r: OriginRequest): boolean {
  if (r.origin === undefined)
    return r.secFetchSite === undefined || r.secFetchSite === 'same-origin' || r.secFetchSite === 'none';
  if (config.trustedOrigins.some((trusted) => trusted.replace(/\/$/, '') === r.origin)) return true;
  return !config.BASE_URL && sameHostOrigin(r.origin, r.host) !== null;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Refuses cross-origin POST/PUT/PATCH/DELETE under /api (better-auth's routes and tus uploads
 * included) with a German message, and WebSocket handshakes (the interview socket) from another
 * origin: a page elsewhere could otherwise open a socket with a visitor's token.
 */
export function installOriginGuard(app: FastifyInstance): void {
  const logged = new Set<string>();
  app.addHook('onRequest', async (request, reply) => {
    const upgrade = /websocket/i.test(header(request, 'upgrade') ?? '');
    if ((!stateChanging.has(request.method) && !upgrade) || !request.url.startsWith('/api/')) return;
    const origin = header(request, 'origin');
    if (originAllowed(app.config, { origin, host: request.host, secFetchSite: header(request, 'sec-fetch-site') }))
      return;
    const allowed = app.config.BASE_URL ? app.config.baseUrl : `${request.protocol}://${request.host}`;
    if (logged.size < 100 && !logged.has(origin ?? '')) {
      logged.add(origin ?? '');
      request.log.warn(
        { origin: origin ?? null, accepted: app.config.BASE_URL ? app.config.trustedOrigins : 'the request host' },
        `Refused a request from origin ${origin ?? '(cross-site, no Origin)'}. If users open the app at that address, set BASE_URL to it or add it to TRUSTED_ORIGINS (comma-separated).`,
      );
    }
    return reply.status(403).send({
      error: 'origin_refused',
      title: texts.common.originRefusedTitle,
      message: texts.common.originRefused(allowed),
    } satisfies ErrorBody);
  });
}
