import type { ReactNode } from 'react';
import { texts } from '../../../../common/texts';
import { useTenant } from '../../current-tenant/TenantContext';
import { Header } from './Header';

export function Layout({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <div className="flex-1 pt-14">{children}</div>
      <footer className="border-t border-slate-200 py-4 text-center text-xs text-slate-500">
        {texts.common.footer(new Date().getFullYear(), tenant.footerName)}
      </footer>
    </div>
  );
}
