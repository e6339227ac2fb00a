import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRole, type Role } from '../../common/roles';
import { texts } from '../../common/texts';
import { DomainError } from '../http/errors';

export type SessionUser = { id: string; email: string; name: string; role: Role | null };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved once per request (undefined until asked, null when anonymous). */
    sessionUser?: SessionUser | null;
  }
}

/** Resolves the signed-in user; refreshes the session cookie when better-auth extends it. */
export async function currentUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  const headers = fromNodeHeaders(request.headers);
  const { headers: out, response } = await request.server.auth.api.getSession({ headers, returnHeaders: true });
  for (const cookie of out.getSetCookie()) reply.header('set-cookie', cookie);
  // However active, a session ends SESSION_MAX_HOURS after its login (a shared or stolen device).
  const session = response?.session as { id: string; createdAt: Date | string } | undefined;
  if (
    session &&
    Date.now() - new Date(session.createdAt).getTime() > request.server.config.SESSION_MAX_HOURS * 3_600_000
  ) {
    await request.server.db
      .deleteFrom('session' as never)
      .where('id' as never, '=', session.id as never)
      .execute();
    request.sessionUser = null;
    return null;
  }
  const user = response?.user as
    | { id: string; email: string; name: string; role?: string | null; banned?: boolean | null }
    | undefined;
  request.sessionUser =
    user && !user.banned ? { id: user.id, email: user.email, name: user.name, role: parseRole(user.role) } : null;
  return request.sessionUser;
}

export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser> {
  const user = await currentUser(request, reply);
  if (!user) throw new DomainError('unauthenticated', texts.auth.mustBeLoggedIn);
  return user;
}

export async function requireRole(
  request: FastifyRequest,
  reply: FastifyReply,
  allowed: readonly Role[],
): Promise<SessionUser & { role: Role }> {
  const user = await requireUser(request, reply);
  if (!user.role || !allowed.includes(user.role)) throw new DomainError('forbidden', texts.auth.noPermission);
  return user as SessionUser & { role: Role };
}

/** A Fastify preHandler that lets only the given roles through. */
export function roleGuard(...allowed: Role[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await requireRole(request, reply, allowed);
  };
}
