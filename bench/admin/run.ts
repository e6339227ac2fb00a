/**
 * Admin benchmark: seeds 100,000 submissions and 500,000 media rows, then measures the dashboard
 * statistics and inbox pages under concurrent requests sent by autocannon in a second process.
 *
 *   npx tsx bench/admin/run.ts [sqlite|postgres ...]
 *   env: SUBMISSIONS (100000), MEDIA (500000), CONNECTIONS (10), SECONDS (10)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { tenantKeys } from '../../common/tenants';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Dialect } from '../../server/db/database';
import type { DB } from '../../server/db/schema';
import { freshPostgresDatabase } from '../../server/testing/harness';
import { createUser } from '../../server/users/service';

const SUBMISSIONS = Number(process.env.SUBMISSIONS ?? 100_000);
const MEDIA = Number(process.env.MEDIA ?? 500_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const SECONDS = Number(process.env.SECONDS ?? 10);
const USERS = 400;
const DAY = 86_400_000;

/** A small deterministic generator, so both databases get the same data. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const pick = <T>(r: () => number, items: readonly T[]) => items[Math.floor(r() * items.length)]!;

async function seed(db: Kysely<DB>, dialect: Dialect): Promise<void> {
  const r = random(42);
  const kinds = ['interview', 'voice', 'upload', 'description', 'document'] as const;
  const statuses = ['neu', 'in_bearbeitung', 'verwendet', 'verworfen'] as const;
  const mediaKinds = ['photo', 'video', 'document', 'audio'] as const;
  const start = Date.now() - 730 * DAY;
  const batch = dialect === 'sqlite' ? 1000 : 2000;

  // Submissions in creation order, so ids rise with created_at as in real use.
  const step = (730 * DAY) / SUBMISSIONS;
  for (let first = 0; first < SUBMISSIONS; first += batch) {
    const rows = [];
    for (let i = first; i < Math.min(first + batch, SUBMISSIONS); i++) {
      const created = new Date(start + i * step + r() * step).toISOString();
      const anonymous = r() < 0.1;
      const user = Math.floor(r() * USERS);
      rows.push({
        tenant: anonymous ? 'vdi' : tenantKeys[user % tenantKeys.length]!,
        kind: pick(r, kinds),
        status: pick(r, statuses),
        topic: null,
        source: null,
        user_id: anonymous ? null : `user-${user}`,
        user_email: anonymous ? null : `nutzer${user}@example.de`,
        access_token_hash: null,
        created_at: created,
        updated_at: created,
        completed_at: r() < 0.7 ? created : null,
        transcript: r() < 0.5 ? `Interviewer: Woran arbeiten Sie?\n\nDu: An Projekt ${i} mit Team ${user}.` : null,
        w_answers: null,
        contact_first_name: r() < 0.5 ? `Vorname${i % 977}` : null,
        contact_last_name: r() < 0.5 ? `Nachname${i % 1733}` : null,
        contact_email: null,
        post_email: null,
        post_link: null,
        post_description: null,
      });
    }
    await db.insertInto('submissions').values(rows).execute();
  }

  const perSubmission = MEDIA / SUBMISSIONS;
  for (let first = 0; first < MEDIA; first += batch) {
    const rows = [];
    for (let i = first; i < Math.min(first + batch, MEDIA); i++) {
      const submission = Math.floor(i / perSubmission) + 1;
      const kind = pick(r, mediaKinds);
      rows.push({
        submission_id: submission,
        kind,
        file_path: `${submission}/${i}_seed.bin`,
        file_type: kind === 'photo' ? 'image/jpeg' : kind === 'video' ? 'video/mp4' : kind === 'audio' ? 'audio/webm' : 'application/pdf',
        size: Math.floor(r() * 5_000_000),
        original_name: `datei-${i}.bin`,
        thumbnail_path: null,
        created_at: new Date(start + (submission - 1) * step + step).toISOString(),
      });
    }
    await db.insertInto('media').values(rows).execute();
  }
}

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
    await seed(app.db, dialect);
    const seeded = (Date.now() - t0) / 1000;
    await createUser(app.auth, { email: 'bench-admin@example.de', password: 'bench-passwort', role: 'admin' });
    if (dialect === 'postgres') await app.db.executeQuery({ sql: 'analyze', parameters: [], query: { kind: 'RawNode' } as never } as never);

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
    console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per endpoint, from a second process`);
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
