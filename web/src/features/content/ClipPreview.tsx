import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ClipPreview as Preview } from '../../../../common/contracts/content-preview';
import { clipSizes, type NewClip } from '../../../../common/schemas/content';
import { texts } from '../../../../common/texts';
import { apiUrl, call } from '../../api/client';
import { failureMessage } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { useDebounced } from './useDebounced';

const t = texts.templates;
const pct = (part: number, whole: number) => `${(part / whole) * 100}%`;

/**
 * The player on the marked passage (issue 39.4): the source picture with the crop frame, the
 * platforms' safe area inside it, and the render's own overlays (captions as they will be burned
 * in, hook, lower third, logo) shown at their times; an audiogram as its still picture with them.
 */
export function ClipPreview({ contentId, clip }: { contentId: number; clip: NewClip | null }) {
  const settled = useDebounced(clip, 450);
  const preview = useQuery({
    queryKey: ['content', contentId, 'clip-preview', settled],
    queryFn: () => call('POST /content/:contentId/clips/preview', { params: { contentId }, body: settled! }),
    enabled: !!settled,
    placeholderData: (previous) => previous,
    retry: false,
    staleTime: 60_000,
  });
  if (!clip) return <p className="text-sm text-slate-500">{t.previewNeedsRange}</p>;
  return (
    <section className="space-y-2" aria-label={t.previewTitle} data-testid="clip-preview">
      <h4 className="text-sm font-semibold text-slate-900">{t.previewTitle}</h4>
      <p className="text-xs text-slate-500">{t.previewHint}</p>
      {preview.error ? (
        <p role="alert" className="text-sm text-red-600">
          {failureMessage(preview.error)}
        </p>
      ) : preview.data ? (
        <Player data={preview.data} mediaId={clip.mediaId} />
      ) : (
        <p className="text-sm text-slate-500">{t.previewLoading}</p>
      )}
    </section>
  );
}

function Player({ data, mediaId }: { data: Preview; mediaId: number }) {
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [at, setAt] = useState(0.5);
  const [playing, setPlaying] = useState(false);
  const [proxy, setProxy] = useState(true);
  const { width: W, height: H } = clipSizes[data.format];
  useEffect(() => {
    const el = media.current;
    if (!el) return;
    const show = () => {
      if (!playing) el.currentTime = data.start + Math.min(0.5, data.duration);
    };
    if (el.readyState >= 1) show();
    else el.addEventListener('loadedmetadata', show, { once: true });
  }, [data.start, data.duration, playing]);
  const onTime = () => {
    const el = media.current;
    if (!el) return;
    const rel = el.currentTime - data.start;
    setAt(rel);
    if (rel >= data.duration) {
      el.pause();
      setPlaying(false);
    }
  };
  const toggle = async () => {
    const el = media.current;
    if (!el) return;
    if (playing) {
      el.pause();
      setPlaying(false);
      return;
    }
    el.currentTime = data.start;
    setPlaying(true);
    await el.play().catch(() => setPlaying(false));
  };
  const frame = (
    <div className="absolute inset-0" data-testid="clip-preview-frame">
      <div
        className="pointer-events-none absolute border-2 border-dashed border-white/80"
        title={t.safeArea}
        style={{
          left: pct(data.safe.left, W),
          top: pct(data.safe.top, H),
          width: pct(data.safe.right - data.safe.left, W),
          height: pct(data.safe.bottom - data.safe.top, H),
        }}
      />
      {data.layers.map((layer, i) =>
        layer.start == null || (at >= layer.start && at < (layer.end ?? Number.POSITIVE_INFINITY)) ? (
          <img
            key={i}
            src={layer.src}
            alt=""
            className="pointer-events-none absolute max-w-none"
            data-testid="clip-preview-layer"
            style={{
              left: pct(layer.x, W),
              top: pct(layer.y, H),
              width: pct(layer.width, W),
              height: pct(layer.height, H),
            }}
          />
        ) : null,
      )}
    </div>
  );
  const controls = (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" className="!min-h-9" onClick={toggle}>
        {playing ? t.previewPause : t.previewPlay}
      </Button>
      <span className="text-xs tabular-nums text-slate-600">
        {Math.max(0, Math.min(at, data.duration)).toFixed(1)} / {data.duration.toFixed(1)} s
      </span>
    </div>
  );
  if (data.kind === 'audiogram') {
    return (
      <div className="space-y-2">
        <div
          className="relative mx-auto w-full max-w-xs overflow-hidden rounded-lg bg-slate-900"
          style={{ aspectRatio: `${W} / ${H}` }}
        >
          {data.background && <img src={data.background} alt="" className="absolute inset-0 h-full w-full" />}
          {frame}
        </div>
        <audio
          ref={media}
          preload="metadata"
          src={apiUrl('GET /media/:mediaId/file', { mediaId })}
          onTimeUpdate={onTime}
        />
        {controls}
      </div>
    );
  }
  const crop = data.crop;
  const sourceAspect = crop ? `${crop.sourceWidth} / ${crop.sourceHeight}` : `${W} / ${H}`;
  return (
    <div className="space-y-2">
      <div
        className="relative mx-auto w-full overflow-hidden rounded-lg bg-black"
        style={{
          aspectRatio: sourceAspect,
          maxWidth: crop && crop.sourceHeight > crop.sourceWidth ? '18rem' : undefined,
        }}
      >
        <video
          ref={media}
          playsInline
          preload="metadata"
          className="absolute inset-0 h-full w-full"
          src={apiUrl(proxy ? 'GET /media/:mediaId/proxy' : 'GET /media/:mediaId/file', { mediaId })}
          onError={() => setProxy(false)}
          onTimeUpdate={onTime}
        />
        <div
          className="absolute rounded-sm outline outline-2 outline-white"
          title={t.cropFrame}
          data-testid="clip-preview-crop"
          style={
            crop
              ? {
                  left: pct(crop.x, crop.sourceWidth),
                  top: pct(crop.y, crop.sourceHeight),
                  width: pct(crop.width, crop.sourceWidth),
                  height: pct(crop.height, crop.sourceHeight),
                  boxShadow: '0 0 0 100vmax rgba(15, 23, 42, 0.6)',
                }
              : { inset: 0 }
          }
        >
          {frame}
        </div>
      </div>
      {controls}
    </div>
  );
}
