/**
 * `fill`: the whole page is loading; the spinner takes the screen below the header, so the footer
 * does not jump when the page arrives. Without it: a part of a page is loading.
 */
export function Spinner({ text, fill = false }: { text?: string; fill?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex ${fill ? 'min-h-[calc(100dvh-3.5rem)]' : 'min-h-[50dvh]'} flex-col items-center justify-center gap-3 text-slate-600`}
    >
      <span className="h-9 w-9 animate-spin rounded-full border-4 border-slate-200 border-t-brand" aria-hidden="true" />
      {text && <span>{text}</span>}
    </div>
  );
}
