import { Inbox, LogOut, ShieldCheck, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { texts } from '../../../../common/texts';
import { useAuth } from '../auth';
import { useTenant } from '../../current-tenant/TenantContext';

/** A header control is a thumb's target: at least 44×44 px (WCAG 2.5.5) on every screen. */
const control =
  'flex h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg text-sm font-medium text-slate-700 hover:bg-slate-100 sm:px-2.5';

/** Publishes the header's height as --header-height, so notices sit below it (main.tsx's Toaster). */
function useHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty('--header-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty('--header-height');
    };
  }, []);
  return ref;
}

/** The fixed top bar: logo (to /), title, username and 'Abmelden'. */
export function Header() {
  const ref = useHeaderHeight();
  const { user, role, membership, logout } = useAuth();
  const tenant = useTenant();
  const navigate = useNavigate();
  return (
    <header ref={ref} className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* Grows with its text (200 %): what does not fit moves to a second line, right-aligned. */}
      <div className="mx-auto flex min-h-14 max-w-6xl flex-wrap items-center justify-end gap-x-3 px-3 sm:px-6">
        {/* The link's name comes from its content (no aria-label that differs from the visible text). */}
        {/* The title is never cut (spec: the header shows it): on a phone it takes two balanced lines
            and what varies, the username, gives way instead. */}
        <Link
          to={tenant.viaPublicLink ? tenant.homePath : '/'}
          className="mr-auto flex min-h-11 shrink-0 items-center gap-2 sm:gap-2.5"
        >
          {tenant.logoUrl ? (
            <img src={tenant.logoUrl} alt="" className="h-9 max-w-32 shrink-0 object-contain" />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-9 min-w-9 shrink-0 items-center justify-center rounded-lg bg-brand px-1.5 text-xs font-bold text-white"
            >
              {tenant.logoText}
            </span>
          )}
          <span className="sr-only">{tenant.name} – </span>
          <span
            className="max-w-[9rem] text-balance text-[13px] font-semibold leading-tight text-slate-900 sm:max-w-none sm:text-base"
            data-testid="header-title"
          >
            {texts.nav.appTitle}
          </span>
        </Link>
        {user && (
          <>
            <div className="flex items-center sm:gap-2">
              {(role === 'admin' || role === 'vdi_admin' || membership?.role === 'editor') && (
                <Link to="/eingang" title={texts.nav.inbox} className={control}>
                  <Inbox size={18} aria-hidden="true" />
                  <span className="sr-only sm:not-sr-only">{texts.nav.inbox}</span>
                </Link>
              )}
              {role !== 'admin' && membership?.role === 'editor' && (
                <Link to="/mitglieder" title={texts.tenants.members} className={control}>
                  <Users size={18} aria-hidden="true" />
                  <span className="sr-only sm:not-sr-only">{texts.tenants.members}</span>
                </Link>
              )}
              {role === 'admin' && (
                <Link to="/security" title={texts.nav.security} aria-label={texts.nav.security} className={control}>
                  <ShieldCheck size={18} aria-hidden="true" />
                </Link>
              )}
            </div>
            {/* The whole name, never cut: with the sign-out button it moves to a line of its own when
                the first is full (a phone, 200 % text), and wraps there if it must. */}
            <div className="flex min-w-0 items-center">
              <span
                className="min-w-0 px-1 wrap-anywhere text-right text-xs text-slate-600 sm:text-sm"
                data-testid="header-username"
              >
                {user.username}
              </span>
              <button
                type="button"
                title={texts.auth.logout}
                aria-label={texts.auth.logout}
                onClick={() => void logout().then((ended) => ended && navigate('/login', { replace: true }))}
                className={`${control} hover:text-slate-900`}
              >
                <LogOut size={18} aria-hidden="true" />
              </button>
            </div>
          </>
        )}
      </div>
    </header>
  );
}
