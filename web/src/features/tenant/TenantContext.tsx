import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { publicTenantView, tenants, type Tenant, type TenantKey } from '../../../../common/tenants';

export const TenantContext = createContext<Tenant>(tenants.vdi);

/**
 * Gives the pages below the tenant of their route, and its brand colour. `publicLink`: the
 * tenant as its anonymous public link shows it (paths below /p/<slug>).
 */
export function TenantProvider({ tenant, publicLink = false, children }: { tenant: TenantKey; publicLink?: boolean; children: ReactNode }) {
  const t = publicLink ? publicTenantView(tenants[tenant]) : tenants[tenant];
  return (
    <TenantContext.Provider value={t}>
      <div style={{ '--color-brand': t.brandColor, '--brand': t.brandColor } as CSSProperties}>{children}</div>
    </TenantContext.Provider>
  );
}

export function useTenant(): Tenant {
  return useContext(TenantContext);
}
