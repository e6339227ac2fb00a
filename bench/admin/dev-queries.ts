/**
 * The inbox queries alone, against a seeded database that is kept between runs (for tuning):
 *   npx tsx bench/admin/dev-queries.ts sqlite|postgres DIR_OR_DATABASE_URL
 * Seeds 100,000 submissions the first time (SUBMISSIONS, MEDIA as in run.ts).
 */
import { sql } from 'kysely';
import { mkdirSync } from 'node:fs';
import { inboxFilter } from '../../common/schemas/inbox';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { inboxPage } from '../../server/inbox/service';
import { filters } from './dev-filters';
import { seed, seedApprovals } from './seed';

const [dialect, where] = process.argv.slice(2) as ['sqlite' | 'postgres', string];
const dataDir = dialect === 'sqlite' ? where : '/tmp/ca-dev-queries';
mkdirSync(dataDir, { recursive: true });
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  TRANSCRIBER: 'none',
  ...(dialect === 'postgres' ? { DATABASE_URL: where } : {}),
});
const app = await buildApp(config, { logger: false });
const n = Number(
  (
    await app.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);
if (
  n > 0 &&
  Number(
    (
      await app.db
        .selectFrom('post_approvals')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ) === 0
) {
  await seedApprovals(app.db, n);
  // PostgreSQL: also VACUUM, as autovacuum would after a bulk load (index-only scans need it).
  await (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(app.db);
}
if (n === 0) {
  const t0 = Date.now();
  await seed(app.db, dialect, Number(process.env.SUBMISSIONS ?? 100_000), Number(process.env.MEDIA ?? 500_000));
  await seedApprovals(app.db, Number(process.env.SUBMISSIONS ?? 100_000));
  // PostgreSQL: also VACUUM, as autovacuum would after a bulk load (index-only scans need it).
  await (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(app.db);
  console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
const only = process.env.ONLY?.split(',');
const editor = { id: 'x', email: 'x', role: 'admin', scope: null } as never;
for (const [name, f] of Object.entries(filters)) {
  if (only && !only.includes(name)) continue;
  const filter = inboxFilter.parse(f);
  const times: number[] = [];
  let shown = '';
  for (let i = 0; i < Number(process.env.RUNS ?? 30); i++) {
    const t = performance.now();
    const page = await inboxPage(app, editor, filter);
    times.push(performance.now() - t);
    shown = `${page.items.length} of ${page.totalAtLeast ? '>' : ''}${page.total}`;
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(26)} p50 ${times[Math.floor(times.length / 2)]!.toFixed(1).padStart(6)}  p99 ${times[Math.floor(times.length * 0.99)]!.toFixed(1).padStart(6)} ms   ${shown}`,
  );
}
await app.close();
