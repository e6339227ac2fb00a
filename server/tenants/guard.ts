import type { TenantInfo } from '../../common/contracts/tenants';
import { texts } from '../../common/texts';
import { DomainError } from '../http/errors';
import type { WithTenants } from './registry';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = WithTenants;

/** A tenant that takes new submissions: it exists and is not archived. */
export async function requireOpenTenant(deps: ServiceDeps, key: string): Promise<TenantInfo> {
  const tenant = (await deps.tenantRegistry.fresh()).get(key);
  if (!tenant) throw new DomainError('not_found', texts.tenants.notFound);
  if (tenant.archivedAt) throw new DomainError('forbidden', texts.tenants.isArchived);
  return tenant;
}

/**
 * The tenant of a public link's path word (`/p/firma-a/upload`, `/p/firma-c/upload`): the seed's
 * tenants answer to their key and its hyphen form; only tenants with the public link switched on.
 */
export async function publicLinkTenant(deps: ServiceDeps, word: string): Promise<TenantInfo | null> {
  const registry = await deps.tenantRegistry.fresh();
  const tenant =
    registry.get(word) ?? registry.all().find((t) => t.builtin && t.key.replace('_', '-') === word) ?? null;
  return tenant?.publicLink && !tenant.archivedAt ? tenant : null;
}
