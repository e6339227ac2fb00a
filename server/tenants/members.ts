import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { parseRole, roles, type Role } from '../../common/roles';
import type { MembershipRole } from '../../common/schemas/tenants';
import type { MembershipInfo } from '../../common/contracts/tenants';
import type { TenantMember } from '../../common/contracts/tenants';
import { texts } from '../../common/texts';
import { writeAudit } from '../admin';
import { createUser, NO_ROLE, sendInvitation, type SessionUser, type WithAuth } from '../auth';
import { now } from '../db/database';
import type { DB } from '../db/schema';
import { isUniqueViolation } from '../db/unique';
import { DomainError } from '../http/errors';
import { accessFrom, seedMembership } from './access';
import type { Deps } from '../deps';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'config' | 'db' | 'mailer'> & WithAuth;

const t = texts.tenants;
type Actor = Pick<SessionUser, 'id' | 'email'> | null;

/** A membership and its audit entry: the one place both are written (inside the caller's transaction). */
export async function insertMembership(
  trx: Kysely<DB>,
  actor: Actor,
  member: { userId: string; email: string; tenant: string; role: string },
  action: 'membership.add' | 'membership.accept' = 'membership.add',
): Promise<void> {
  const { userId, email, tenant, role } = member;
  await trx.insertInto('memberships').values({ user_id: userId, tenant, role, created_at: now() }).execute();
  await writeAudit(trx, actor, { action, target: `user:${userId}`, tenant, detail: { email, role } });
}

/** Days an invitation into a tenant stays valid. */
export const TENANT_INVITATION_DAYS = 7;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Seed roles whose holders belong to the tenant when they have no stored membership. */
const seedRolesOf = (tenant: string): Role[] => roles.filter((r) => seedMembership[r]?.tenant === tenant);

/** Everyone who is in the tenant: stored memberships and the seed's role holders without one. */
export async function tenantMembers(db: Kysely<DB>, tenant: string): Promise<TenantMember[]> {
  const stored = await db
    .selectFrom('memberships')
    .innerJoin('user', 'user.id', 'memberships.user_id')
    .select(['user.id', 'user.email', 'memberships.role', 'memberships.created_at'])
    .where('memberships.tenant', '=', tenant)
    .execute();
  const seedRoles = seedRolesOf(tenant);
  const seeded = seedRoles.length
    ? await db
        .selectFrom('user')
        .leftJoin('memberships', 'memberships.user_id', 'user.id')
        .where('memberships.user_id', 'is', null)
        .where('user.role', 'in', seedRoles)
        .select(['user.id', 'user.email', 'user.role', 'user.createdAt'])
        .execute()
    : [];
  const members: TenantMember[] = [
    ...stored.map((r) => ({
      id: r.id,
      email: r.email,
      role: r.role as MembershipRole,
      createdAt: r.created_at,
      seed: false,
    })),
    ...seeded.map((r) => ({
      id: r.id,
      email: r.email,
      role: seedMembership[r.role as Role]!.role,
      createdAt: new Date(r.createdAt as unknown as string).toISOString(),
      seed: true,
    })),
  ];
  return members.sort((a, b) => a.email.localeCompare(b.email));
}

/** A user's membership as access sees it (stored, else the seed role's), with the raw rows. */
async function memberState(db: Kysely<DB>, userId: string) {
  const user = await db.selectFrom('user').select(['id', 'email', 'role']).where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const stored = await db
    .selectFrom('memberships')
    .select(['tenant', 'role'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { user, stored, membership: accessFrom(user.role, stored).membership };
}

/** The membership each account holds (for the admin's list), stored or from its seed role. */
export async function membershipsByUser(db: Kysely<DB>): Promise<Map<string, MembershipInfo>> {
  const rows = await db.selectFrom('memberships').select(['user_id', 'tenant', 'role']).execute();
  return new Map(rows.map((r) => [r.user_id, { tenant: r.tenant, role: r.role as MembershipRole }]));
}

/** Only admins change editors; editors manage the contributors of their own tenant. */
function mayManage(
  actorIsAdmin: boolean,
  actor: Actor,
  target: { id: string; membership: MembershipInfo },
  nextRole?: MembershipRole,
) {
  if (actor && actor.id === target.id) throw new DomainError('conflict', t.notYourself);
  if (actorIsAdmin) return;
  if (target.membership.role !== 'contributor' || (nextRole && nextRole !== 'contributor'))
    throw new DomainError('forbidden', t.contributorsOnly);
}

/** Changes a member's role in the tenant (a seed role holder becomes a stored member). */
export async function changeMemberRole(
  deps: ServiceDeps,
  actor: Actor,
  actorIsAdmin: boolean,
  tenant: string,
  userId: string,
  role: MembershipRole,
): Promise<void> {
  const state = await memberState(deps.db, userId);
  if (!state?.membership || state.membership.tenant !== tenant) throw new DomainError('not_found', t.memberNotFound);
  mayManage(actorIsAdmin, actor, { id: userId, membership: state.membership }, role);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('memberships').where('user_id', '=', userId).execute();
    await trx.insertInto('memberships').values({ user_id: userId, tenant, role, created_at: now() }).execute();
    if (parseRole(state.user.role) && !state.stored)
      await trx.updateTable('user').set({ role: NO_ROLE }).where('id', '=', userId).execute();
    await writeAudit(trx, actor, {
      action: 'membership.role',
      target: `user:${userId}`,
      tenant,
      detail: { email: state.user.email, from: state.membership!.role, to: role },
    });
  });
}

