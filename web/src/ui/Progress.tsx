import { Progress as RadixProgress } from 'radix-ui';

/** A progress bar of 0–100; `label` names it for screen readers. */
export function Progress({ value, label, className = '' }: { value: number; label: string; className?: string }) {
  const v = Math.max(0, Math.min(100, value));
  return (
    <RadixProgress.Root
      value={v}
      aria-label={label}
      className={`relative h-2.5 w-full overflow-hidden rounded-full bg-slate-200 ${className}`}
    >
      <RadixProgress.Indicator className="h-full bg-brand transition-[width] duration-200" style={{ width: `${v}%` }} />
    </RadixProgress.Root>
  );
}
