import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantListItem } from '../common/contracts/tenants';
import { texts } from '../common/texts';
import * as fixture from '../server/uploads/testing/fixtures';
import { TEST_PASSWORD } from '../server/testing/harness';
import { addMember } from '../server/tenants/service';
import { DESKTOP, loginAs, PHONE, screenshot, startE2E, tempDir, type E2E } from './harness';

const tt = texts.tenants;
const u = texts.uploads;
const f = texts.finish;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Issue 30: a tenant "like the bank" is made on /admin/bereiche alone, and works like the bank end to end. */
describe('one tenant model: Sparkasse Nord like the bank', () => {
  let e: E2E;
  let pdf: string;

  beforeAll(async () => {
    e = await startE2E();
    e.t.app.jobs.start();
    pdf = path.join(tempDir('ca-e2e-tenant-model-'), 'bericht.pdf');
    writeFileSync(pdf, fixture.pdf());
  });
  afterAll(() => e.close());

  /** A new member of Sparkasse Nord, signed in on a phone. */
  async function member(email: string, role: 'contributor' | 'editor') {
    await addMember(e.t.app, null, 'sparkasse-nord', { email, role, password: TEST_PASSWORD });
    const page = await e.newPage(PHONE);
    await page.goto('/login');
    await page.getByLabel(texts.auth.email).fill(email);
    await page.getByLabel(texts.auth.password, { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: texts.auth.submit, exact: true }).click();
    return page;
  }

  it('the admin creates it from the page; its contributor gets the bank’s cards, surfaces, rules and storage keys', async () => {
    const admin = await e.newPage(PHONE);
    await loginAs(admin, 'admin');
    await admin.goto('/admin/bereiche');
    await admin.getByRole('button', { name: tt.create }).first().click();
    const form = admin.getByRole('form', { name: tt.create });
    await form.getByLabel(tt.fieldName, { exact: true }).fill('Sparkasse Nord');
    await form.getByLabel(tt.fieldKey, { exact: true }).fill('sparkasse-nord');
    await form.getByLabel(tt.fieldColor, { exact: true }).fill('#1e3a8a');
    await form.getByLabel(tt.fieldProfile, { exact: true }).selectOption({ label: tt.profiles.bank! });
    await form.getByText(tt.pagesTitle).click();
    // The profile filled the fields: the bank's card text, its upload surfaces and storage keys.
    expect(await form.getByLabel(tt.cardTitle(tt.cards.upload!)).inputValue()).toBe(texts.nav.bankCards.upload.title);
    expect(await form.getByLabel(tt.fieldOwnStorageKeys, { exact: true }).isChecked()).toBe(true);
    await screenshot(admin, 'admin-bereiche-profile-390');
    await form.getByRole('button', { name: tt.create }).click();
    await admin.getByRole('listitem', { name: 'Sparkasse Nord' }).waitFor();

    // The row holds the bank's differences as data.
    const rows = (await admin.evaluate(async () => (await fetch('/api/admin/tenants')).json())) as TenantListItem[];
    const bank = rows.find((r) => r.key === 'bank')!;
    const made = rows.find((r) => r.key === 'sparkasse-nord')!;
    expect(made).toMatchObject({
      name: 'Sparkasse Nord',
      wording: bank.wording,
      thanksVariant: bank.thanksVariant,
      entryCards: bank.entryCards,
      generalInterview: true,
      topicIntros: bank.topicIntros,
      style: bank.style,
    });

    const c = await member('nord@e2e.test', 'contributor');
    await c.waitForURL('**/t/sparkasse-nord');
    // The bank's card text on the start page, and the bank's single-document surface behind it.
    await c.getByRole('link', { name: new RegExp(texts.nav.bankCards.upload.title) }).click();
    await c.waitForURL('**/t/sparkasse-nord/upload');
    await c.getByRole('heading', { name: u.bankUploadTitle, level: 1 }).waitFor();
    await c.getByText(u.limitText(['PDF', 'DOC', 'DOCX', 'TXT'], 4, 1)).waitFor();
    await screenshot(c, 'tenant-model-sparkasse-upload-390');
    await c.locator('input[type=file]').setInputFiles([pdf]);
    await c.getByRole('button', { name: u.uploadButton(1) }).click();
    await toast(c, u.success(1, 1)).waitFor({ timeout: 20_000 });
    // The bank's flow: the contact page next, the Content-ID under the bank's storage key.
    await c.waitForURL('**/t/sparkasse-nord/contact-information');
    const ids = await c.evaluate(() => ({
      bank: sessionStorage.getItem('currentBankInterviewId'),
      standard: sessionStorage.getItem('currentInterviewId'),
    }));
    expect(ids.standard).toBeNull();
    const id = Number(ids.bank);
    expect(id).toBeGreaterThan(0);
    // The bank's contact rules, enforced by the server too: a link needs a description.
    await c.getByLabel(f.postLink).fill('https://sparkasse-nord.example.de/karriere');
    await c.getByRole('button', { name: f.postSubmit }).click();
    await toast(c, f.postDescriptionRequired.bank).waitFor();
    await c.getByLabel(f.postDescription).fill('Karriereseite');
    await c.getByRole('button', { name: f.postSubmit }).click();
    await c.waitForURL('**/t/sparkasse-nord/thank-you');
    await c.getByRole('heading', { name: f.bankThankYouTitle }).waitFor();

    const row = await e.t.app.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant: 'sparkasse-nord', post_description: 'Karriereseite' });
    const media = await e.t.app.db.selectFrom('media').selectAll().where('submission_id', '=', id).execute();
    expect(media.map((m) => m.kind)).toEqual(['document']);

    // The submission reaches the inbox, under the tenant's name.
    const inbox = await e.newPage(DESKTOP);
    await loginAs(inbox, 'admin');
    await inbox.goto(`/eingang/${id}`);
    await inbox.getByText('Sparkasse Nord').first().waitFor();
    await inbox.getByText('bericht.pdf').first().waitFor();

    // Its editor sees the tenant's own logo and colour on the pages of no tenant (inbox, account).
    const editor = await member('nord-team@e2e.test', 'editor');
    await editor.waitForURL((url) => url.pathname !== '/login');
    for (const page of ['/eingang', '/konto']) {
      await editor.goto(page);
      await editor.getByRole('banner').getByText('Sparkasse Nord –').waitFor();
      const brand = await editor.evaluate(() =>
        getComputedStyle(document.querySelector('header')!).getPropertyValue('--color-brand').trim(),
      );
      expect(brand.toLowerCase()).toBe('#1e3a8a');
    }
  }, 120_000);

  it('refuses a surface that does not fit the page, in German, changing nothing', async () => {
    const admin = await e.newPage(DESKTOP);
    await loginAs(admin, 'admin');
    const res = await admin.evaluate(async () => {
      const list = await (await fetch('/api/admin/tenants')).json();
      const row = list.find((r: { key: string }) => r.key === 'sparkasse-nord');
      const body = { ...row, style: { ...row.style, uploadSurfaces: { upload: 'bank-image' } } };
      const r = await fetch('/api/admin/tenants/sparkasse-nord', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: r.status, body: await r.json() };
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(tt.surfaceInvalid);
    const after = (await admin.evaluate(async () => (await fetch('/api/admin/tenants')).json())) as TenantListItem[];
    expect(after.find((r) => r.key === 'sparkasse-nord')!.style.uploadSurfaces.upload).toBe('bank-upload');
    await admin.goto('/admin/bereiche');
    await admin.getByRole('listitem', { name: 'Sparkasse Nord' }).getByRole('button', { name: tt.edit }).click();
    await admin.getByText(tt.pagesTitle).click();
    await screenshot(admin, 'admin-bereiche-pages-1280');
  }, 60_000);
});
