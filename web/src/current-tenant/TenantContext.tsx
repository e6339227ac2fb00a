import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { isTenantKey, seedRows, tenants, tenantView, type Tenant } from '../../../common/tenants';
import { texts } from '../../../common/texts';
import { Page } from '../ui/Page';
import { Spinner } from '../ui/Spinner';
import { useTenantInfo } from './tenantInfo';

export const TenantContext = createContext<Tenant>(tenants.vdi);

/**
 * The one provider: gives the pages below the tenant of their route, built from its row
 * (tenantView), and its brand colour. The tenant is `tenant` (a route of the seed's) or the route
 * parameter `param` (/t/:tenantKey, /p/:tenant). `viaPublicLink`: as its anonymous public link
 * shows it (paths below /p/<slug>). A seed tenant shows its seed row at once and the database's
 * row (an admin's edits) once loaded; another tenant waits for its row. `fromRow` false: pages
 * without the header (login) skip the request.
 */
export function TenantProvider({
  tenant,
  param,
  viaPublicLink = false,
  basePath,
  fromRow = true,
  children,
}: {
  tenant?: string;
  param?: string;
  viaPublicLink?: boolean;
  /** A personal link's own path (/e/<code>); its server already checked the link, not the tenant's public link. */
  basePath?: string;
  fromRow?: boolean;
  children: ReactNode;
}) {
  const fromParam = useParams()[param ?? ''];
  const key = tenant ?? fromParam;
  const info = useTenantInfo(key, fromRow);
  const seed = isTenantKey(key) ? seedRows[key] : undefined;
  const row = info.data ?? seed;
  if (!row && info.isPending && fromRow) return <Spinner fill text={texts.common.loading} />;
  // A created tenant without its row, or seen through a public link that is switched off.
  if (!row || (viaPublicLink && !basePath && !seed && !info.data?.publicLink)) {
    return viaPublicLink ? (
      <Page title={texts.uploads.publicTitle} intro={texts.uploads.unknownTenant} />
    ) : (
      <Page title={texts.tenants.notFound} />
    );
  }
  const t = tenantView(row, { viaPublicLink, basePath });
  return (
    <TenantContext.Provider value={t}>
      <div style={{ '--color-brand': t.brandColor, '--brand': t.brandColor } as CSSProperties}>{children}</div>
    </TenantContext.Provider>
  );
}

export function useTenant(): Tenant {
  return useContext(TenantContext);
}
