import type { FastifyRequest } from 'fastify';
import { texts } from '../../common/texts';
import { countInWindow, countSoFar } from '../cluster/counter';
import { DomainError } from '../http/errors';
import { type LinkedPerson, type Resolved, resolvePersonalLink } from './service';

const HOUR_MS = 3_600_000;
const missKey = (request: FastifyRequest) => `personal-link-miss:${request.ip}`;

/** Per-address request limit of every /personal-links/:code route (@fastify/rate-limit, counted in the database). */
export const codeRouteLimit = { config: { rateLimit: { max: 300, timeWindow: '10 minutes' } } };

/**
 * Resolves the code of a request. An address that opened too many unknown codes in the last hour
 * is refused before the lookup (guessing 75 bits is hopeless anyway; this keeps it from being
 * tried), and each unknown code counts against it, in the database, across instances.
 */
export async function resolveForRequest(
  request: FastifyRequest,
  code: string,
  opts: { touch?: boolean } = {},
): Promise<Exclude<Resolved, { state: 'unknown' }>> {
  const { db, config } = request.server;
  const limit = config.PERSONAL_LINK_MISSES_PER_HOUR;
  if ((await countSoFar(db, missKey(request), HOUR_MS)) >= limit)
    throw new DomainError('too_many', texts.personalLinks.tooManyMisses);
  const resolved = await resolvePersonalLink(db, code, opts);
  if (resolved.state === 'unknown') {
    await countInWindow(db, missKey(request), HOUR_MS);
    throw new DomainError('not_found', texts.personalLinks.unknown);
  }
  return resolved;
}

/** The person of an open link; an expired one is refused with the German text. */
export async function openPersonOf(request: FastifyRequest, code: string): Promise<LinkedPerson> {
  const resolved = await resolveForRequest(request, code);
  if (resolved.state !== 'open')
    throw new DomainError('forbidden', texts.personalLinks.expired, texts.personalLinks.expiredTitle);
  return resolved.person;
}
