import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql, type SqlBool } from 'kysely';
import { texts } from '../../common/texts';
import { currentUser } from '../auth';
import type { DB } from '../db/schema';
import { DomainError } from '../http/errors';
import { openPersonOf, submissionsOfLink } from '../personal-links';
import { accessOfUser } from '../tenants';

/**
 * Whose page it is: a signed-in account (`/konto`, access `konto`) or the person a personal link
 * is bound to (`/e/<code>`, access = the code). Nothing else of anyone else is reachable.
 */
export type OwnPerson = {
  tenant: string | null;
  email: string | null;
  userId: string | null;
  name: string;
  linkId: number | null;
};

export const SESSION_ACCESS = 'konto';

export async function personOf(request: FastifyRequest, reply: FastifyReply, access: string): Promise<OwnPerson> {
  if (access === SESSION_ACCESS) {
    const user = await currentUser(request, reply);
    if (!user) throw new DomainError('unauthenticated', texts.ownPage.signInOrLink);
    const membership = (await accessOfUser(request.server.db, user)).membership;
    return {
      tenant: membership?.tenant ?? null,
      email: user.email.toLowerCase(),
      userId: user.id,
      name: user.name,
      linkId: null,
    };
  }
  const person = await openPersonOf(request, access);
  return {
    tenant: person.tenant,
    email: person.email.toLowerCase(),
    userId: null,
    name: `${person.firstName} ${person.lastName}`.trim(),
    linkId: person.linkId,
  };
}

/** The ids of the person's submissions: their account's, their address's within the link's tenant, the link's own. */
export async function submissionIdsOf(db: Kysely<DB>, person: OwnPerson): Promise<number[]> {
  const viaLink = person.linkId === null ? [] : await submissionsOfLink(db, person.linkId);
  const rows = await db
    .selectFrom('submissions')
    .select('id')
    .where((eb) => {
      const either = [];
      if (person.userId) either.push(eb('user_id', '=', person.userId));
      if (person.email) {
        const sameAddress = sql<SqlBool>`lower(contact_email) = ${person.email}`;
        either.push(
          person.userId || !person.tenant ? sameAddress : eb.and([sameAddress, eb('tenant', '=', person.tenant)]),
        );
      }
      if (viaLink.length > 0) either.push(eb('id', 'in', viaLink));
      return either.length > 0 ? eb.or(either) : sql<SqlBool>`1 = 0`;
    })
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.id));
}
