import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { publicTenantView, tenants, type Tenant, type TenantKey } from '../../../../common/tenants';
import { seedWithRow, useTenantInfo } from './tenantInfo';

export const TenantContext = createContext<Tenant>(tenants.vdi);

/**
 * Gives the pages below the tenant of their route, and its brand colour. `publicLink`: the
 * tenant as its anonymous public link shows it (paths below /p/<slug>). The seed's definition shows
 * at once; the tenant row (an admin's edits) replaces it when loaded. `fromRow` false: pages
 * without the header (login) skip the request.
 */
export function TenantProvider({
  tenant,
  publicLink = false,
  fromRow = true,
  children,
}: {
  tenant: TenantKey;
  publicLink?: boolean;
  fromRow?: boolean;
  children: ReactNode;
}) {
  const row = useTenantInfo(tenant, fromRow).data;
  const own = seedWithRow(tenants[tenant], row);
  const t = publicLink ? publicTenantView(own) : own;
  return (
    <TenantContext.Provider value={t}>
      <div style={{ '--color-brand': t.brandColor, '--brand': t.brandColor } as CSSProperties}>{children}</div>
    </TenantContext.Provider>
  );
}

export function useTenant(): Tenant {
  return useContext(TenantContext);
}
