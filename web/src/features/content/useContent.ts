import { useQuery } from '@tanstack/react-query';
import type { ContentItem, ContentOverview } from '../../../../common/schemas/content';
import type { PostItem } from '../../../../common/schemas/post';
import { api } from '../../lib/api';

export const contentKey = (contentId: number) => ['content', contentId];

/** The submission's cards, clips and audiograms; polled while one is being rendered. */
export function useContent(contentId: number) {
  return useQuery({
    queryKey: contentKey(contentId),
    queryFn: () => api.get<ContentOverview>(`/api/content/${contentId}`),
    refetchInterval: (q) =>
      q.state.data?.items.some((i) => i.state === 'queued' || i.state === 'rendering') ? 1000 : false,
  });
}

export const isVideo = (item: Pick<ContentItem, 'kind'>) => item.kind !== 'card';

/** The post preview's clips and cards: their files and alt texts, in the post's order. */
export function usePreviewMedia(contentId: number) {
  const content = useContent(contentId);
  return (items: PostItem[]) =>
    items.map((p) => {
      const item = content.data?.items.find((i) => i.id === p.itemId);
      return { src: item?.url ?? null, alt: p.alt, video: !!item && isVideo(item) };
    });
}
