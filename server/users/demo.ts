import { roles, type Role } from '../../common/roles';
import { createUser } from './service';
import type { Deps } from '../deps';
import type { WithAuth } from '../auth';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'db'> & WithAuth;

export const DEMO_PASSWORD = 'demo-passwort';
export const demoAccounts: { email: string; role: Role | null }[] = [
  ...roles.map((role) => ({ email: `${role.replace('_', '-')}@demo.local`, role })),
  { email: 'ohne-rolle@demo.local', role: null },
];

/** One account per role (and one without), created once; prints how to log in. */
export async function seedDemo(deps: ServiceDeps): Promise<void> {
  for (const account of demoAccounts) {
    const exists = await deps.db.selectFrom('user').select('id').where('email', '=', account.email).executeTakeFirst();
    if (!exists) await createUser(deps.auth, { ...account, password: DEMO_PASSWORD });
  }
  console.log('\nDemo-Konten (Passwort für alle: %s):', DEMO_PASSWORD);
  for (const a of demoAccounts) console.log(`  ${a.email.padEnd(28)} ${a.role ?? '(keine Rolle)'}`);
}
