import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className}`}>{children}</div>;
}

/** A navigation card: the whole card is the link, its title the link's name. */
export function LinkCard({
  to,
  title,
  text,
  icon,
  state,
}: {
  to: string;
  title: string;
  text?: string;
  icon?: ReactNode;
  state?: unknown;
}) {
  return (
    <Link
      to={to}
      state={state}
      className="group flex items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand hover:shadow-md"
    >
      {icon && <span className="mt-0.5 shrink-0 rounded-lg bg-slate-100 p-2.5 text-brand">{icon}</span>}
      <span className="min-w-0">
        <span className="block hyphens-auto text-base font-semibold text-slate-900 group-hover:text-brand">
          {title}
        </span>
        {text && <span className="mt-1 block text-sm text-slate-600">{text}</span>}
      </span>
    </Link>
  );
}

export function CardGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>;
}
