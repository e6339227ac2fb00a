/** A small square of a photo, clip or card in the editor's lists (src null: not rendered yet). */
export function MediaThumb({ m }: { m: { src: string | null; video: boolean } }) {
  if (!m.src) return <span className="h-20 w-20 shrink-0 rounded-md bg-slate-100" aria-hidden="true" />;
  return m.video ? (
    <video src={m.src} muted preload="metadata" className="h-20 w-20 shrink-0 rounded-md bg-black object-cover" />
  ) : (
    <img src={m.src} alt="" className="h-20 w-20 shrink-0 rounded-md bg-slate-100 object-cover" />
  );
}
