import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRole, type Role } from '../common/roles';
import { routeTable, type RouteDef } from '../common/routes';
import { tenantDefaults } from '../common/schemas/tenants';
import { saveVersion as saveVersionInput } from '../common/schemas/post';
import { tenants } from '../common/tenants';
import { findSubmission } from '../server/submissions/queries';
import { attachFile } from '../server/submissions/files';
import { createSubmission } from '../server/submissions/service';
import { campaignFlows } from '../common/campaign-values';
import { createCampaign } from '../server/campaigns/service';
import { createPersonalLink } from '../server/personal-links';
import { sendForApproval } from '../server/post/approval';
import { saveVersion } from '../server/post/service';
import { addMember, createTenant } from '../server/tenants/service';
import { lastMailTo, TEST_PASSWORD } from '../server/testing/harness';
import { axeViolations } from './axe';
import { cutAtDoubleText } from './layout';
import { DESKTOP, emailFor, PHONE, startE2E, type E2E } from './harness';

/** Who opens a route in the walk: signed out, a seed role, or the editor of a created tenant. */
type Who = 'anonymous' | Role | 'none' | 'editor';
const EDITOR = 'redaktion-barrierefrei@e2e.test';
const NARROW = { width: 320, height: 640 };

/**
 * Every page of the route table once per variant (seed tenant, created tenant /t/…, public link
 * /p/…), each seed tenant's dashboard and upload page too (their brand colours differ), opened by
 * someone the guard lets in; the public pages signed out as well.
 */
function walk(ids: {
  contentId: number;
  token: string;
  code: string;
  campaignId: number;
  sharedCode: string;
}): { path: string; who: Who }[] {
  const seen = new Set<string>();
  const visits: { path: string; who: Who }[] = [];
  const add = (path: string, who: Who) => {
    if (!seen.has(`${who} ${path}`)) visits.push({ path, who });
    seen.add(`${who} ${path}`);
  };
  const concrete = (def: RouteDef) =>
    def.path
      .replace(':contentId', String(ids.contentId))
      .replace(':token', ids.token)
      .replace(/^\/k\/:code/, `/k/${ids.sharedCode}`)
      .replace(':code', ids.code)
      .replace(':campaignId', String(ids.campaignId))
      .replace(':tenantKey', 'firma-barrierefrei')
      .replace(':tenant', 'vdi')
      .replace(':topic', 'free-topic');
  const pagesDone = new Set<string>();
  for (const def of routeTable) {
    const variant = def.viaPublicLink ? 'p' : def.viaPersonalLink ? 'e' : def.tenantParam ? 't' : 'seed';
    const brandPage = def.tenant && (def.page === 'dashboard' || def.page === 'upload');
    if (pagesDone.has(`${variant} ${def.page}`) && !brandPage) continue;
    pagesDone.add(`${variant} ${def.page}`);
    const path = concrete(def);
    const a = def.access;
    if (a.kind === 'public') {
      add(path, 'anonymous');
      // Signed in, the public and personal links' pages differ only by the header: its start and upload pages stand for all.
      if (!(def.viaPublicLink || def.viaPersonalLink) || def.page === 'public-start' || def.page === 'public-upload')
        add(path, 'admin');
    } else if (def.page === 'no-role' || def.page === 'tenant-invitation') add(path, 'none');
    else if (def.page === 'tenant-members') add(path, 'editor');
    else if (['inbox', 'inbox-detail', 'campaigns', 'campaign-board'].includes(def.page)) {
      add(path, 'vdi_admin');
      add(path, 'editor');
    } else if (a.kind === 'roles' && def.tenant) add(path, tenants[def.tenant].role);
    else add(path, 'admin');
  }
  return visits;
}

/** Waits until the route shows its page: a heading, and no spinner of a loading page. */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 10_000 });
  await page.waitForFunction(() => !document.querySelector('[role="status"] .animate-spin'), null, { timeout: 10_000 });
  // Parts that load after the first paint, and fades, end before the page is read (on a busy machine
  // axe otherwise measured a card's contrast in the middle of its arrival).
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"]') &&
        document.getAnimations().every((a) => a.playState !== 'running'),
      null,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/** What axe finds on the settled page: a finding must still be there a moment later. */
async function lastingViolations(page: Page) {
  const first = await axeViolations(page);
  if (first.length === 0) return first;
  await page.waitForTimeout(1500);
  return axeViolations(page);
}

