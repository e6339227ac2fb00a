import type { Kysely } from 'kysely';
import { STATISTICS_WEEKS } from '../../common/schemas/admin';
import type { AdminStatistics, TenantStatistics, WeeklySubmissions } from '../../common/contracts/admin';
import { tenantKeys } from '../../common/tenants';
import type { DB } from '../db/schema';
import { tenantTotals, topUsers, weeklySubmissions } from './queries';

const TOP_USERS = 3;
const DAY = 86_400_000;

/** Monday (UTC) of the week containing `date`, as YYYY-MM-DD — the same rule as the triggers. */
export function weekStart(date: Date): string {
  const day = (date.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - day * DAY)
    .toISOString()
    .slice(0, 10);
}

/** The last `count` weeks, oldest first. */
export function lastWeeks(count: number, today = new Date()): string[] {
  const current = Date.parse(weekStart(today));
  return Array.from({ length: count }, (_, i) =>
    new Date(current - (count - 1 - i) * 7 * DAY).toISOString().slice(0, 10),
  );
}

/** Statistics of the given tenants (the rows' keys; the seed's five when none are given). */
export async function adminStatistics(
  db: Kysely<DB>,
  today = new Date(),
  keys: readonly string[] = tenantKeys,
): Promise<AdminStatistics> {
  const weeks = lastWeeks(STATISTICS_WEEKS, today);
  const [totals, top, weekly] = await Promise.all([
    tenantTotals(db),
    topUsers(db, TOP_USERS),
    weeklySubmissions(db, weeks[0]!),
  ]);

  const tenants: TenantStatistics[] = keys.map((tenant) => {
    const t = totals.find((row) => row.tenant === tenant);
    return {
      tenant,
      totalInterviews: Number(t?.submissions ?? 0),
      totalMediaUploads: Number(t?.media ?? 0),
      activeUsers: Number(t?.active_users ?? 0),
      topUsers: top
        .filter((u) => u.tenant === tenant)
        .map((u) => ({
          userId: u.user_key,
          userEmail: u.user_email,
          interviewsCount: Number(u.submissions),
          mediaUploadsCount: Number(u.media),
          lastActivity: u.last_activity,
        })),
    };
  });

  const byWeek = new Map<string, WeeklySubmissions>(weeks.map((week) => [week, { week, counts: {} }]));
  for (const row of weekly) {
    const entry = byWeek.get(row.week);
    if (entry) entry.counts[row.tenant] = Number(row.submissions);
  }
  return { tenants, weekly: [...byWeek.values()] };
}
