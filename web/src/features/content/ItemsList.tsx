import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContentItem, ContentOverview } from '../../../../common/contracts/content';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { failureMessage, notifyFailure } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { CaptionTrack } from '../../ui/CaptionTrack';
import { TextareaField } from '../../ui/Field';
import { Progress } from '../../ui/Progress';
import { ConsentBadges } from './ConsentBadges';
import { PassageFields } from './PassageFields';
import { isVideo, useRefresh } from './useContent';

const t = texts.content;

/** What an item without a file yet shows in its place. */
const stateText: Record<ContentItem['state'], string> = {
  queued: t.queued,
  rendering: t.rendering,
  cancelled: t.cancelled,
  failed: t.failed,
  ready: t.failed,
};

/** What was made: cards, clips and audiograms with their state, consent, download and edit. */
export function Items({ data }: { data: ContentOverview }) {
  const refresh = useRefresh(data.contentId);
  const cancel = useMutation({
    mutationFn: (id: number) =>
      call('POST /content/:contentId/items/:itemId/cancel', { params: { contentId: data.contentId, itemId: id } }),
    onSettled: () => refresh(),
    onError: notifyFailure,
  });
  return (
    <div>
      <h3 className="mb-2 text-base font-semibold text-slate-900">{t.itemsTitle}</h3>
      {data.items.length === 0 ? (
        <p className="text-sm text-slate-500">{t.noItems}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t.itemsTitle}>
          {[...data.items].reverse().map((item) => (
            <ItemCard key={item.id} data={data} item={item} onCancel={() => cancel.mutate(item.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ItemCard({ data, item, onCancel }: { data: ContentOverview; item: ContentItem; onCancel(): void }) {
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-2" data-testid={`content-item-${item.id}`}>
      <ItemMedia item={item} />
      <p className="text-sm font-medium text-slate-900">
        {t.kinds[item.kind]} · {item.format}
      </p>
      {(item.state === 'queued' || item.state === 'rendering') && <ItemProgress item={item} onCancel={onCancel} />}
      <p className="line-clamp-3 text-xs text-slate-600">{item.alt}</p>
      {item.spec.predatesCorrection ? <p className="text-xs text-amber-800">{t.predatesCorrection}</p> : null}
      <ConsentBadges item={item} consent={data.consent} />
      {item.url && (
        <a className="text-sm text-brand underline" href={`${item.url}?download=1`}>
          {t.download}
        </a>
      )}
      {item.state === 'ready' && <EditItem contentId={data.contentId} item={item} />}
    </li>
  );
}

/** The made card or clip, or its state while there is no file. */
function ItemMedia({ item }: { item: ContentItem }) {
  if (!item.url)
    return (
      <div className="flex h-32 items-center justify-center rounded bg-slate-100 text-sm text-slate-600">
        {stateText[item.state]}
      </div>
    );
  if (!isVideo(item))
    return <img src={item.url} alt={item.alt} className="max-h-80 w-full rounded bg-slate-100 object-contain" />;
  return (
    <video
      src={item.url}
      controls
      playsInline
      preload="metadata"
      className="max-h-80 w-full rounded bg-black"
      aria-label={item.alt}
    >
      <CaptionTrack src={item.captionsUrl} shown={false} />
    </video>
  );
}

function ItemProgress({ item, onCancel }: { item: ContentItem; onCancel(): void }) {
  return (
    <div className="space-y-1">
      <Progress value={(item.progress ?? 0) * 100} label={t.rendering} />
      <div className="flex items-center justify-between text-xs text-slate-600">
        <span>{item.state === 'queued' ? t.queued : t.progress(item.progress ?? 0)}</span>
        <Button variant="ghost" className="!min-h-8 !px-2 text-xs" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </div>
  );
}

/** Makes an item anew with a changed quote or passage; the new one replaces it in every post. */
function EditItem({ contentId, item }: { contentId: number; item: ContentItem }) {
  const refresh = useRefresh(contentId);
  const [open, setOpen] = useState(false);
  const [quote, setQuote] = useState(String(item.spec.quote ?? ''));
  const [start, setStart] = useState(Number(item.spec.start ?? 0));
  const [end, setEnd] = useState(Number(item.spec.end ?? 0));
  const [error, setError] = useState<string>();
  const edit = useMutation({
    mutationFn: () =>
      call('POST /content/:contentId/items/:itemId/edit', {
        params: { contentId, itemId: item.id },
        body: item.kind === 'card' ? { quote } : { start, end },
      }),
    onSuccess: async () => {
      setOpen(false);
      await refresh();
    },
    onError: (e) => setError(failureMessage(e)),
  });
  if (!open) {
    return (
      <Button
        variant="ghost"
        className="!min-h-8 !px-2 text-xs"
        onClick={() => setOpen(true)}
        aria-label={`${t.edit}: ${t.kinds[item.kind]} ${item.id}`}
      >
        {t.edit}
      </Button>
    );
  }
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-2">
      <p className="text-xs text-slate-600">{t.editHint}</p>
      {item.kind === 'card' ? (
        <TextareaField
          label={t.quoteLabel}
          rows={3}
          maxLength={400}
          value={quote}
          onChange={(e) => setQuote(e.target.value)}
        />
      ) : (
        <PassageFields start={start} end={end} onStart={setStart} onEnd={setEnd} compact />
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button className="!min-h-9" onClick={() => edit.mutate()} disabled={edit.isPending}>
        {item.kind === 'card' ? t.makeCard : t.render}
      </Button>
    </div>
  );
}
