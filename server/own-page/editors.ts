import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { accessFrom, editorScope } from '../tenants';

/** The addresses of the tenant's editors (its own first; admins only when it has none). */
export async function editorsOf(db: Kysely<DB>, tenant: string): Promise<string[]> {
  const users = await db
    .selectFrom('user')
    .leftJoin('memberships', 'memberships.user_id', 'user.id')
    .select([
      'user.email',
      'user.role',
      'user.banned',
      'memberships.tenant as member_tenant',
      'memberships.role as member_role',
    ])
    .execute();
  const active = users.filter((u) => !u.banned);
  const scopes = active.map((u) => ({
    email: u.email,
    scope: editorScope(accessFrom(u.role, { tenant: u.member_tenant ?? null, role: u.member_role ?? null })),
  }));
  const own = scopes.filter((s) => s.scope?.includes(tenant)).map((s) => s.email);
  if (own.length > 0) return [...new Set(own)];
  return [...new Set(scopes.filter((s) => s.scope === null).map((s) => s.email))];
}