async function seed(
  e: E2E,
): Promise<{ contentId: number; token: string; code: string; campaignId: number; sharedCode: string }> {
  await createTenant(e.t.app, null, { ...tenantDefaults, key: 'firma-barrierefrei', name: 'Firma Barrierefrei' });
  await addMember(e.t.app, null, 'firma-barrierefrei', { email: EDITOR, role: 'editor', password: TEST_PASSWORD });
  const user = await e.t.app.db
    .selectFrom('user')
    .selectAll()
    .where('email', '=', emailFor('vdi_admin'))
    .executeTakeFirstOrThrow();
  const sessionUser = { id: user.id, email: user.email, name: user.name, role: parseRole(user.role) };
  const { contentId } = await createSubmission(e.t.app.db, { tenant: 'vdi', kind: 'interview' }, { user: sessionUser });
  await e.t.app.db
    .updateTable('submissions')
    .set({
      transcript: 'Interviewer: Woran arbeiten Sie?\n\nDu: An einer Brücke aus Carbonbeton in Köln.',
      w_answers: JSON.stringify({ who: 'Das Brückenteam', what: 'baut eine Brücke', where: 'Köln', when: 'seit März' }),
      contact_first_name: 'Erika',
      contact_last_name: 'Muster',
      contact_email: 'erika@e2e.test',
      completed_at: new Date().toISOString(),
    })
    .where('id', '=', contentId)
    .execute();
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a7fd4' } })
    .jpeg()
    .toBuffer();
  await attachFile(e.t.app, {
    contentId,
    kind: 'photo',
    body: jpeg,
    originalName: 'bruecke.jpg',
    contentType: 'image/jpeg',
    extension: 'jpg',
  });
  const editor = { ...sessionUser, scope: ['vdi'] };
  const row = async () => (await findSubmission(e.t.app.db, contentId))!;
  await saveVersion(
    e.t.app,
    editor,
    await row(),
    'linkedin',
    saveVersionInput.parse({ body: 'Eine Brücke aus Carbonbeton in Köln wiegt nur 40 Prozent.' }),
  );
  await sendForApproval(e.t.app, editor, await row(), 'linkedin');
  const mail = await lastMailTo(e.t.app.db, 'erika@e2e.test');
  const token = /\/freigabe\/([A-Za-z0-9_-]{40,})/.exec(mail.body)![1]!;
  const { code } = await createPersonalLink(e.t.app.db, e.t.config, {
    tenant: 'vdi',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@e2e.test',
    role: 'Ingenieurin',
  });
  const campaign = await createCampaign(e.t.app, editor, {
    tenant: 'vdi',
    name: 'Brücken 2027',
    flows: [...campaignFlows],
    topic: null,
    questions: ['Woran arbeiten Sie gerade?'],
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    invitationText: 'Erzählen Sie uns von Ihrer Brücke.',
    senderName: 'Redaktion',
    contactEmail: 'redaktion@e2e.test',
    reminderDays: [],
  });
  return { contentId, token, code, campaignId: campaign.id, sharedCode: campaign.sharedCode };
}

/** Where the page is wider than the screen (WCAG 1.4.10), or null. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const over = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')}`);
    return `${root.scrollWidth} > ${root.clientWidth}: ${over.join(', ')}`;
  });

/**
 * Issue 43: axe-core's WCAG 2.1 A/AA rules on every page of the route table, signed in and not,
 * at 390 and 1280 px (both widths at once), and reflow at 320 px (the phone's page narrowed after
 * its check). One app, one browser, one signed-in context per person and width.
 */
describe('every page of the route table, accessible (WCAG 2.1 AA), in the browser', () => {
  let e: E2E;
  let visits: { path: string; who: Who }[];
  beforeAll(async () => {
    e = await startE2E();
    visits = walk(await seed(e));
  }, 60_000);
  afterAll(() => e.close());

  /** Walks every visit at this width; returns what it found. */
  async function walkAt(viewport: { width: number; height: number }, reflow: boolean): Promise<string[]> {
    const byWho = new Map<Who, Page>();
    const found: string[] = [];
    for (const { path, who } of visits) {
      let page = byWho.get(who);
      if (!page) {
        page = await e.newPage(viewport);
        byWho.set(who, page);
        if (who !== 'anonymous') {
          // Signed in through the API: the login page has its own keyboard test.
          const email = who === 'editor' ? EDITOR : emailFor(who);
          const res = await page.request.post('/api/auth/sign-in/email', {
            data: { email, password: TEST_PASSWORD },
            headers: { origin: e.t.url },
          });
          expect(res.status(), `sign-in ${who}`).toBe(200);
        }
      }
      const at = `${viewport.width} px, ${who} ${path}`;
      await page.goto(path);
      try {
        await settled(page);
      } catch {
        found.push(`${at}: no page heading (at ${new URL(page.url()).pathname})`);
        continue;
      }
      // Each page its own title: its heading and the tenant (WCAG 2.4.2).
      const titled = await page.evaluate(() => ({
        title: document.title,
        heading: (document.querySelector('h1')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
      }));
      if (!titled.title.startsWith(`${titled.heading} – `))
        found.push(`${at}: title "${titled.title}" is not the page's heading "${titled.heading}"`);
      for (const v of await lastingViolations(page))
        found.push(`${at}: ${v.id} (${v.impact}) ${v.help} → ${v.targets.slice(0, 4).join(' | ')}`);
      // 200 % text on every page, signed in and not (in the desktop pass).
      if (!reflow) for (const cut of await cutAtDoubleText(page)) found.push(`200 % text, ${who} ${path}: ${cut}`);
      if (reflow) {
        await page.setViewportSize(NARROW);
        const wide = await overflow(page);
        if (wide) found.push(`320 px, ${who} ${path}: ${wide}`);
        await page.setViewportSize(viewport);
      }
    }
    return found;
  }

  it('has no WCAG 2.1 A/AA violation on any page at 390 and 1280 px, reflows at 320 px, and keeps 200 % text whole', async () => {
    expect(visits.length).toBeGreaterThan(60);
    const [phone, desktop] = await Promise.all([walkAt(PHONE, true), walkAt(DESKTOP, false)]);
    expect([...phone, ...desktop]).toEqual([]);
  }, 900_000);
});
