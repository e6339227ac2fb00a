import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentItem } from '../../../../common/contracts/content';
import { call } from '../../api/client';

export const contentKey = (contentId: number) => ['content', contentId];

/** The submission's cards, clips and audiograms; polled while one is being rendered. */
export function useContent(contentId: number) {
  return useQuery({
    queryKey: contentKey(contentId),
    queryFn: () => call('GET /content/:contentId', { params: { contentId } }),
    // Three parts of the detail page read it as they load; changes invalidate it.
    staleTime: 10_000,
    refetchInterval: (q) =>
      q.state.data?.items.some((i) => i.state === 'queued' || i.state === 'rendering') ? 1000 : false,
  });
}

/** Refetches the content section after a change. */
export function useRefresh(contentId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: contentKey(contentId) });
}

export const isVideo = (item: Pick<ContentItem, 'kind'>) => item.kind !== 'card';
