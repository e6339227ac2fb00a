import { type Kysely, sql } from 'kysely';
import type { Role } from '../../common/roles';
import type { DB } from '../db/schema';
import { DomainError } from '../http/errors';
import { type Auth, NO_ROLE } from './auth';
import { passwordProblem } from './password';
import type { SessionUser } from './session';
import { NAME_MAX } from '../../common/schemas/auth';
import { texts } from '../../common/texts';

export type NewUser = { email: string; password?: string; name?: string; role: Role | null };

export async function createUser(auth: Auth, input: NewUser) {
  const email = input.email.trim().toLowerCase();
  if (input.name !== undefined && input.name.trim().length > NAME_MAX)
    throw new DomainError('invalid', texts.auth.nameTooLong);
  const problem =
    input.password === undefined ? null : await passwordProblem(input.password, [email, input.name ?? '']);
  if (problem) throw new DomainError('invalid', problem);
  const { user } = await auth.api.createUser({
    body: {
      email,
      password: input.password,
      name: input.name ?? email.split('@')[0]!,
      role: (input.role ?? NO_ROLE) as 'user',
    },
  });
  return user;
}

export async function adminExists(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('user').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst();
  return !!row;
}

/** The signed-in user as the pages show them (GET /me, and with the session in GET /session). */
export async function meOf(db: Kysely<DB>, user: SessionUser) {
  const row = await db
    .selectFrom('user')
    .select(sql<number | boolean | null>`"twoFactorEnabled"`.as('twoFactorEnabled'))
    .where('id', '=', user.id)
    .executeTakeFirst();
  return {
    id: user.id,
    email: user.email,
    username: user.email.split('@')[0] || texts.nav.defaultUsername,
    role: user.role,
    twoFactorEnabled: !!row?.twoFactorEnabled,
  };
}
