import type { PostChannel } from '../../../../common/schemas/post';
import { texts } from '../../../../common/texts';

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

/**
 * How the post will look: the tenant as author, the text with its line breaks, the images in
 * their order. The editor's preview and the contributor's approval page both use it.
 */
export function PostPreview({
  tenantName,
  logoText,
  channel,
  body,
  images,
  media = [],
}: {
  tenantName: string;
  logoText: string;
  channel: PostChannel;
  body: string;
  images: { src: string; alt: string }[];
  /** Clips, audiograms and quote cards (server/content), after the images, in their order. */
  media?: { src: string | null; alt: string; video: boolean }[];
}) {
  const [first, ...rest] = images;
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
          <p className="truncate text-sm font-semibold text-slate-900">{tenantName}</p>
          <p className="text-xs text-slate-500">{t.channels[channel]}</p>
        </div>
      </header>
      {channel === 'instagram' && first && (
        <img src={first.src} alt={first.alt} className="aspect-square w-full bg-slate-100 object-cover" />
      )}
      <div className="whitespace-pre-wrap break-words px-3 pb-3 text-[15px] leading-relaxed text-slate-900">
        {body.trim() ? linkify(body) : <span className="text-slate-400">{t.previewEmpty}</span>}
      </div>
      {channel !== 'instagram' && first && (
        <div className={`grid gap-0.5 ${rest.length ? 'grid-cols-2' : 'grid-cols-1'}`}>
          {[first, ...rest].map((image, i) => (
            <img
              key={i}
              src={image.src}
              alt={image.alt}
              className={`w-full bg-slate-100 object-cover ${rest.length ? 'aspect-square' : 'max-h-96'}`}
            />
          ))}
        </div>
      )}
      {channel === 'instagram' && rest.length > 0 && (
        <div className="grid grid-cols-3 gap-0.5">
          {rest.map((image, i) => (
            <img key={i} src={image.src} alt={image.alt} className="aspect-square w-full bg-slate-100 object-cover" />
          ))}
        </div>
      )}
      {media.length > 0 && (
        <div className="space-y-0.5" data-testid="preview-media">
          {media.map((item, i) =>
            !item.src ? (
              <p key={i} className="bg-slate-100 p-3 text-xs text-slate-500">
                {item.alt}
              </p>
            ) : item.video ? (
              <video
                key={i}
                src={item.src}
                controls
                playsInline
                preload="metadata"
                aria-label={item.alt}
                className="max-h-[32rem] w-full bg-black"
              />
            ) : (
              <img key={i} src={item.src} alt={item.alt} className="w-full bg-slate-100" />
            ),
          )}
        </div>
      )}
    </article>
  );
}
