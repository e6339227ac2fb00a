import type { PostItem } from '../../../../common/schemas/post';
import { texts } from '../../../../common/texts';
import { Button } from '../../ui/Button';
import { MediaThumb } from './MediaThumb';
import { ConsentBadges } from './ConsentBadges';
import { isVideo, useContent } from './useContent';

const t = texts.content;

/**
 * Clips, audiograms and quote cards not yet in the channel's post, with the consent beside each;
 * "Anhängen" puts one at the end of the post's order (ordered together with the photos there).
 */
export function PostItems({
  contentId,
  attached,
  onAttach,
}: {
  contentId: number;
  attached: number[];
  onAttach(item: PostItem): void;
}) {
  const content = useContent(contentId);
  const data = content.data;
  if (!data || data.items.length === 0) return null;
  const available = data.items.filter(
    (i) => !attached.includes(i.id) && i.state !== 'failed' && i.state !== 'cancelled',
  );
  return (
    <div data-testid="post-items">
      <h3 className="mb-2 text-base font-semibold text-slate-900">{t.attachTitle}</h3>
      {available.length === 0 ? (
        <p className="text-sm text-slate-500">{t.allAttached}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {available.map((item) => (
            <li key={item.id} className="flex gap-2 rounded-lg border border-slate-200 p-2">
              <MediaThumb m={{ src: item.url, video: isVideo(item) }} />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="text-xs font-medium text-slate-700">
                  {t.kinds[item.kind]} · {item.format}
                </p>
                <ConsentBadges item={item} consent={data.consent} />
                <Button
                  variant="secondary"
                  className="!min-h-9 !px-3"
                  disabled={!item.attachable}
                  onClick={() => onAttach({ itemId: item.id, alt: item.alt })}
                  aria-label={`${t.attach}: ${t.kinds[item.kind]} ${item.id}`}
                >
                  {t.attach}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
