import { texts } from '../../../../common/texts';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { useAuth } from '../auth/AuthProvider';
import { MembersPanel } from './MembersPanel';

/** /mitglieder: a tenant's editors invite their own contributors. */
export function MembersPage() {
  const { membership, myTenant } = useAuth();
  if (!membership) return <Page title={texts.tenants.membersTitle} />;
  return (
    <Page title={texts.tenants.membersTitle} intro={texts.tenants.membersIntro(myTenant?.name ?? membership.tenant)} width="lg">
      <Card>
        <MembersPanel tenantKey={membership.tenant} canAddEditors={false} />
      </Card>
    </Page>
  );
}
