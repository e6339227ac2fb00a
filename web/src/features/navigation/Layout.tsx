import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { texts } from '../../../../common/texts';
import { useTenant } from '../../current-tenant/TenantContext';
import { Header } from './Header';

export function Layout({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  return (
    <div className="flex min-h-dvh flex-col" data-title-tenant={tenant.name}>
      <Header />
      <div className="flex-1">{children}</div>
      <footer className="border-t border-slate-200 py-4 text-center text-xs text-slate-500">
        {texts.common.footer(new Date().getFullYear(), tenant.footerName)}
        {' · '}
        <Link to="/barrierefreiheit" className="underline hover:text-slate-800">
          {texts.accessibility.footerLink}
        </Link>
      </footer>
    </div>
  );
}
