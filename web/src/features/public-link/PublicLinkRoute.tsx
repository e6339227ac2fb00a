import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { tenantOfPublicSlug } from '../../../../common/tenants';
import { TenantProvider } from '../tenant/TenantContext';
import { TenantFromData } from '../tenant/TenantFromData';
import { PublicDrafts } from './PublicDrafts';
import { PublicProofProvider } from '../proof/proof';

/** A page of the anonymous public link: the tenant from /p/:tenant, in its brand, with the proof of work running. */
export function PublicLinkRoute({ children }: { children: ReactNode }) {
  const tenant = tenantOfPublicSlug(useParams().tenant);
  // A tenant an admin created, with its public link switched on (/p/firma-c/upload).
  if (!tenant) {
    return (
      <TenantFromData publicLink param="tenant">
        <PublicProofProvider>
          <PublicDrafts />
          {children}
        </PublicProofProvider>
      </TenantFromData>
    );
  }
  return (
    <TenantProvider tenant={tenant.key} publicLink>
      <PublicProofProvider>
        <PublicDrafts />
        {children}
      </PublicProofProvider>
    </TenantProvider>
  );
}