/** Ends a person's membership: from the next request on (every instance reads it per request) they are out. */
export async function removeMember(
  deps: ServiceDeps,
  actor: Actor,
  actorIsAdmin: boolean,
  tenant: string,
  userId: string,
): Promise<void> {
  const state = await memberState(deps.db, userId);
  if (!state?.membership || state.membership.tenant !== tenant) throw new DomainError('not_found', t.memberNotFound);
  mayManage(actorIsAdmin, actor, { id: userId, membership: state.membership });
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('memberships').where('user_id', '=', userId).execute();
    // A seed role is a membership too: it ends with the membership.
    if (parseRole(state.user.role) && parseRole(state.user.role) !== 'admin')
      await trx.updateTable('user').set({ role: NO_ROLE }).where('id', '=', userId).execute();
    await writeAudit(trx, actor, {
      action: 'membership.remove',
      target: `user:${userId}`,
      tenant,
      detail: { email: state.user.email, role: state.membership!.role },
    });
  });
}

/** Counts an invitation against the sender's hourly budget; refuses beyond it. */
async function claimInvitation(db: Kysely<DB>, actor: Actor, max: number, at = Date.now()): Promise<void> {
  const window = 3_600_000;
  const expired = sql<boolean>`rate_limits.window_start + ${window} <= ${at}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key: `invite:${actor?.id ?? 'cli'}`, count: 1, window_start: at })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when ${expired} then ${at} else rate_limits.window_start end`,
      }),
    )
    .returning(['count'])
    .executeTakeFirstOrThrow();
  if (Number(row.count) > max) throw new DomainError('too_many', t.invitesTooMany);
}

/**
 * Invites a person into a tenant. A new address gets an account in the tenant and a mail to set
 * its password; an existing account gets a mail to accept (it joins only then). The answer is the
 * same either way, so it does not tell whether the address has an account.
 */
export async function inviteToTenant(
  deps: ServiceDeps,
  actor: Actor,
  tenant: string,
  input: { email: string; role: MembershipRole },
): Promise<{ email: string; invited: true }> {
  const row = await deps.db
    .selectFrom('tenants')
    .select(['key', 'name', 'archived_at'])
    .where('key', '=', tenant)
    .executeTakeFirst();
  if (!row) throw new DomainError('not_found', t.notFound);
  if (row.archived_at) throw new DomainError('forbidden', t.archivedNoInvite);
  await claimInvitation(deps.db, actor, deps.config.INVITATIONS_PER_HOUR);
  const email = input.email.trim().toLowerCase();
  const existing = await deps.db
    .selectFrom('user')
    .select(['id', 'email'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing) {
    const token = randomBytes(24).toString('base64url');
    const at = new Date();
    const values = {
      token_hash: hash(token),
      role: input.role,
      invited_by: actor?.id ?? null,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + TENANT_INVITATION_DAYS * 86_400_000).toISOString(),
    };
    await deps.db
      .insertInto('membership_invitations')
      .values({ ...values, email, tenant })
      .onConflict((oc) => oc.columns(['email', 'tenant']).doUpdateSet(values))
      .execute();
    await writeAudit(deps.db, actor, {
      action: 'membership.invite',
      target: `user:${existing.id}`,
      tenant,
      detail: { email, role: input.role },
    });
    const url = `${deps.config.baseUrl}/einladung?token=${token}`;
    await deps.mailer.send({
      to: email,
      subject: t.inviteMailSubject(row.name),
      text: t.inviteMailText(row.name, url, TENANT_INVITATION_DAYS),
    });
    return { email, invited: true };
  }
  let user: { id: string; email: string };
  try {
    user = await createUser(deps.auth, { email, role: null });
    await deps.db
      .transaction()
      .execute((trx) => insertMembership(trx, actor, { userId: user.id, email, tenant, role: input.role }));
  } catch (error) {
    // The same address invited twice at once: the second finds the first's account.
    if (
      isUniqueViolation(error) ||
      (error as { body?: { code?: string } })?.body?.code?.startsWith('USER_ALREADY_EXISTS')
    )
      throw new DomainError('conflict', texts.admin.userExists);
    throw error;
  }
  await sendInvitation(deps, user);
  return { email, invited: true };
}

/** The signed-in account accepts an invitation into a tenant (its former membership ends). */
export async function acceptInvitation(deps: ServiceDeps, user: SessionUser, token: string): Promise<MembershipInfo> {
  const row = await deps.db
    .selectFrom('membership_invitations')
    .selectAll()
    .where('token_hash', '=', hash(token))
    .executeTakeFirst();
  if (!row || row.email !== user.email.trim().toLowerCase() || Date.parse(row.expires_at) <= Date.now())
    throw new DomainError('not_found', t.acceptInvalid);
  const tenant = await deps.db
    .selectFrom('tenants')
    .select(['archived_at'])
    .where('key', '=', row.tenant)
    .executeTakeFirst();
  if (!tenant || tenant.archived_at) throw new DomainError('not_found', t.acceptInvalid);
  await deps.db.transaction().execute(async (trx) => {
    const taken = await trx
      .deleteFrom('membership_invitations')
      .where('token_hash', '=', row.token_hash)
      .executeTakeFirst();
    if (Number(taken.numDeletedRows) !== 1) throw new DomainError('not_found', t.acceptInvalid);
    await trx.deleteFrom('memberships').where('user_id', '=', user.id).execute();
    await insertMembership(
      trx,
      user,
      { userId: user.id, email: user.email, tenant: row.tenant, role: row.role },
      'membership.accept',
    );
    if (user.role && user.role !== 'admin')
      await trx.updateTable('user').set({ role: NO_ROLE }).where('id', '=', user.id).execute();
  });
  return { tenant: row.tenant, role: row.role as MembershipRole };
}
