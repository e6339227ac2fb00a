import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { parseRole, type Role } from '../../../../common/roles';
import type { ClientConfig } from '../../../../common/contracts/auth';
import type { MembershipInfo, TenantInfo } from '../../../../common/contracts/tenants';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { authApi } from '../../lib/auth-api';
import { notify } from '../../lib/notify';
import { clearAllStorage, storageKeys } from '../../lib/storage';
import { ApiError } from '../../lib/api';

export type DisplayUser = { id: string; email: string; username: string };

type AuthState = {
  /** The session check has answered (the spec's "initialised"). */
  initialized: boolean;
  user: DisplayUser | null;
  role: Role | null;
  /** The user's tenant and role in it (the seed's roles map onto one); null: none or admin. */
  membership: MembershipInfo | null;
  /** The user's tenant as data (name, colour, logo, cards). */
  myTenant: TenantInfo | null;
  /** Where the user lands after login (server-side rule: server/tenants/access.ts). */
  landing: string | null;
  roleLoading: boolean;
  twoFactorEnabled: boolean;
  clientConfig: ClientConfig | undefined;
  /** No admin exists yet (a fresh install); null while the server has not answered. */
  setupNeeded: boolean | null;
  /** The user has just signed out (or was signed out for idling): guards do not remember the page. */
  signedOut: boolean;
  refreshRole(): Promise<void>;
  refreshSession(): Promise<void>;
  /** Signs out (retried once), clears storage; true when the session ended (the caller navigates then). */
  logout(opts?: { silent?: boolean }): Promise<boolean>;
};

const AuthContext = createContext<AuthState | null>(null);

export function usernameOf(email: string | undefined): string {
  return email?.split('@')[0] || texts.nav.defaultUsername;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // Who is signed in, with role and tenant, in one request that the HTML shell preloads (the
  // spec's session check and role lookup; anonymous: nulls, no 401). A failed check counts as
  // signed out.
  const session = useQuery({
    queryKey: ['session'],
    queryFn: async () => {
      try {
        const answer = await call('GET /session');
        if (answer.me) localStorage.setItem(storageKeys.lastSession, JSON.stringify(answer));
        else localStorage.removeItem(storageKeys.lastSession);
        return answer;
      } catch (error) {
        // Offline (the app shell from the service worker): the last session of this device, so the
        // pages and their waiting drafts show; every request still goes to the server, which decides.
        const kept =
          error instanceof ApiError && error.unreachable ? localStorage.getItem(storageKeys.lastSession) : null;
        if (kept) return JSON.parse(kept) as Awaited<ReturnType<typeof call<'GET /session'>>>;
        throw error;
      }
    },
    staleTime: Infinity,
    retry: 1,
  });
  const me = session.data?.me ?? null;
  const mine = session.data?.mine ?? null;
  const sessionUser = me;
  const clientConfig = useQuery({
    queryKey: ['client-config'],
    queryFn: () => call('GET /client-config'),
    staleTime: 60_000,
  });

  const refetchSession = session.refetch;
  const refreshRole = useCallback(async () => {
    await refetchSession();
  }, [refetchSession]);

  const [signedOut, setSignedOut] = useState(false);
  useEffect(() => {
    if (sessionUser) setSignedOut(false);
  }, [sessionUser]);
  const refreshSession = useCallback(async () => {
    await refetchSession();
  }, [refetchSession]);

  const logout = useCallback(
    async (opts: { silent?: boolean } = {}) => {
      setSignedOut(true);
      // 401, 403, 404: the server has no session for us any more (the spec ignores those). Any
      // other failure (no connection, 5xx) is tried once more; the page never claims a sign-out
      // that did not happen (a shared phone would stay signed in).
      const ended = (error: { status: number } | null) => !error || [401, 403, 404].includes(error.status);
      let result = await authApi.signOut();
      if (!ended(result.error)) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        result = await authApi.signOut();
      }
      clearAllStorage();
      const after = await refetchSession();
      // Once more: the inactivity check may have written its key while the session ended.
      clearAllStorage();
      const stillSignedIn = !ended(result.error) && (after.isError || !!after.data?.me);
      if (stillSignedIn) {
        setSignedOut(false);
        notify.error(texts.auth.logoutFailedTitle, texts.auth.logoutFailedText);
        return false;
      }
      if (!opts.silent) notify.success(texts.auth.loggedOutTitle, texts.auth.loggedOutText);
      return true;
    },
    [refetchSession],
  );

  const value = useMemo<AuthState>(
    () => ({
      initialized: !session.isPending,
      user: sessionUser
        ? { id: sessionUser.id, email: sessionUser.email, username: usernameOf(sessionUser.email) }
        : null,
      // A failed role lookup counts as no role (spec).
      role: me ? parseRole(me.role) : null,
      membership: mine?.membership ?? null,
      myTenant: mine?.tenant ?? null,
      landing: mine?.landing ?? null,
      // Role and session arrive together now; kept for the guards' spinner state.
      roleLoading: false,
      twoFactorEnabled: !!me?.twoFactorEnabled,
      clientConfig: clientConfig.data,
      setupNeeded: clientConfig.isPending ? null : !!clientConfig.data?.setupNeeded,
      signedOut,
      refreshRole,
      refreshSession,
      logout,
    }),
    [
      session.isPending,
      sessionUser,
      me,
      mine,
      clientConfig.data,
      clientConfig.isPending,
      signedOut,
      refreshRole,
      refreshSession,
      logout,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
