export function Spinner({ text }: { text?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[calc(100dvh-3.5rem)] flex-col items-center justify-center gap-3 text-slate-600"
    >
      <span className="h-9 w-9 animate-spin rounded-full border-4 border-slate-200 border-t-brand" aria-hidden="true" />
      {text && <span>{text}</span>}
    </div>
  );
}
