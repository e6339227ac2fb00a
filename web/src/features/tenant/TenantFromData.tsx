import type { CSSProperties, ReactNode } from 'react';
import { useParams } from 'react-router';
import type { Role } from '../../../../common/roles';
import type { TenantInfo } from '../../../../common/schemas/tenants';
import { standardStyle, tenantBase, type EntryCard, type Tenant, type TenantKey } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { TenantContext } from './TenantContext';
import { useTenantInfo } from './tenantInfo';

/** A tenant an admin created, in the shape the pages read (paths below /t/<key> or /p/<key>). */
export function tenantFromInfo(info: TenantInfo, publicLink = false): Tenant {
  const base = publicLink ? `/p/${info.key}` : tenantBase(info.key);
  const cards = info.entryCards as EntryCard[];
  return {
    key: info.key as TenantKey,
    role: 'admin' as Role,
    allowedRoles: ['admin'],
    basePath: base,
    homePath: base,
    name: info.name,
    shortName: info.name,
    wording: info.wording === 'banking' ? 'banker' : 'engineer',
    dashboardCards: cards,
    contentSelectionCards: cards,
    brandColor: info.brandColor,
    startButtonColor: info.brandColor,
    logoText: info.name.slice(0, 1).toUpperCase(),
    footerName: info.name,
    agentIds: info.agentIds,
    hasGeneralInterview: false,
    topicIntros: [],
    viaPublicLink: publicLink,
    logoUrl: info.logoUrl,
    topics: info.topics,
    thanksVariant: info.thanksVariant,
    videoMaxSeconds: info.videoMaxSeconds,
    // The row's own style fields are still to come (issue #30): a created tenant has the standard pages.
    style: standardStyle,
  };
}

export { useTenantInfo };

/** Gives the pages below /t/:tenantKey (or a public link of such a tenant) their tenant from the database. */
export function TenantFromData({
  publicLink = false,
  param = 'tenantKey',
  children,
}: {
  publicLink?: boolean;
  param?: string;
  children: ReactNode;
}) {
  const key = useParams()[param];
  const info = useTenantInfo(key);
  if (info.isPending) return <Spinner text={texts.common.loading} />;
  if (!info.data || (publicLink && !info.data.publicLink)) {
    return publicLink ? (
      <Page title={texts.upload.publicTitle} intro={texts.upload.unknownTenant} />
    ) : (
      <Page title={texts.tenants.notFound} />
    );
  }
  const t = tenantFromInfo(info.data, publicLink);
  return (
    <TenantContext.Provider value={t}>
      <div style={{ '--color-brand': t.brandColor, '--brand': t.brandColor } as CSSProperties}>{children}</div>
    </TenantContext.Provider>
  );
}
