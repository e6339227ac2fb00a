import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { handledElsewhere } from '../../common/best-effort';
import { routeTable, type RouteDef } from '../../common/routes';
import { texts } from '../../common/texts';
import { AuthProvider, InactivityWatcher, RequireAccess, useAuth } from './features/auth';
import { HistoryTracker, Layout, NotFoundPage, RouteAnnouncer } from './features/navigation';
import { PublicLinkRoute } from './features/public-link';
import { PersonalLinkRoute } from './features/personal-links';
import { TenantProvider } from './current-tenant/TenantContext';
import { pages } from './pages';
import { Spinner } from './ui/Spinner';

// The code of the page being opened starts loading at once, beside the session check, instead of
// after the route's guard has the user's role (one round trip less before the page shows).
const opening = routeTable.find((def) => matchPath(def.path, window.location.pathname));
// A failed load is seen again, and shown, when the route renders the page.
if (opening) void pages[opening.page].preload?.().catch(handledElsewhere);

/** Pages shown without the app header. */
const bare = new Set(['login', 'reset-password', 'approval']);

function routeElement(def: RouteDef) {
  const Page = pages[def.page];
  const page = (
    <Suspense fallback={<Spinner fill text={texts.common.loading} />}>
      <Page />
    </Suspense>
  );
  const framed = bare.has(def.page) ? page : <Layout>{page}</Layout>;
  if (def.viaPublicLink) return <PublicLinkRoute>{framed}</PublicLinkRoute>;
  if (def.viaPersonalLink) return <PersonalLinkRoute>{framed}</PersonalLinkRoute>;
  if (def.tenantParam) {
    return (
      <RequireAccess def={def}>
        <TenantProvider param="tenantKey">{framed}</TenantProvider>
      </RequireAccess>
    );
  }
  return (
    <RequireAccess def={def}>
      <HomeTenant tenant={def.tenant} fromRow={!bare.has(def.page)}>
        {framed}
      </HomeTenant>
    </RequireAccess>
  );
}

/**
 * A page of a seed tenant shows that tenant; a page of no tenant (inbox, account, members) shows
 * the signed-in user's own tenant, so the editor of a created tenant sees its name and colour there,
 * and everybody else the association's.
 */
function HomeTenant({ tenant, fromRow, children }: { tenant?: string; fromRow: boolean; children: ReactNode }) {
  const { myTenant } = useAuth();
  // Pages without the header (login, approval) keep the association's look and load no row.
  const key = tenant ?? (fromRow ? myTenant?.key : undefined) ?? 'vdi';
  return (
    <TenantProvider tenant={key} fromRow={fromRow}>
      {children}
    </TenantProvider>
  );
}

/** Offline drafts go out in the background; only a signed-in user has any (loaded then). */
const DraftSync = lazy(() => import('./features/submissions/drafts').then((m) => ({ default: m.DraftSync })));
/** The drafts' code loads this long after the app started: the opened page's code and data go first. */
const DRAFTS_AFTER_MS = 2000;

function SignedInWork() {
  const { user } = useAuth();
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), DRAFTS_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!user || !due) return null;
  return (
    <Suspense fallback={null}>
      <DraftSync />
    </Suspense>
  );
}

function Root() {
  return (
    <AuthProvider>
      <InactivityWatcher />
      <HistoryTracker />
      <RouteAnnouncer />
      <SignedInWork />
      <Routes>
        {routeTable.map((def) => (
          <Route key={def.path} path={def.path} element={routeElement(def)} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AuthProvider>
  );
}

/** The declarative router: the data router's loaders and actions are not used, and cost 50 KB. */
export function App() {
  return (
    <BrowserRouter>
      <Root />
    </BrowserRouter>
  );
}
