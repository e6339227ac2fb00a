import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { landingFor, parseRole, type Role } from '../../common/roles';
import type { MembershipRole } from '../../common/schemas/tenants';
import type { MembershipInfo, TenantInfo } from '../../common/contracts/tenants';
import { tenantBase, tenants, type TenantKey } from '../../common/tenants';
import { texts } from '../../common/texts';
import { requireUser, type SessionUser } from '../auth';
import type { DB } from '../db/schema';
import { DomainError } from '../http/errors';

/**
 * What a user may do: admins everything; everyone else through their one membership. A stored
 * membership wins; without one, the seed's role maps onto one (firma_a = contributor of Firma A,
 * vdi_admin = editor of the association, …), so user.role keeps working as before.
 */
export type Access = { admin: boolean; membership: MembershipInfo | null };

export const seedMembership: Record<Role, MembershipInfo | null> = {
  admin: null,
  vdi_admin: { tenant: 'vdi', role: 'editor' },
  firma_a: { tenant: 'firma_a', role: 'contributor' },
  firma_b: { tenant: 'firma_b', role: 'contributor' },
  bank: { tenant: 'bank', role: 'contributor' },
  testnormec: { tenant: 'testnormec', role: 'contributor' },
};

declare module 'fastify' {
  interface FastifyRequest {
    tenantAccess?: Access;
  }
}

/** Access from the user's role and stored membership (tenant and role, null when none). */
export function accessFrom(
  userRole: string | null,
  stored: { tenant: string | null; role: string | null } | undefined,
): Access {
  const role = parseRole(userRole);
  if (role === 'admin') return { admin: true, membership: null };
  if (stored?.tenant && stored.role)
    return { admin: false, membership: { tenant: stored.tenant, role: stored.role as MembershipRole } };
  return { admin: false, membership: role ? seedMembership[role] : null };
}

export async function accessOfUser(db: Kysely<DB>, user: { id: string; role: string | Role | null }): Promise<Access> {
  if (parseRole(user.role) === 'admin') return accessFrom(user.role, undefined);
  const row = await db
    .selectFrom('memberships')
    .select(['tenant', 'role'])
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return accessFrom(user.role, row);
}

/** The signed-in user's access, read once per request. */
export async function accessOf(request: FastifyRequest, user: SessionUser): Promise<Access> {
  request.tenantAccess ??= await accessOfUser(request.server.db, user);
  return request.tenantAccess;
}

/** Tenants whose submissions the user reviews: null = all (admin), else the editor's tenant or none. */
export function editorScope(access: Access): string[] | null {
  if (access.admin) return null;
  return access.membership?.role === 'editor' ? [access.membership.tenant] : [];
}

export function editsTenant(access: Access, tenant: string): boolean {
  const scope = editorScope(access);
  return scope === null || scope.includes(tenant);
}

/** May work in the tenant's flows (contribute): admins anywhere, members in their own tenant. */
export function entersTenant(access: Access, tenant: string): boolean {
  return access.admin || access.membership?.tenant === tenant;
}

/** An editor (admin or a tenant's editor) with the tenants they see; anyone else gets 403. */
export async function requireTenantEditor(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ user: SessionUser; access: Access; scope: string[] | null }> {
  const user = await requireUser(request, reply);
  const access = await accessOf(request, user);
  const scope = editorScope(access);
  if (scope !== null && scope.length === 0) throw new DomainError('forbidden', texts.auth.noPermission);
  return { user, access, scope };
}

/**
 * Where the user lands after login: the seed's landing table for a seed role without a stored
 * membership (vdi_admin: /content-selection); a tenant's editors on the inbox; its contributors on
 * the tenant's start page (/firma-a for the seed's, /t/<key> for the others).
 */
export function landingOf(userRole: string | null, access: Access, tenant: TenantInfo | null | undefined): string {
  const role = parseRole(userRole);
  const seed = role ? seedMembership[role] : null;
  if (
    access.admin ||
    !access.membership ||
    (seed && seed.tenant === access.membership.tenant && seed.role === access.membership.role)
  )
    return landingFor(role);
  if (access.membership.role === 'editor') return '/eingang';
  if (tenant?.builtin) return tenants[tenant.key as TenantKey]?.homePath ?? '/';
  return tenantBase(access.membership.tenant);
}
