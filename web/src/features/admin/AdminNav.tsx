import { NavLink } from 'react-router';
import { texts } from '../../../../common/texts';

const t = texts.admin;
const links = [
  { to: '/admin', label: t.navDashboard },
  { to: '/eingang', label: t.navInbox },
  { to: '/admin/users', label: t.navUsers },
  { to: '/admin/bereiche', label: texts.tenants.navLabel },
  { to: '/admin/outbox', label: t.navOutbox },
];

/** Tabs between the admin pages. */
export function AdminNav() {
  return (
    // On a phone the tabs scroll sideways: the right edge fades out to show there is more.
    <nav
      aria-label={t.dashboardTitle}
      className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 pr-10 [mask-image:linear-gradient(to_right,#000_80%,transparent)] sm:pr-0 sm:[mask-image:none]"
    >
      {links.map((l) => (
        <NavLink
          key={l.to}
          to={l.to}
          end
          className={({ isActive }) =>
            `whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-brand text-brand' : 'border-transparent text-slate-600 hover:text-slate-900'}`
          }
        >
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
