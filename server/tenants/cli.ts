import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { membershipRoles, newTenant, tenantDefaults, type MembershipRole } from '../../common/schemas/tenants';
import { texts } from '../../common/texts';
import { DomainError } from '../http/errors';
import { addMember, archiveTenant, createTenant, listTenants } from './service';

export const tenantUsage = `  npm run cli -- tenant create --key K --name N [--color #RRGGBB] [--wording engineering|banking] [--public-link]
  npm run cli -- tenant list
  npm run cli -- tenant archive --key K
  npm run cli -- user create --email E --password P --tenant K --role contributor|editor`;

/** A message for the operator from a rule the server enforces. */
export class TenantCliError extends Error {}

function explain(error: unknown): never {
  if (error instanceof ZodError) throw new TenantCliError(error.issues[0]?.message ?? texts.common.invalidInput);
  if (error instanceof DomainError) throw new TenantCliError(error.message);
  throw error;
}

export async function tenantCommand(app: FastifyInstance, verb: string, values: { key?: string; name?: string; color?: string; wording?: string; 'public-link'?: boolean }): Promise<void> {
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
      const tenant = await createTenant(app, null, input);
      console.log(`Bereich ${tenant.name} angelegt: /t/${tenant.key}${tenant.publicLink ? `, öffentlicher Link /p/${tenant.key}/upload` : ''}.`);
    } else if (verb === 'list') {
      for (const t of await listTenants(app.db)) {
        console.log(`${t.key}\t${t.name}\t${t.archivedAt ? 'archiviert' : 'aktiv'}\t${t.submissions} Einsendungen\t${t.contributors} Beitragende\t${t.editors} Redaktion`);
      }
    } else if (verb === 'archive') {
      if (!values.key) throw new TenantCliError('--key fehlt.');
      await archiveTenant(app, null, values.key, true);
      console.log(`Bereich ${values.key} archiviert.`);
    } else {
      throw new TenantCliError('Unbekannter Befehl.');
    }
  } catch (error) {
    explain(error);
  }
}

/** `user create … --tenant K --role contributor|editor`: an account with a membership. */
export async function createMemberUser(app: FastifyInstance, values: { email: string; password: string; tenant: string; role?: string }): Promise<void> {
  if (!values.role || !(membershipRoles as readonly string[]).includes(values.role)) throw new TenantCliError(texts.tenants.roleInvalid);
  try {
    const member = await addMember(app, null, values.tenant, { email: values.email, password: values.password, role: values.role as MembershipRole, invite: false });
    console.log(`Benutzer ${member.email} angelegt (Bereich ${values.tenant}, ${values.role}).`);
  } catch (error) {
    explain(error);
  }
}
