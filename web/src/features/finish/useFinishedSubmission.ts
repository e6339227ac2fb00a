import { useQuery } from '@tanstack/react-query';
import { isNumericId } from '../../../../common/content-id';
import type { SubmissionSummary } from '../../../../common/schemas/submission';
import { api } from '../../lib/api';

/** A stored file as GET /api/submissions/:contentId/media lists it (signed URLs). */
export type ListedMedia = {
  id: number;
  kind: string;
  fileType: string;
  size: number;
  originalName: string;
  thumbnailUrl: string | null;
  url: string;
};

/** The submission's summary and its files, for the thank-you pages; nothing to load for local ids. */
export function useFinishedSubmission(contentId: string | null) {
  const enabled = isNumericId(contentId);
  const summary = useQuery({
    queryKey: ['submission', contentId],
    queryFn: () => api.get<SubmissionSummary>(`/api/submissions/${contentId}`, { contentId: contentId! }),
    enabled,
    retry: false,
  });
  const media = useQuery({
    queryKey: ['submission-media', contentId],
    queryFn: () => api.get<ListedMedia[]>(`/api/submissions/${contentId}/media`, { contentId: contentId! }),
    enabled: enabled && summary.isSuccess,
    retry: false,
  });
  return { summary, media };
}
