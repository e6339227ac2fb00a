import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { tenants, type Tenant, type TenantKey } from '../../../../common/tenants';

const TenantContext = createContext<Tenant>(tenants.vdi);

/** Gives the pages below the tenant of their route, and its brand colour. */
export function TenantProvider({ tenant, children }: { tenant: TenantKey; children: ReactNode }) {
  const t = tenants[tenant];
  return (
    <TenantContext.Provider value={t}>
      <div style={{ '--color-brand': t.brandColor, '--brand': t.brandColor } as CSSProperties}>{children}</div>
    </TenantContext.Provider>
  );
}

export function useTenant(): Tenant {
  return useContext(TenantContext);
}
