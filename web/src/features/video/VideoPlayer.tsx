import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { InboxMedia } from '../../../../common/contracts/uploads';
import type { VideoState } from '../../../../common/contracts/uploads';
import { texts } from '../../../../common/texts';
import { apiUrl, call } from '../../api/client';
import { notify } from '../../lib/notify';
import { Button } from '../../ui/Button';

const t = texts.video;

/** Polls a video's preparation while its job runs; stops once it is settled. */
function useVideoState(media: InboxMedia) {
  const settled = (s: Partial<VideoState> | undefined) =>
    !!s && s.mediaState !== 'processing' && s.captionState !== 'pending';
  const initial: VideoState = {
    mediaState: (media.mediaState as VideoState['mediaState']) ?? null,
    captionState: (media.captionState as VideoState['captionState']) ?? null,
    hasProxy: !!media.hasProxy,
    hasThumbnail: media.hasThumbnail,
    jobStatus: null,
    progress: null,
    width: null,
    height: null,
  };
  return useQuery({
    queryKey: ['video-state', media.id],
    queryFn: () => call('GET /media/:mediaId/video-state', { params: { mediaId: media.id } }),
    initialData: settled(initial) ? initial : undefined,
    refetchInterval: (query) => (settled(query.state.data) ? false : 1500),
  });
}

/** Caption state as a short German line; null when there is nothing to say. */
function captionNote(state: VideoState['captionState']): string | null {
  if (state === 'pending') return t.captionsPending;
  if (state === 'none') return t.captionsNone;
  if (state === 'failed') return t.captionsFailed;
  return null;
}

/** Caption downloads (WebVTT, SRT) of a spoken file. */
export function CaptionLinks({ mediaId }: { mediaId: number }) {
  return (
    <>
      <a
        href={apiUrl('GET /media/:mediaId/captions.vtt', { mediaId }, { download: '1' })}
        className="font-medium text-brand hover:underline"
      >
        {t.captionsVtt}
      </a>
      <a
        href={apiUrl('GET /media/:mediaId/captions.srt', { mediaId }, { download: '1' })}
        className="font-medium text-brand hover:underline"
      >
        {t.captionsSrt}
      </a>
    </>
  );
}

/**
 * A video as the team sees it: the H.264 proxy with German captions once it is ready, the job's
 * progress while it is made, a German message when the file cannot be read.
 */
export function VideoPlayer({ media }: { media: InboxMedia }) {
  const { data: state } = useVideoState(media);
  const queryClient = useQueryClient();
  const wasBusy = useRef(false);
  const busy = !state || state.mediaState === 'processing' || state.captionState === 'pending';
  // Once the job is through, the detail shows what it added (transcript, poster, captions).
  useEffect(() => {
    if (busy) wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      void queryClient.invalidateQueries({ queryKey: ['inbox-detail'] });
    }
  }, [busy, queryClient]);
  const mediaState = state?.mediaState ?? media.mediaState ?? null;
  const hasProxy = state?.hasProxy ?? media.hasProxy;
  const poster =
    (state?.hasThumbnail ?? media.hasThumbnail)
      ? apiUrl('GET /media/:mediaId/thumbnail', { mediaId: media.id })
      : undefined;
  const captionState = state?.captionState ?? null;
  const note = captionNote(captionState);
  const act = (what: 'cancel' | 'restart') => async () => {
    try {
      if (what === 'cancel') await call('POST /media/:mediaId/cancel', { params: { mediaId: media.id } });
      else await call('POST /media/:mediaId/restart', { params: { mediaId: media.id } });
    } catch (error) {
      notify.error(t.failed, (error as Error).message);
    }
    await queryClient.invalidateQueries({ queryKey: ['video-state', media.id] });
  };

  if (mediaState === 'processing' && !hasProxy) {
    const percent = state?.progress != null ? Math.round(state.progress * 100) : null;
    return (
      <div
        className="mb-2 rounded-md bg-slate-100 p-4 text-sm text-slate-700"
        role="status"
        data-testid="video-progress"
      >
        <p>
          {state?.jobStatus === 'queued' ? t.queued : percent !== null ? t.preparingProgress(percent) : t.preparing}
        </p>
        <div className="mt-2 h-2 w-full overflow-hidden rounded bg-slate-200" aria-hidden="true">
          <div className="h-2 bg-brand transition-all" style={{ width: `${percent ?? 0}%` }} />
        </div>
        <Button variant="secondary" className="mt-3" onClick={act('cancel')} data-testid="video-cancel">
          {t.cancel}
        </Button>
      </div>
    );
  }
  if (mediaState === 'unreadable' || mediaState === 'cancelled' || (state?.jobStatus === 'failed' && !hasProxy)) {
    const message = mediaState === 'unreadable' ? t.unreadable : mediaState === 'cancelled' ? t.cancelled : t.failed;
    const again = mediaState !== 'unreadable';
    return (
      <div className="mb-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="alert">
        <p>{message}</p>
        {again && (
          <Button variant="secondary" className="mt-3" onClick={act('restart')} data-testid="video-restart">
            {t.restart}
          </Button>
        )}
      </div>
    );
  }
  // Before this feature a video had no proxy: the original plays where the browser can.
  const src = apiUrl(hasProxy ? 'GET /media/:mediaId/proxy' : 'GET /media/:mediaId/file', { mediaId: media.id });
  return (
    <>
      <video
        controls
        preload="metadata"
        playsInline
        src={src}
        poster={poster}
        className="mb-2 max-h-96 w-full rounded-md bg-black"
        data-testid="video-player"
      >
        {captionState === 'ready' && (
          <track
            kind="captions"
            srcLang="de"
            label={t.captionsLabel}
            src={apiUrl('GET /media/:mediaId/captions.vtt', { mediaId: media.id })}
            default
          />
        )}
      </video>
      {note && <p className="mb-2 text-xs text-slate-500">{note}</p>}
      {captionState === 'ready' && (
        <p className="mb-2 flex flex-wrap gap-x-3 text-sm">
          <CaptionLinks mediaId={media.id} />
        </p>
      )}
    </>
  );
}

/** Caption line and player for audio (voice message, interview recording). */
export function AudioCaptions({ media }: { media: InboxMedia }) {
  const note = captionNote((media.captionState as VideoState['captionState']) ?? null);
  return note ? <p className="mb-2 text-xs text-slate-500">{note}</p> : null;
}
