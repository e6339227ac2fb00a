import { sql, type Kysely } from 'kysely';
import type { Role } from '../../common/roles';
import { NO_ROLE } from '../auth/auth';
import type { DB } from '../db/schema';

export { adminExists, createUser, type NewUser } from '../auth/accounts';

export async function setUserRole(db: Kysely<DB>, email: string, role: Role | null): Promise<boolean> {
  const result = await db
    .updateTable('user')
    .set({ role: role ?? NO_ROLE })
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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
