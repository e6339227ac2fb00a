import { texts } from '../../../../common/texts';

const t = texts.content;
const numberClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30';

/** Start and end of a passage in seconds, side by side (the clip maker, and editing a made clip). */
export function PassageFields({
  start,
  end,
  onStart,
  onEnd,
  compact = false,
}: {
  start: number | string;
  end: number | string;
  onStart(seconds: number): void;
  onEnd(seconds: number): void;
  /** Smaller labels, closer together (inside an item of the list). */
  compact?: boolean;
}) {
  const labelClass = `block space-y-1 font-medium text-slate-800 ${compact ? 'text-xs' : 'text-sm'}`;
  return (
    <div className={`grid grid-cols-2 ${compact ? 'gap-2' : 'gap-3'}`}>
      <label className={labelClass}>
        <span>{t.startLabel}</span>
        <input
          className={numberClass}
          type="number"
          step="0.1"
          min={0}
          value={start}
          onChange={(e) => onStart(Number(e.target.value))}
        />
      </label>
      <label className={labelClass}>
        <span>{t.endLabel}</span>
        <input
          className={numberClass}
          type="number"
          step="0.1"
          min={0}
          value={end}
          onChange={(e) => onEnd(Number(e.target.value))}
        />
      </label>
    </div>
  );
}
