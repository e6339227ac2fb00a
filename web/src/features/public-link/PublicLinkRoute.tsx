import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { tenantOfPublicSlug } from '../../../../common/tenants';
import { TenantProvider } from '../../current-tenant/TenantContext';
import { PublicDrafts } from './PublicDrafts';
import { PublicProofProvider } from '../proof';

/** A page of the anonymous public link: the tenant from /p/:tenant, in its brand, with the proof of work running. */
export function PublicLinkRoute({ children }: { children: ReactNode }) {
  const slug = useParams().tenant;
  // The seed's path words (firma-a) name their keys (firma_a); a created tenant's word is its key.
  return (
    <TenantProvider tenant={tenantOfPublicSlug(slug)?.key ?? slug} viaPublicLink>
      <PublicProofProvider>
        <PublicDrafts />
        {children}
      </PublicProofProvider>
    </TenantProvider>
  );
}
