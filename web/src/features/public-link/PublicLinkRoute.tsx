import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { tenantOfPublicSlug } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { Page } from '../../ui/Page';
import { TenantProvider } from '../tenant/TenantContext';
import { PublicProofProvider } from './proof';

/** A page of the anonymous public link: the tenant from /p/:tenant, in its brand, with the proof of work running. */
export function PublicLinkRoute({ children }: { children: ReactNode }) {
  const tenant = tenantOfPublicSlug(useParams().tenant);
  if (!tenant) return <Page title={texts.upload.publicTitle} intro={texts.upload.unknownTenant} />;
  return (
    <TenantProvider tenant={tenant.key} publicLink>
      <PublicProofProvider>{children}</PublicProofProvider>
    </TenantProvider>
  );
}
