import { useQuery } from '@tanstack/react-query';
import { isNumericId } from '../../../../common/content-id';
import type { MediaItem } from '../../../../common/contracts/uploads';
import { call } from '../../api/client';

/** A stored file as 'GET /submissions/:contentId/media' lists it (signed URLs). */
export type ListedMedia = MediaItem;

/** How often, and how many times, the page looks again for what is still being made. */
const RECHECK_MS = 1500;
const RECHECKS = 8;

/**
 * The submission's summary and its files, for the thank-you pages; nothing to load for local ids.
 * An interview's transcript is saved a moment after it ends and thumbnails come from a job, so
 * while either is missing the page looks again a few times.
 */
export function useFinishedSubmission(contentId: string | null) {
  const enabled = isNumericId(contentId);
  const summary = useQuery({
    queryKey: ['submission', contentId],
    queryFn: () =>
      call('GET /submissions/:contentId', { params: { contentId: contentId! } }, { contentId: contentId! }),
    enabled,
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      // Any flow can end in an interview (the image interview describes an upload).
      const awaitingTranscript = !!data && !data.transcript;
      return awaitingTranscript && query.state.dataUpdateCount < RECHECKS ? RECHECK_MS : false;
    },
  });
  const media = useQuery({
    queryKey: ['submission-media', contentId],
    queryFn: () =>
      call('GET /submissions/:contentId/media', { params: { contentId: contentId! } }, { contentId: contentId! }),
    enabled: enabled && summary.isSuccess,
    retry: false,
    refetchInterval: (query) => {
      const awaitingThumbnail = query.state.data?.some(
        (m) => (m.kind === 'photo' || m.kind === 'video') && !m.thumbnailUrl,
      );
      return awaitingThumbnail && query.state.dataUpdateCount < RECHECKS ? RECHECK_MS : false;
    },
  });
  return { summary, media };
}
