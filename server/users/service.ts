import { sql, type Kysely } from 'kysely';
import type { Role } from '../../common/roles';
import type { Auth } from '../auth/auth';
import { NO_ROLE } from '../auth/auth';
import { passwordProblem } from '../auth/password';
import { DomainError } from '../http/errors';
import type { DB } from '../db/schema';

export type NewUser = { email: string; password?: string; name?: string; role: Role | null };

export async function createUser(auth: Auth, input: NewUser) {
  const email = input.email.trim().toLowerCase();
  const problem = input.password === undefined ? null : await passwordProblem(input.password, [email, input.name ?? '']);
  if (problem) throw new DomainError('invalid', problem);
  const { user } = await auth.api.createUser({
    body: { email, password: input.password, name: input.name ?? email.split('@')[0]!, role: (input.role ?? NO_ROLE) as 'user' },
  });
  return user;
}

export async function setUserRole(db: Kysely<DB>, email: string, role: Role | null): Promise<boolean> {
  const result = await db
    .updateTable('user')
    .set({ role: role ?? NO_ROLE })
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function adminExists(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('user').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst();
  return !!row;
}

export function listUsers(db: Kysely<DB>) {
  return db.selectFrom('user').select(['id', 'email', 'name', 'role', 'banned']).orderBy('email').execute();
}

/** Accounts for the admin list, with whether each has a password yet (a pending invitation has none). */
export async function listAccounts(db: Kysely<DB>) {
  const users = await db
    .selectFrom('user')
    .select([
      'user.id',
      'user.email',
      'user.name',
      'user.role',
      'user.banned',
      'user.createdAt',
      sql<number | boolean>`exists (select 1 from account a where a."userId" = "user"."id" and a."providerId" = 'credential')`.as('has_password'),
    ])
    .orderBy('user.email')
    .execute();
  return users;
}

export function findAccount(db: Kysely<DB>, id: string) {
  return db.selectFrom('user').select(['id', 'email', 'name', 'role', 'banned']).where('id', '=', id).executeTakeFirst();
}
