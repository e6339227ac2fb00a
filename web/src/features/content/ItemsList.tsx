import { useMutation, useQueryClient } from '@tanstack/react-query';
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
import { contentKey, isVideo } from './useContent';

const t = texts.content;
const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30';

/** Refetches the content section after a change. */
export function useRefresh(contentId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: contentKey(contentId) });
}

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
            <li
              key={item.id}
              className="space-y-2 rounded-lg border border-slate-200 p-2"
              data-testid={`content-item-${item.id}`}
            >
              {item.url ? (
                isVideo(item) ? (
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
                ) : (
                  <img src={item.url} alt={item.alt} className="max-h-80 w-full rounded bg-slate-100 object-contain" />
                )
              ) : (
                <div className="flex h-32 items-center justify-center rounded bg-slate-100 text-sm text-slate-600">
                  {item.state === 'queued'
                    ? t.queued
                    : item.state === 'rendering'
                      ? t.rendering
                      : item.state === 'cancelled'
                        ? t.cancelled
                        : t.failed}
                </div>
              )}
              <p className="text-sm font-medium text-slate-900">
                {t.kinds[item.kind]} · {item.format}
              </p>
              {(item.state === 'queued' || item.state === 'rendering') && (
                <div className="space-y-1">
                  <Progress value={(item.progress ?? 0) * 100} label={t.rendering} />
                  <div className="flex items-center justify-between text-xs text-slate-600">
                    <span>{item.state === 'queued' ? t.queued : t.progress(item.progress ?? 0)}</span>
                    <Button variant="ghost" className="!min-h-8 !px-2 text-xs" onClick={() => cancel.mutate(item.id)}>
                      {t.cancel}
                    </Button>
                  </div>
                </div>
              )}
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
          ))}
        </ul>
      )}
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
        <div className="grid grid-cols-2 gap-2">
          <label className="block space-y-1 text-xs font-medium text-slate-800">
            <span>{t.startLabel}</span>
            <input
              className={selectClass}
              type="number"
              step="0.1"
              min={0}
              value={start}
              onChange={(e) => setStart(Number(e.target.value))}
            />
          </label>
          <label className="block space-y-1 text-xs font-medium text-slate-800">
            <span>{t.endLabel}</span>
            <input
              className={selectClass}
              type="number"
              step="0.1"
              min={0}
              value={end}
              onChange={(e) => setEnd(Number(e.target.value))}
            />
          </label>
        </div>
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
