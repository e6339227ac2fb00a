import { MessageSquare } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { interviewTopics, tenantBase, tenantForRole, tenantPath } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { CardGrid, LinkCard } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from '../auth';
import { TenantProvider, useTenant } from '../../current-tenant/TenantContext';
import { BackLink } from './back';
import { EntryCards } from './cards';

/** Home (/): the three cards, inside the signed-in user's own tenant. */
export function HomePage() {
  const { role, membership, landing, roleLoading } = useAuth();
  const tenant = tenantForRole(role);
  if (roleLoading) return <Spinner fill text={texts.auth.loadingUser} />;
  // A member of a tenant an admin created (no seed role) goes to its start page or the inbox.
  if (!role && membership && landing) return <Navigate to={landing} replace />;
  // Without a role or membership every card would bounce back to "Keine Berechtigung": no circles.
  if (!role && !membership) return <Navigate to="/no-role" replace />;
  // A company's or the bank's user lands in their own area, in its brand (logo, footer, cards).
  if (tenant.basePath && role !== 'admin') return <Navigate to={tenant.homePath} replace />;
  return (
    <TenantProvider tenant={tenant.key}>
      <DashboardPage />
    </TenantProvider>
  );
}

/** A tenant dashboard (/firma-a, /firma-b, /bank, /testnormec): welcome and the tenant's cards. */
export function DashboardPage() {
  const tenant = useTenant();
  const { user } = useAuth();
  return (
    <Page
      title={texts.nav.welcome(user?.username ?? texts.nav.defaultUsername)}
      intro={texts.nav.dashboardIntro}
      width="lg"
    >
      <EntryCards tenant={tenant} cards={tenant.dashboardCards} />
    </Page>
  );
}

export function ContentSelectionPage() {
  const tenant = useTenant();
  return (
    <Page
      title={texts.nav.contentSelectionTitle}
      intro={texts.nav.contentSelectionIntro}
      width="lg"
      back={tenant.homePath !== tenantPath(tenant, 'content-selection') ? <BackLink to={tenant.homePath} /> : undefined}
    >
      <EntryCards tenant={tenant} cards={tenant.contentSelectionCards} />
    </Page>
  );
}

export function InterviewCategoryPage() {
  const tenant = useTenant();
  const wording = texts.nav.topics[tenant.wording];
  return (
    <Page
      title={texts.nav.interviewCategoryTitle}
      intro={texts.nav.interviewCategoryIntro}
      width="lg"
      back={<BackLink to={tenant.homePath} />}
    >
      <CardGrid>
        {(tenant.topics ?? interviewTopics).map((topic) => (
          <LinkCard
            key={topic}
            to={tenantPath(tenant, `interview/${topic}`)}
            title={wording[topic].title}
            text={wording[topic].text}
            icon={<MessageSquare size={22} aria-hidden="true" />}
          />
        ))}
        {tenant.hasGeneralInterview && (
          <LinkCard
            to={tenantPath(tenant, 'interview')}
            title={texts.nav.topics.general.title}
            text={texts.nav.topics.general.text}
            icon={<MessageSquare size={22} aria-hidden="true" />}
          />
        )}
      </CardGrid>
    </Page>
  );
}

/** /modern-interview is not in the spec's route table: it means the interview topics. */
export function ModernInterviewRedirect() {
  const { role, myTenant } = useAuth();
  if (!role && myTenant && !myTenant.builtin)
    return <Navigate to={`${tenantBase(myTenant.key)}/interview-category`} replace />;
  return <Navigate to={tenantPath(tenantForRole(role), 'interview-category')} replace />;
}

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-6xl font-bold text-slate-900">{texts.nav.notFoundCode}</h1>
      <p className="text-lg text-slate-600">{texts.nav.notFoundText}</p>
      <Link to="/" className="font-medium text-brand underline">
        {texts.nav.returnHome}
      </Link>
    </main>
  );
}

/** What a page shows until its capability is built: its final heading. */
export function PlaceholderPage({ title }: { title: string }) {
  return <Page title={title} />;
}
