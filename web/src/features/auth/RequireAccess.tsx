import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { mayEnter, type Member, type RouteDef } from '../../../../common/routes';
import { texts } from '../../../../common/texts';
import { notify } from '../../lib/notify';
import { storageKeys } from '../../lib/storage';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from './AuthProvider';

export type GuardDecision =
  | { kind: 'spinner'; text: string }
  | { kind: 'login'; remember: boolean; toast?: [string, string] }
  | { kind: 'setup' }
  | { kind: 'no-role'; toast: [string, string] }
  | { kind: 'denied'; toast: [string, string] }
  | { kind: 'show' };

/** The spec's route guard, as a pure decision. */
export function decideAccess(
  def: RouteDef,
  s: {
    initialized: boolean;
    authenticated: boolean;
    roleLoading: boolean;
    role: Parameters<typeof mayEnter>[1];
    setupNeeded?: boolean | null;
    signedOut?: boolean;
    membership?: Member;
    tenantKey?: string;
  },
): GuardDecision {
  if (def.access.kind === 'public') return { kind: 'show' };
  if (!s.initialized) return { kind: 'spinner', text: texts.auth.initializing };
  if (!s.authenticated) {
    // A fresh install has no one to log in: it opens the setup page, without an error.
    if (s.setupNeeded === null) return { kind: 'spinner', text: texts.auth.initializing };
    if (s.setupNeeded) return { kind: 'setup' };
    // Right after signing out the page is left on purpose: nothing to remember, nothing to say.
    if (s.signedOut) return { kind: 'login', remember: false };
    // The plain login-only guard says why; the role guard goes to /login quietly.
    return def.access.kind === 'authenticated'
      ? { kind: 'login', remember: true, toast: [texts.auth.accessDeniedTitle, texts.auth.mustBeLoggedIn] }
      : { kind: 'login', remember: true };
  }
  if (def.access.kind === 'authenticated') return { kind: 'show' };
  if (s.roleLoading) return { kind: 'spinner', text: texts.auth.loadingUser };
  if (!s.role && !s.membership) return { kind: 'no-role', toast: [texts.auth.noRoleTitle, texts.auth.noRoleText] };
  if (!mayEnter(def, s.role, s.membership ?? null, s.tenantKey))
    return { kind: 'denied', toast: [texts.auth.accessDeniedTitle, texts.auth.noPermission] };
  return { kind: 'show' };
}

export function RequireAccess({ def, children }: { def: RouteDef; children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const { tenantKey } = useParams();
  const decision = decideAccess(def, {
    initialized: auth.initialized,
    authenticated: !!auth.user,
    roleLoading: auth.roleLoading,
    role: auth.role,
    setupNeeded: auth.setupNeeded,
    signedOut: auth.signedOut,
    membership: auth.membership,
    tenantKey,
  });
  const toasted = useRef(false);

  useEffect(() => {
    if (toasted.current) return;
    if (decision.kind === 'login' && decision.remember) {
      sessionStorage.setItem(storageKeys.redirectAfterLogin, location.pathname + location.search);
    }
    if ('toast' in decision && decision.toast) {
      toasted.current = true;
      notify.error(...decision.toast);
    }
  }, [decision, location.pathname, location.search]);

  switch (decision.kind) {
    case 'spinner':
      return <Spinner fill text={decision.text} />;
    case 'login':
    case 'denied':
      return <Navigate to="/login" replace />;
    case 'setup':
      return <Navigate to="/setup" replace />;
    case 'no-role':
      return <Navigate to="/no-role" replace />;
    default:
      return <>{children}</>;
  }
}
