import { ZodError } from 'zod';
import { membershipRoles, newTenant, tenantDefaults, type MembershipRole } from '../../common/schemas/tenants';
import { texts } from '../../common/texts';
import { DomainError } from '../http/errors';
import { addMember, archiveTenant, createTenant, listTenants } from './service';
import { changeMemberRole, removeMember } from './members';
import type { Deps } from '../deps';
import type { WithTenants } from './registry';
import type { WithAuth } from '../auth';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'config' | 'db' | 'log' | 'mailer'> & WithTenants & WithAuth;

export const tenantUsage = `  npm run cli -- tenant create --key K --name N [--color #RRGGBB] [--wording engineer|banker] [--public-link]
  npm run cli -- tenant list
  npm run cli -- tenant archive --key K
  npm run cli -- user create --email E --password P --tenant K --role contributor|editor
  npm run cli -- member role --email E --tenant K --role contributor|editor
  npm run cli -- member remove --email E --tenant K`;

/** A message for the operator from a rule the server enforces. */
export class TenantCliError extends Error {}

function explain(error: unknown): never {
  if (error instanceof ZodError) throw new TenantCliError(error.issues[0]?.message ?? texts.common.invalidInput);
  if (error instanceof DomainError) throw new TenantCliError(error.message);
  throw error;
}

export async function tenantCommand(
  deps: ServiceDeps,
  verb: string,
  values: { key?: string; name?: string; color?: string; wording?: string; 'public-link'?: boolean },
): Promise<void> {
  try {
    if (verb === 'create') {
      const input = newTenant.parse({
        ...tenantDefaults,
        key: values.key ?? '',
        name: values.name ?? '',
        ...(values.color ? { brandColor: values.color } : {}),
        ...(values.wording ? { wording: values.wording } : {}),
        publicLink: !!values['public-link'],
      });
      const tenant = await createTenant(deps, null, input);
      console.log(
        `Bereich ${tenant.name} angelegt: /t/${tenant.key}${tenant.publicLink ? `, öffentlicher Link /p/${tenant.key}/upload` : ''}.`,
      );
    } else if (verb === 'list') {
      for (const t of await listTenants(deps.db)) {
        console.log(
          `${t.key}\t${t.name}\t${t.archivedAt ? 'archiviert' : 'aktiv'}\t${t.submissions} Einsendungen\t${t.contributors} Beitragende\t${t.editors} Redaktion`,
        );
      }
    } else if (verb === 'archive') {
      if (!values.key) throw new TenantCliError('--key fehlt.');
      await archiveTenant(deps, null, values.key, true);
      console.log(`Bereich ${values.key} archiviert.`);
    } else {
      throw new TenantCliError('Unbekannter Befehl.');
    }
  } catch (error) {
    explain(error);
  }
}

/** `user create … --tenant K --role contributor|editor`: an account with a membership. */
export async function createMemberUser(
  deps: ServiceDeps,
  values: { email: string; password: string; tenant: string; role?: string },
): Promise<void> {
  if (!values.role || !(membershipRoles as readonly string[]).includes(values.role))
    throw new TenantCliError(texts.tenants.roleInvalid);
  try {
    const member = await addMember(deps, null, values.tenant, {
      email: values.email,
      password: values.password,
      role: values.role as MembershipRole,
      invite: false,
    });
    console.log(`Benutzer ${member.email} angelegt (Bereich ${values.tenant}, ${values.role}).`);
  } catch (error) {
    explain(error);
  }
}

/** `member role|remove --email E --tenant K`: the operator changes or ends a membership (audited). */
export async function memberCommand(
  deps: ServiceDeps,
  verb: string,
  values: { email?: string; tenant?: string; role?: string },
): Promise<void> {
  if (!values.email) throw new TenantCliError('--email fehlt.');
  if (!values.tenant) throw new TenantCliError('--tenant fehlt.');
  const user = await deps.db
    .selectFrom('user')
    .select('id')
    .where('email', '=', values.email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) throw new TenantCliError(`Kein Benutzer mit der E-Mail ${values.email}.`);
  try {
    if (verb === 'role') {
      if (!values.role || !(membershipRoles as readonly string[]).includes(values.role))
        throw new TenantCliError(texts.tenants.roleInvalid);
      await changeMemberRole(deps, null, true, values.tenant, user.id, values.role as MembershipRole);
      console.log(`${values.email} ist jetzt ${values.role} im Bereich ${values.tenant}.`);
    } else if (verb === 'remove') {
      await removeMember(deps, null, true, values.tenant, user.id);
      console.log(`${values.email} gehört nicht mehr zum Bereich ${values.tenant}.`);
    } else {
      throw new TenantCliError('Unbekannter Befehl.');
    }
  } catch (error) {
    if (error instanceof TenantCliError) throw error;
    explain(error);
  }
}
