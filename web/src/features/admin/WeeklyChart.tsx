import type { WeeklySubmissions } from '../../../../common/contracts/admin';
import { texts } from '../../../../common/texts';
import { formatDate } from './format';

const t = texts.admin;

/** A week's Monday as Germans write it short: day and month without leading zeros ("3.11."). */
const shortDate = (week: string) => {
  const [, month, day] = week.split('-').map(Number);
  return `${day}.${month}.`;
};

/** Stacked bars of submissions per week and tenant, with the numbers as a table for screen readers. */
export function WeeklyChart({
  weekly,
  tenantKeys,
  tenantLabel,
  colour,
}: {
  weekly: WeeklySubmissions[];
  tenantKeys: readonly string[];
  tenantLabel(key: string): string;
  colour(key: string): string;
}) {
  const counts = (w: WeeklySubmissions) => w.counts;
  const totals = weekly.map((w) => Object.values(w.counts).reduce<number>((a, b) => a + (b ?? 0), 0));
  const max = Math.max(1, ...totals);
  const height = 160;
  return (
    <figure>
      <div className="flex h-44 items-end gap-1.5" aria-hidden="true">
        {weekly.map((w, i) => (
          <div
            key={w.week}
            className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
            title={`${t.chartWeekOf(formatDate(w.week))}: ${totals[i]}`}
          >
            <span className="text-xs text-slate-600">{totals[i] || ''}</span>
            <div
              className="flex w-full flex-col-reverse overflow-hidden rounded-t"
              style={{ height: `${(totals[i]! / max) * (height - 20)}px` }}
            >
              {tenantKeys.map((k) =>
                counts(w)[k] ? (
                  <div key={k} style={{ height: `${(counts(w)[k]! / totals[i]!) * 100}%`, background: colour(k) }} />
                ) : null,
              )}
            </div>
          </div>
        ))}
      </div>
      {/* Short German dates ("3.11."), never cut: on a phone only every third week is named,
          counted back from the current one, each label free to use its neighbours' room. */}
      <div className="mt-1 flex gap-1.5 text-xs text-slate-600" aria-hidden="true" data-testid="chart-labels">
        {weekly.map((w, i) => (
          <span key={w.week} className="flex min-w-0 flex-1 justify-center">
            <span
              className={`whitespace-nowrap ${(weekly.length - 1 - i) % 3 === 0 ? '' : 'max-sm:hidden'} ${(weekly.length - 1 - i) % 2 === 0 ? '' : 'sm:max-lg:hidden'}`}
            >
              {shortDate(w.week)}
            </span>
          </span>
        ))}
      </div>
      <figcaption className="mt-3 flex flex-wrap gap-3 text-xs text-slate-600" aria-hidden="true">
        {tenantKeys.map((k) => (
          <span key={k} className="inline-flex items-center gap-1.5">
            <span className="h-2.5 w-2.5 rounded-sm" style={{ background: colour(k) }} />
            {tenantLabel(k)}
          </span>
        ))}
      </figcaption>
      <div className="sr-only">
        <table>
          <caption>{t.chartTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{t.colDate}</th>
              {tenantKeys.map((k) => (
                <th key={k} scope="col">
                  {tenantLabel(k)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weekly.map((w) => (
              <tr key={w.week}>
                <th scope="row">{t.chartWeekOf(formatDate(w.week))}</th>
                {tenantKeys.map((k) => (
                  <td key={k}>{counts(w)[k] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
