// Temporary until server/personal-links lands on main.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { DomainError } from '../http/errors';

export async function openPersonOf(
  _request: FastifyRequest,
  _code: string,
): Promise<{ tenant: string; firstName: string; lastName: string; email: string; linkId: number }> {
  throw new DomainError('not_found', 'x');
}
export async function submissionsOfLink(_db: Kysely<DB>, _linkId: number): Promise<number[]> {
  return [];
}
