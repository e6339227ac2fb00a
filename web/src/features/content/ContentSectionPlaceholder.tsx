import type { ReactNode } from 'react';
import { texts } from '../../../../common/texts';
import { Card } from '../../ui/Card';

const t = texts.content;

/**
 * The content section's card and heading, drawn by the page with its first screen; only the tools
 * inside load later. The heading stays the same element throughout, so the page's largest text is
 * painted once (a heading drawn again when the tools arrive counted as a late paint).
 */
export function ContentSectionFrame({ children }: { children: ReactNode }) {
  return (
    <Card>
      <section aria-label={t.section} className="space-y-6">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{t.section}</h2>
          <p className="text-sm text-slate-600">{t.intro}</p>
        </div>
        {children}
      </section>
    </Card>
  );
}

/** The tools' place while their code and data load: about the height of the empty tools, so the post section below does not jump. */
export function ContentToolsPlaceholder() {
  return <div className="min-h-[44rem] lg:min-h-[22rem]" aria-busy="true" />;
}
