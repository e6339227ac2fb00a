/**
 * What costs one page its Lighthouse performance score: one run (mobile preset), its metrics, the
 * LCP element and its breakdown, long tasks by script, main-thread time, layout shifts and the
 * network requests in order. Needs the build (dist/web).
 *
 *   PAGE=/p/vdi/upload npx tsx bench/lighthouse/details.ts
 *   SIGNED_IN=1 PAGE=/eingang/:id npx tsx bench/lighthouse/details.ts
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { addUser, login, startTestApp } from '../../server/testing/harness';
const t = await startTestApp('sqlite', { VOICE_AGENT: 'builtin' });
await addUser(t.app, 'admin@bench.test', 'admin');
await addUser(t.app, 'redaktion@bench.test', 'vdi_admin');
// A page of the signed-in pages (SIGNED_IN=1) as the association's editor; /eingang/:id gets a submission.
const cookie = process.env.SIGNED_IN ? await login(t, 'redaktion@bench.test') : undefined;
const at = new Date().toISOString();
const detail = await t.app.db
  .insertInto('submissions')
  .values({ tenant: 'vdi', kind: 'voice', created_at: at, updated_at: at, transcript: 'Sie: Grüße aus der Werkstatt.' })
  .returning('id')
  .executeTakeFirstOrThrow();
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const page = (process.env.PAGE ?? '/p/vdi/upload').replace(':id', String(detail.id));
const r = await lighthouse(`${t.url}${page}`, {
  port: chrome.port,
  ...(cookie ? { extraHeaders: { cookie } } : {}),
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance'],
});
const a = r!.lhr.audits;
console.log(
  'score',
  r!.lhr.categories.performance!.score,
  'bench',
  r!.lhr.environment.benchmarkIndex,
  [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
    'interactive',
  ]
    .map((k) => `${k} ${a[k]?.displayValue}`)
    .join(', '),
);
for (const x of (a['network-requests']?.details as any)?.items ?? [])
  console.log(
    'NET',
    Math.round(x.networkRequestTime),
    Math.round(x.networkEndTime),
    x.transferSize,
    x.url.replace(/^http:\/\/[^/]+/, ''),
  );
const observed = (a.metrics?.details as any)?.items?.[0] ?? {};
console.log(
  'OBSERVED',
  ['observedFirstContentfulPaint', 'observedLargestContentfulPaint', 'observedDomContentLoaded', 'observedLoad']
    .map((k) => `${k.replace('observed', '')} ${Math.round(observed[k] ?? -1)} ms`)
    .join(', '),
);
for (const id of [
  'network-dependency-tree-insight',
  'largest-contentful-paint-element',
  'lcp-breakdown-insight',
  'lcp-discovery-insight',
  'bootup-time',
  'long-tasks',
  'mainthread-work-breakdown',
  'render-blocking-insight',
  'layout-shifts',
  'cls-culprits-insight',
]) {
  const d = a[id];
  if (!d) continue;
  console.log('\n==', id, d.displayValue ?? '');
  console.log((JSON.stringify(d.details ?? null) ?? '').slice(0, 5000));
}
chrome.kill();
await t.close();
process.exit(0);
