import { texts } from '../../../../common/texts';
import { Card } from '../../ui/Card';

/** The post section's place while its code loads: its heading and about the height of its editor. */
export function PostSectionPlaceholder() {
  return (
    <Card>
      <div aria-busy="true">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">{texts.post.section}</h2>
        <div className="min-h-[36rem]" />
      </div>
    </Card>
  );
}
