import { sql, type Kysely } from 'kysely';
import type { Role } from '../../common/roles';
import { NO_ROLE } from '../auth';
import type { DB } from '../db/schema';

export { adminExists, createUser, type NewUser } from '../auth';

/**
 * Sets an account's role. The role decides: a stored tenant membership ends with it (otherwise a
 * tenant editor set to "none" would stay an editor). Returns the membership that ended, if any.
 */
export async function setUserRole(
  db: Kysely<DB>,
  email: string,
  role: Role | null,
): Promise<{ found: boolean; id: string | null; ended: { tenant: string; role: string } | null }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('user')
      .select('id')
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    if (!user) return { found: false, id: null, ended: null };
    await trx
      .updateTable('user')
      .set({ role: role ?? NO_ROLE })
      .where('id', '=', user.id)
      .execute();
    const ended = await trx
      .selectFrom('memberships')
      .select(['tenant', 'role'])
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (ended) await trx.deleteFrom('memberships').where('user_id', '=', user.id).execute();
    return { found: true, id: user.id, ended: ended ?? null };
  });
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
      sql<
        number | boolean
      >`exists (select 1 from account a where a."userId" = "user"."id" and a."providerId" = 'credential')`.as(
        'has_password',
      ),
    ])
    .orderBy('user.email')
    .execute();
  return users;
}

export function findAccount(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('user')
    .select(['id', 'email', 'name', 'role', 'banned'])
    .where('id', '=', id)
    .executeTakeFirst();
}
