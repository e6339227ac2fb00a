import { useQuery } from '@tanstack/react-query';
import type { NewCard } from '../../../../common/schemas/content';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { failureMessage } from '../../lib/notify';
import { useDebounced } from './useDebounced';

const t = texts.templates;

/** The card as it will be made, following quote, format, layout, photo and name as they change (issue 39.4). */
export function CardPreview({ contentId, card }: { contentId: number; card: NewCard | null }) {
  const settled = useDebounced(card);
  const preview = useQuery({
    queryKey: ['content', contentId, 'card-preview', settled],
    queryFn: () => call('POST /content/:contentId/cards/preview', { params: { contentId }, body: settled! }),
    enabled: !!settled,
    placeholderData: (previous) => previous,
    retry: false,
    staleTime: 60_000,
  });
  const aspect = card?.format === '1:1' ? '1 / 1' : '4 / 5';
  return (
    <figure className="space-y-1.5" data-testid="card-preview">
      <figcaption className="text-sm font-medium text-slate-800">{t.cardPreviewTitle}</figcaption>
      <div
        className="relative mx-auto w-full max-w-xs overflow-hidden rounded-lg border border-slate-200 bg-slate-100"
        style={{ aspectRatio: aspect }}
        aria-busy={preview.isFetching}
      >
        {card && preview.data ? (
          <img src={preview.data.image} alt={t.cardPreviewAlt} className="h-full w-full object-contain" />
        ) : (
          <p className="flex h-full items-center justify-center p-4 text-center text-sm text-slate-600">
            {t.cardPreviewEmpty}
          </p>
        )}
      </div>
      {preview.error && (
        <p role="alert" className="text-sm text-red-600">
          {failureMessage(preview.error)}
        </p>
      )}
    </figure>
  );
}
