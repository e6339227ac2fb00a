import { ArrowDown, ArrowUp, X as Remove } from 'lucide-react';
import type { PostChannel, PostItem } from '../../../../common/schemas/post';
import { texts } from '../../../../common/texts';
import { Button } from '../../ui/Button';
import { ConsentBadges } from './ConsentBadges';
import { isVideo, useContent } from './useContent';

const t = texts.content;

/** Clips, audiograms and quote cards of a channel's post: attach, order, alt text; consent beside each. */
export function PostItems({
  contentId,
  channel,
  items,
  onChange,
}: {
  contentId: number;
  channel: PostChannel;
  items: PostItem[];
  onChange(items: PostItem[]): void;
}) {
  const content = useContent(contentId);
  const data = content.data;
  if (!data || data.items.length === 0) return null;
  const attachedIds = new Set(items.map((i) => i.itemId));
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  const available = data.items.filter((i) => !attachedIds.has(i.id) && i.state !== 'failed' && i.state !== 'cancelled');
  return (
    <div data-testid="post-items">
      <h3 className="mb-2 text-base font-semibold text-slate-900">{t.attachTitle}</h3>
      {items.length > 0 && (
        <ol className="mb-3 space-y-3" aria-label={t.attachTitle}>
          {items.map((p, i) => {
            const item = data.items.find((x) => x.id === p.itemId);
            return (
              <li key={p.itemId} className="flex gap-3 rounded-lg border border-slate-200 p-2">
                <Thumb url={item?.url ?? null} video={!!item && isVideo(item)} />
                <div className="min-w-0 flex-1 space-y-1.5">
                  <p className="text-xs font-medium text-slate-600">
                    {item ? `${t.kinds[item.kind]} · ${item.format}` : ''}{' '}
                    {item && item.state !== 'ready' ? `· ${t.rendering}` : ''}
                  </p>
                  <label
                    className="block text-xs font-medium text-slate-700"
                    htmlFor={`item-alt-${channel}-${p.itemId}`}
                  >
                    {t.captionLabel} {i + 1}
                  </label>
                  <input
                    id={`item-alt-${channel}-${p.itemId}`}
                    className="block w-full rounded-lg border border-slate-300 px-2.5 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
                    value={p.alt}
                    onChange={(e) =>
                      onChange(items.map((x) => (x.itemId === p.itemId ? { ...x, alt: e.target.value } : x)))
                    }
                  />
                  {item && <ConsentBadges item={item} consent={data.consent} />}
                  <div className="flex flex-wrap gap-1">
                    <Button
                      variant="ghost"
                      className="!min-h-9 !px-2"
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                      aria-label={`${texts.post.moveUp}: ${t.kinds[item?.kind ?? 'card']} ${i + 1}`}
                    >
                      <ArrowUp size={16} aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      className="!min-h-9 !px-2"
                      disabled={i === items.length - 1}
                      onClick={() => move(i, i + 1)}
                      aria-label={`${texts.post.moveDown}: ${t.kinds[item?.kind ?? 'card']} ${i + 1}`}
                    >
                      <ArrowDown size={16} aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      className="!min-h-9 !px-2"
                      onClick={() => onChange(items.filter((x) => x.itemId !== p.itemId))}
                      aria-label={`${texts.post.removeImage}: ${t.kinds[item?.kind ?? 'card']} ${i + 1}`}
                    >
                      <Remove size={16} aria-hidden="true" />
                      <span className="text-xs">{texts.post.removeImage}</span>
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {available.length > 0 && (
        <ul className="grid gap-2 sm:grid-cols-2">
          {available.map((item) => (
            <li key={item.id} className="flex gap-2 rounded-lg border border-slate-200 p-2">
              <Thumb url={item.url} video={isVideo(item)} />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="text-xs font-medium text-slate-700">
                  {t.kinds[item.kind]} · {item.format}
                </p>
                <ConsentBadges item={item} consent={data.consent} />
                <Button
                  variant="secondary"
                  className="!min-h-9 !px-3"
                  disabled={!item.attachable}
                  onClick={() => onChange([...items, { itemId: item.id, alt: item.alt }])}
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

function Thumb({ url, video }: { url: string | null; video: boolean }) {
  if (!url) return <span className="h-20 w-20 shrink-0 rounded-md bg-slate-100" aria-hidden="true" />;
  return video ? (
    <video src={url} muted preload="metadata" className="h-20 w-20 shrink-0 rounded-md bg-black object-cover" />
  ) : (
    <img src={url} alt="" className="h-20 w-20 shrink-0 rounded-md bg-slate-100 object-cover" />
  );
}
