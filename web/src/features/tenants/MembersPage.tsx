import { useQuery } from '@tanstack/react-query';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { useAuth } from '../auth';
import { ShareLink } from '../sharing';
import { MembersPanel } from './MembersPanel';

const a = texts.admin;

/** /mitglieder: a tenant's editors see its figures and invite their own contributors. */
export function MembersPage() {
  const { membership, myTenant, user } = useAuth();
  const key = membership?.tenant;
  const stats = useQuery({
    queryKey: ['tenant-statistics', key],
    queryFn: () => call('GET /tenants/:key/statistics', { params: { key: key! } }),
    enabled: !!key,
  });
  if (!membership) return <Page title={texts.tenants.membersTitle} />;
  const figures: [string, number | undefined][] = [
    [a.interviews, stats.data?.totalInterviews],
    [a.mediaUploads, stats.data?.totalMediaUploads],
    [a.activeUsers, stats.data?.activeUsers],
  ];
  return (
    <Page
      title={texts.tenants.membersTitle}
      intro={texts.tenants.membersIntro(myTenant?.name ?? membership.tenant)}
      width="lg"
    >
      <Card className="mb-6">
        <dl className="grid grid-cols-3 gap-4" aria-label={myTenant?.name ?? membership.tenant}>
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-2xl font-bold text-slate-900">{value ?? '–'}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {myTenant?.publicLink && !myTenant.archivedAt && (
        <Card className="mb-6">
          <h2 className="mb-2 text-lg font-semibold text-slate-900">{texts.sharing.title}</h2>
          <ShareLink tenant={myTenant} />
        </Card>
      )}
      <Card>
        <MembersPanel tenantKey={membership.tenant} canAddEditors={false} selfId={user?.id} />
      </Card>
    </Page>
  );
}
