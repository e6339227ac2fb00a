import { useQuery } from '@tanstack/react-query';
import { BarChart3, Info, LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { TenantStatistics } from '../../../../common/contracts/admin';
import { isTenantKey, tenantBase, tenants, type TenantKey } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { clearAllStorage } from '../../lib/storage';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { useAuth } from '../auth';
import { tenantLabelOf, useTenantLabels } from '../../current-tenant/labels';
import { AdminNav } from './AdminNav';
import { AuditLog } from './AuditLog';
import { formatCount, formatDateTime } from './format';
import { WeeklyChart } from './WeeklyChart';

const t = texts.admin;

/** The spec's four cards (the bank counted, unlike the spec's loop); then the created tenants'. */
const cardTenants: TenantKey[] = ['firma_a', 'firma_b', 'bank', 'vdi'];
/** A tenant's label without the rows (seed names); pages use useTenantLabels. */
export const tenantLabel = (key: string) => tenantLabelOf(key, undefined);
const homeOf = (key: string) => (isTenantKey(key) ? tenants[key].homePath : tenantBase(key));

/** iOS Safari keeps stale state after a client-side navigation; the spec does a full page load there. */
const isIOS = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

export function useAdminLogout() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return async () => {
    const ended = await logout();
    // The activity watcher may record one last activity while the session winds down.
    clearAllStorage();
    if (!ended) return;
    if (isIOS()) window.location.assign('/login');
    else navigate('/login', { replace: true });
  };
}

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums text-slate-900">
        {value === undefined ? '–' : formatCount(value)}
      </dd>
    </div>
  );
}

function TenantCard({
  tenant,
  name,
  colour,
  stats,
}: {
  tenant: string;
  name: string;
  colour: string;
  stats: TenantStatistics | undefined;
}) {
  return (
    <section aria-label={name} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-3 flex items-center gap-2">
        <span className="h-3 w-3 rounded-full" style={{ background: colour }} aria-hidden="true" />
        <h2 className="text-lg font-semibold text-slate-900">{name}</h2>
      </div>
      {stats ? (
        <dl className="grid grid-cols-3 gap-2">
          <Figure label={t.interviews} value={stats.totalInterviews} />
          <Figure label={t.mediaUploads} value={stats.totalMediaUploads} />
          <Figure label={t.activeUsers} value={stats.activeUsers} />
        </dl>
      ) : (
        <p className="text-sm text-slate-500">{t.noData}</p>
      )}
      <Link to={homeOf(tenant)} className="mt-4 text-sm font-medium text-brand hover:underline">
        {t.cardOpen} →
      </Link>
    </section>
  );
}

function TopUsers({ stats, tenantLabel }: { stats: TenantStatistics; tenantLabel(key: string): string }) {
  return (
    <section
      aria-label={`${t.topUsersTitle}: ${tenantLabel(stats.tenant)}`}
      className="rounded-lg border border-slate-100 p-4"
    >
      <h3 className="font-semibold text-slate-900">{tenantLabel(stats.tenant)}</h3>
      <p className="mb-2 text-xs text-slate-500">
        {formatCount(stats.totalInterviews)} {t.interviews} · {formatCount(stats.totalMediaUploads)} {t.mediaUploads} ·{' '}
        {formatCount(stats.activeUsers)} {t.activeUsers}
      </p>
      {stats.topUsers.length === 0 ? (
        <p className="text-sm text-slate-500">{t.noActivity}</p>
      ) : (
        <ol className="space-y-2">
          {stats.topUsers.map((u) => (
            <li key={u.userId} className="text-sm">
              <span className="block font-medium text-slate-800 wrap-anywhere">{u.userEmail ?? u.userId}</span>
              <span className="text-xs text-slate-500">
                {t.userInterviews(u.interviewsCount)} · {t.userUploads(u.mediaUploadsCount)} · {t.lastActivity}:{' '}
                {formatDateTime(u.lastActivity)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function AdminDashboardPage() {
  const logout = useAdminLogout();
  const stats = useQuery({
    queryKey: ['admin', 'statistics'],
    queryFn: () => call('GET /admin/statistics'),
    retry: 1,
  });
  const labels = useTenantLabels();
  const byTenant = (key: string) => stats.data?.tenants.find((s) => s.tenant === key);
  const cards = [...cardTenants, ...labels.rows.filter((r) => !r.archived && !isTenantKey(r.key)).map((r) => r.key)];
  return (
    <Page
      title={t.dashboardTitle}
      intro={t.dashboardIntro}
      width="xl"
      actions={
        <Button variant="secondary" onClick={() => void logout()}>
          <LogOut size={16} aria-hidden="true" />
          {texts.auth.logout}
        </Button>
      }
    >
      <AdminNav />
      {stats.isError && (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t.statsLoadFailed}
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((key) => (
          <TenantCard
            key={key}
            tenant={key}
            name={labels.label(key)}
            colour={labels.colour(key)}
            stats={stats.isPending ? undefined : byTenant(key)}
          />
        ))}
      </div>

      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold text-slate-900">
            <BarChart3 size={20} aria-hidden="true" />
            {t.chartTitle}
          </h2>
          {stats.data ? (
            <WeeklyChart
              weekly={stats.data.weekly}
              tenantKeys={stats.data.tenants.map((s) => s.tenant)}
              tenantLabel={labels.label}
              colour={labels.colour}
            />
          ) : (
            <p className="text-sm text-slate-500">{stats.isPending ? texts.common.loading : t.noData}</p>
          )}
        </Card>
        <Card>
          <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Info size={20} aria-hidden="true" />
            {t.hintsTitle}
          </h2>
          <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
            {t.hints.map((hint) => (
              <li key={hint}>{hint}</li>
            ))}
          </ul>
        </Card>
      </div>

      <Card className="mt-6">
        <h2 className="mb-4 text-lg font-semibold text-slate-900">{t.detailTitle}</h2>
        {stats.data ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {stats.data.tenants.map((s) => (
              <TopUsers key={s.tenant} stats={s} tenantLabel={labels.label} />
            ))}
          </div>
        ) : (
          <p className="text-sm text-slate-500">{stats.isPending ? texts.common.loading : t.noData}</p>
        )}
      </Card>
      <AuditLog />
    </Page>
  );
}
