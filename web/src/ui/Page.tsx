import type { ReactNode } from 'react';

/**
 * The frame of a content page: heading, optional intro, content; comfortable on a phone. `back`:
 * the "Zurück" of a flow page, above the heading.
 */
export function Page({
  title,
  intro,
  children,
  width = 'md',
  actions,
  back,
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  width?: 'sm' | 'md' | 'lg' | 'xl';
  actions?: ReactNode;
  back?: ReactNode;
}) {
  const max = { sm: 'max-w-md', md: 'max-w-2xl', lg: 'max-w-4xl', xl: 'max-w-6xl' }[width];
  return (
    <main className={`mx-auto w-full ${max} px-4 pb-16 pt-6 sm:px-6 sm:pt-10`}>
      {back && <div className="-mt-2 mb-2 sm:-mt-4">{back}</div>}
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {intro && <div className="mt-2 text-slate-600">{intro}</div>}
        </div>
        {actions}
      </div>
      {children}
    </main>
  );
}
