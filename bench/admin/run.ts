/**
 * Admin benchmark: seeds 100,000 submissions (half with 2–3 KB German transcripts) and 500,000
 * media rows, then measures the dashboard statistics, every inbox list and filter combination and
 * a search for a rare and a common word under concurrent requests sent by autocannon in a second
 * process, and prints p50/p99 beside the goal (p99 < 50 ms).
 *
 *   npx tsx bench/admin/run.ts [sqlite|postgres ...]
 *   env: SUBMISSIONS (100000), MEDIA (500000), CONNECTIONS (4), SECONDS (5)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Dialect } from '../../server/db/database';
import { freshPostgresDatabase } from '../../server/testing/harness';
import { createUser } from '../../server/users/service';
import { inboxFilter } from '../../common/schemas/inbox';
import { inboxPage } from '../../server/inbox/service';
import { COMMON_WORD, RARE_WORD, seed, seedApprovals } from './seed';
import { serveOnOwnOrigin } from '../lib';

const SUBMISSIONS = Number(process.env.SUBMISSIONS ?? 100_000);
const MEDIA = Number(process.env.MEDIA ?? 500_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 4);
const SECONDS = Number(process.env.SECONDS ?? 5);
const GOAL_P99 = 50;
const QUERY_RUNS = Number(process.env.QUERY_RUNS ?? 100);

type Figures = { p50: number; p99: number; rps: number; errors: number };

/** Runs autocannon in its own process against one URL. */
async function measure(url: string, cookie: string): Promise<Figures> {
  const bin = path.resolve('node_modules/.bin/autocannon');
  const { stdout } = await promisify(execFile)(
    bin,
    ['-j', '-c', String(CONNECTIONS), '-d', String(SECONDS), '-H', `cookie=${cookie}`, url],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const result = JSON.parse(stdout);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

async function bench(dialect: Dialect): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ca-bench-'));
  const pg = dialect === 'postgres' ? await freshPostgresDatabase() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    TRANSCRIBER: 'none',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  });
  let app = await buildApp(config, { logger: false });
  try {
    const t0 = Date.now();
    await seed(app.db, dialect, SUBMISSIONS, MEDIA);
    await seedApprovals(app.db, SUBMISSIONS);
    const seeded = (Date.now() - t0) / 1000;
    await createUser(app.auth, { email: 'bench-admin@example.de', password: 'bench-passwort', role: 'admin' });
    // PostgreSQL: also VACUUM, as autovacuum would after a bulk load (index-only scans need it).
    await (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(app.db);

    const served = await serveOnOwnOrigin(app, config);
    app = served.app;
    const base = served.base;

    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'bench-admin@example.de', password: 'bench-passwort' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const stats = await (await fetch(`${base}/api/admin/statistics`, { headers: { cookie } })).json();
    const totals = stats.tenants.reduce(
      (a: number[], s: { totalInterviews: number; totalMediaUploads: number }) => [
        a[0]! + s.totalInterviews,
        a[1]! + s.totalMediaUploads,
      ],
      [0, 0],
    );
    console.log(
      `\n${dialect}: seeded ${SUBMISSIONS} submissions and ${MEDIA} media rows in ${seeded.toFixed(1)} s (statistics count ${totals[0]} / ${totals[1]})`,
    );
    console.log(
      `query: ${QUERY_RUNS} runs each in this process, one at a time; HTTP: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per endpoint, from a second process; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
    );
    // A cursor into the middle of the list (the keyset of the 50,000th newest submission).
    const middle = await app.db
      .selectFrom('submissions')
      .select(['id', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(Math.floor(SUBMISSIONS / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    const cursor = Buffer.from(JSON.stringify({ d: 'o', c: middle.created_at, i: Number(middle.id) })).toString(
      'base64url',
    );
    const common = encodeURIComponent(COMMON_WORD.toLowerCase());
    const rare = encodeURIComponent(RARE_WORD.toLowerCase());
    const endpoints: [string, string][] = [
      ...(process.env.BASELINE
        ? ([
            ['health (no session)', '/api/health'],
            ['me (session only)', '/api/me'],
          ] as [string, string][])
        : []),
      ['statistics', '/api/admin/statistics'],
      ['list, first page', '/api/inbox'],
      ['list, middle (cursor)', `/api/inbox?cursor=${cursor}`],
      ['tenant', '/api/inbox?tenant=bank'],
      ['kind', '/api/inbox?kind=voice'],
      ['status', '/api/inbox?status=verworfen'],
      ['tenant+kind', '/api/inbox?tenant=firma_a&kind=document'],
      ['tenant+status', '/api/inbox?tenant=bank&status=neu'],
      ['kind+status', '/api/inbox?kind=upload&status=verwendet'],
      ['tenant+kind+status', '/api/inbox?tenant=vdi&kind=interview&status=in_bearbeitung'],
      ['date range', '/api/inbox?from=2025-06-01&to=2025-06-30'],
      ['kind+date', '/api/inbox?kind=voice&from=2025-06-01&to=2025-12-31'],
      ['tenant+status+date', '/api/inbox?tenant=bank&status=neu&from=2025-01-01&to=2025-03-31'],
      ['tenant+kind+status+date', '/api/inbox?tenant=vdi&kind=interview&status=neu&from=2025-01-01&to=2025-12-31'],
      ['approval approved', '/api/inbox?approval=approved'],
      ['approval changes', '/api/inbox?approval=changes'],
      ['approval pending + tenant', '/api/inbox?approval=pending&tenant=bank'],
      [`search rare "${RARE_WORD}"`, `/api/inbox?q=${rare}`],
      [`search common "${COMMON_WORD}"`, `/api/inbox?q=${common}`],
      [
        `search common, page 2`,
        `/api/inbox?q=${common}&cursor=${Buffer.from(JSON.stringify({ o: 25 })).toString('base64url')}`,
      ],
      ['search common+tenant+kind', `/api/inbox?q=${common}&tenant=bank&kind=voice`],
      ['search two words', `/api/inbox?q=${common}%20wasserstoff`],
      ['search name', '/api/inbox?q=nachname17'],
    ];
    const shown = async (p: string) => {
      const body = await (await fetch(`${base}${p}`, { headers: { cookie } })).json();
      return body.items ? `${body.items.length} shown of ${body.totalAtLeast ? '>' : ''}${body.total}` : '';
    };
    // The queries alone, in this process, one after another: what the database work costs,
    // without the HTTP, session and machine-wide queueing that autocannon's figures include.
    const editor = { id: 'bench', email: 'bench-admin@example.de', role: 'admin' as const, scope: null };
    const queryFigures = new Map<string, { p50: number; p99: number }>();
    for (const [name, p] of endpoints) {
      if (!p.startsWith('/api/inbox')) continue;
      const filter = inboxFilter.parse(Object.fromEntries(new URL(p, base).searchParams));
      const times: number[] = [];
      for (let i = 0; i < QUERY_RUNS; i++) {
        const start = performance.now();
        await inboxPage(app, editor as never, filter);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      queryFigures.set(name, {
        p50: times[Math.floor(times.length / 2)]!,
        p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!,
      });
    }
    let worst = 0;
    let worstQuery = 0;
    for (const [name, p] of endpoints) {
      const f = await measure(`${base}${p}`, cookie);
      const q = queryFigures.get(name);
      if (q) {
        worst = Math.max(worst, f.p99);
        worstQuery = Math.max(worstQuery, q.p99);
      }
      const ok = (v: number) => (v < GOAL_P99 ? 'ok' : 'OVER');
      const query = q
        ? `query p50 ${q.p50.toFixed(1).padStart(5)} p99 ${q.p99.toFixed(1).padStart(5)} ms (${ok(q.p99)})`
        : ''.padEnd(40);
      console.log(
        `  ${name.padEnd(28)} ${query}   HTTP p50 ${String(f.p50).padStart(4)} p99 ${String(f.p99).padStart(4)} ms (${ok(f.p99).padEnd(4)})  ${String(f.rps).padStart(5)} req/s  errors ${f.errors}  ${await shown(p)}`,
      );
    }
    console.log(`  worst inbox p99: query ${worstQuery.toFixed(1)} ms, HTTP ${worst} ms (goal < ${GOAL_P99} ms)`);
  } finally {
    await app.close();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const chosen = (process.argv.slice(2).length ? process.argv.slice(2) : ['sqlite', 'postgres']) as Dialect[];
for (const dialect of chosen) await bench(dialect);
// Everything is printed and closed; a handle some library keeps open must not keep the bench alive.
process.exit(0);
