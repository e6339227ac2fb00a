import { texts } from '../../../../common/texts';
import { Card } from '../../ui/Card';

const t = texts.content;

export function ContentSectionHeading() {
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{t.section}</h2>
      <p className="text-sm text-slate-600">{t.intro}</p>
    </div>
  );
}

/**
 * The content section's place while its code and data load: its heading and about the height of
 * its empty tools, so the post section below does not jump down when they arrive (layout shift).
 */
export function ContentSectionPlaceholder() {
  return (
    <Card>
      <div className="space-y-6" aria-busy="true">
        <ContentSectionHeading />
        <div className="min-h-[44rem] lg:min-h-[22rem]" />
      </div>
    </Card>
  );
}
