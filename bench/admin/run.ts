/**
 * Admin benchmark: seeds 100,000 submissions and 500,000 media rows, then measures the dashboard
 * statistics and inbox pages under concurrent requests sent by autocannon in a second process.
 *
 *   npx tsx bench/admin/run.ts [sqlite|postgres ...]
 *   env: SUBMISSIONS (100000), MEDIA (500000), CONNECTIONS (10), SECONDS (10)
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
import { seed } from './seed';

const SUBMISSIONS = Number(process.env.SUBMISSIONS ?? 100_000);
const MEDIA = Number(process.env.MEDIA ?? 500_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const SECONDS = Number(process.env.SECONDS ?? 10);

type Figures = { p50: number; p99: number; rps: number; errors: number };

/** Runs autocannon in its own process against one URL. */
async function measure(url: string, cookie: string): Promise<Figures> {
  const bin = path.resolve('node_modules/.bin/autocannon');
  const { stdout } = await promisify(execFile)(bin, ['-j', '-c', String(CONNECTIONS), '-d', String(SECONDS), '-H', `cookie=${cookie}`, url], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const result = JSON.parse(stdout);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average), errors: result.errors + result.non2xx };
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
    let t0 = Date.now();
    await seed(app.db, dialect, SUBMISSIONS, MEDIA);
    const seeded = (Date.now() - t0) / 1000;
    await createUser(app.auth, { email: 'bench-admin@example.de', password: 'bench-passwort', role: 'admin' });
    await sql`analyze`.execute(app.db);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const base = `http://127.0.0.1:${port}`;
    // better-auth checks the Origin against the base URL: rebuild with the real port.
    await app.close();
    config.baseUrl = base;
    config.trustedOrigins = [base];
    app = await buildApp(config, { logger: false });
    await app.listen({ port, host: '127.0.0.1' });

    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'bench-admin@example.de', password: 'bench-passwort' }),
    });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    const stats = await (await fetch(`${base}/api/admin/statistics`, { headers: { cookie } })).json();
    const totals = stats.tenants.reduce((a: number[], s: { totalInterviews: number; totalMediaUploads: number }) => [a[0]! + s.totalInterviews, a[1]! + s.totalMediaUploads], [0, 0]);
    console.log(`\n${dialect}: seeded ${SUBMISSIONS} submissions and ${MEDIA} media rows in ${seeded.toFixed(1)} s (statistics count ${totals[0]} / ${totals[1]})`);
    console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per endpoint, from a second process; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`);
    const endpoints: [string, string][] = [
      ...(process.env.BASELINE ? ([['health (no session)', '/api/health'], ['me (session only)', '/api/me']] as [string, string][]) : []),
      ['statistics', '/api/admin/statistics'],
      ['inbox page 1', '/api/inbox'],
      ['inbox page 40', '/api/inbox?page=40'],
      ['inbox tenant+status', '/api/inbox?tenant=bank&status=neu'],
      ['inbox kind+date', '/api/inbox?kind=voice&from=2025-06-01&to=2025-12-31'],
      ['inbox search', '/api/inbox?q=nachname17'],
    ];
    for (const [name, p] of endpoints) {
      t0 = Date.now();
      const f = await measure(`${base}${p}`, cookie);
      console.log(`  ${name.padEnd(22)} p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   ${String(f.rps).padStart(5)} req/s   errors ${f.errors}`);
    }
  } finally {
    await app.close();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const chosen = (process.argv.slice(2).length ? process.argv.slice(2) : ['sqlite', 'postgres']) as Dialect[];
for (const dialect of chosen) await bench(dialect);
