/**
 * What costs one page its Lighthouse performance score: one run (mobile preset), its metrics, the
 * LCP element and its breakdown, long tasks by script, main-thread time, layout shifts and the
 * network requests in order. Needs the build (dist/web).
 *
 *   PAGE=/p/vdi/upload npx tsx bench/lighthouse/details.ts
 *   SIGNED_IN=1 PAGE=/eingang/:id npx tsx bench/lighthouse/details.ts
 *   PAGE=/freigabe/:token CATEGORY=accessibility npx tsx bench/lighthouse/details.ts
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { addUser, login, startTestApp } from '../../server/testing/harness';
import { benchSubmission } from './fixtures';
const t = await startTestApp('sqlite', { VOICE_AGENT: 'builtin' });
await addUser(t.app, 'admin@bench.test', 'admin');
await addUser(t.app, 'redaktion@bench.test', 'vdi_admin');
// A page of the signed-in pages (SIGNED_IN=1) as the association's editor; /eingang/:id gets a submission.
const cookie = process.env.SIGNED_IN ? await login(t, 'redaktion@bench.test') : undefined;
const detail = await benchSubmission(t, await login(t, 'redaktion@bench.test'));
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const page = (process.env.PAGE ?? '/p/vdi/upload').replace(':id', String(detail.id)).replace(':token', detail.token);
const r = await lighthouse(`${t.url}${page}`, {
  port: chrome.port,
  ...(cookie ? { extraHeaders: { cookie } } : {}),
  output: 'json',
  logLevel: 'error',
  onlyCategories: [process.env.CATEGORY ?? 'performance'],
});
const a = r!.lhr.audits;
if (r!.lhr.runtimeError) console.log('RUNTIME ERROR', r!.lhr.runtimeError.code, r!.lhr.runtimeError.message);
for (const [id, x] of Object.entries(a))
  if ((x as any).errorMessage) console.log('AUDIT ERROR', id, (x as any).errorMessage);
console.log(
  'score',
  r!.lhr.categories[process.env.CATEGORY ?? 'performance']!.score,
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
  'color-contrast',
  'label-content-name-mismatch',
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
