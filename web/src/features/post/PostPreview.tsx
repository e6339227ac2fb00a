import type { PostChannel } from '../../../../common/schemas/post';
import { texts } from '../../../../common/texts';
import { CaptionTrack } from '../../ui/CaptionTrack';

const t = texts.post;

/** Links in the text, shown as the networks show them. */
function linkify(text: string) {
  return text.split(/(https?:\/\/[^\s]+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <span key={i} className="break-all text-brand underline">
        {part}
      </span>
    ) : (
      <span key={i}>{part}</span>
    ),
  );
}

/** A photo, clip, audiogram or card of the post (src null: not rendered yet). */
export type PreviewMedia = {
  src: string | null;
  alt: string;
  video: boolean;
  photo?: boolean;
  /** WebVTT of a clip or audiogram. */
  captions?: string | null;
};

function Media({ m, className }: { m: PreviewMedia; className: string }) {
  if (!m.src) return <p className={`bg-slate-100 p-3 text-xs text-slate-600 ${className}`}>{m.alt}</p>;
  return m.video ? (
    <video
      src={m.src}
      controls
      playsInline
      preload="metadata"
      aria-label={m.alt}
      className={`max-h-[32rem] w-full bg-black ${className}`}
    >
      <CaptionTrack src={m.captions} shown={false} />
    </video>
  ) : (
    <img src={m.src} alt={m.alt} className={`w-full bg-slate-100 ${className}`} />
  );
}

/**
 * How the post will look: the tenant as author, the text with its line breaks, the photos, clips
 * and cards in their one order. The editor's preview and the contributor's approval page both use it.
 */
export function PostPreview({
  tenantName,
  logoText,
  channel,
  body,
  media,
}: {
  tenantName: string;
  logoText: string;
  channel: PostChannel;
  body: string;
  /** Photos and items together, in the post's order. */
  media: PreviewMedia[];
}) {
  const [first, ...rest] = media;
  // In order: photos next to each other tile two by two (one alone takes the width); clips and cards take the width.
  const runs: PreviewMedia[][] = [];
  for (const m of media) {
    const last = runs.at(-1);
    if (m.photo && last?.[0]?.photo) last.push(m);
    else runs.push([m]);
  }
  return (
    <article aria-label={t.preview} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-center gap-3 p-3">
        <span
          className="flex h-10 min-w-10 items-center justify-center rounded-full bg-brand px-1.5 text-xs font-bold text-white"
          aria-hidden="true"
        >
          {logoText}
        </span>
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900 wrap-anywhere">{tenantName}</p>
          <p className="text-xs text-slate-500">{t.channels[channel]}</p>
        </div>
      </header>
      {channel === 'instagram' && first && (
        <div data-testid="preview-media">
          <Media m={first} className={first.photo ? 'aspect-square object-cover' : ''} />
        </div>
      )}
      <div className="whitespace-pre-wrap break-words px-3 pb-3 text-[15px] leading-relaxed text-slate-900">
        {body.trim() ? linkify(body) : <span className="text-slate-500">{t.previewEmpty}</span>}
      </div>
      {channel !== 'instagram' && first && (
        <div className="space-y-0.5" data-testid="preview-media">
          {runs.map((run, r) =>
            run.length > 1 ? (
              <div key={r} className="grid grid-cols-2 gap-0.5">
                {run.map((m, i) => (
                  <Media key={i} m={m} className="aspect-square object-cover" />
                ))}
              </div>
            ) : (
              <Media key={r} m={run[0]!} className={run[0]!.photo ? 'max-h-96 object-cover' : ''} />
            ),
          )}
        </div>
      )}
      {channel === 'instagram' && rest.length > 0 && (
        <div className="grid grid-cols-3 gap-0.5" data-testid="preview-media">
          {rest.map((m, i) => (
            <Media key={i} m={m} className={m.photo ? 'aspect-square object-cover' : 'col-span-full'} />
          ))}
        </div>
      )}
    </article>
  );
}
