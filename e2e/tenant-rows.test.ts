import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDefaults } from '../common/schemas/tenants';
import { texts } from '../common/texts';
import * as fixture from '../server/uploads/testing/fixtures';
import { TEST_PASSWORD } from '../server/testing/harness';
import { addMember } from '../server/tenants/service';
import { DESKTOP, loginAs, PHONE, screenshot, startE2E, tempDir, type E2E } from './harness';

const f = texts.finish;
const a = texts.admin;

/** Same-origin JSON request from the signed-in page (the admin's session). */
const call = (page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, url, body },
  );

const brand = (page: Page) =>
  page.evaluate(
    () =>
      (document.querySelector('[style*="--brand"]') as HTMLElement | null)?.style.getPropertyValue('--brand') ?? null,
  );

async function loginEmail(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(texts.auth.email).fill(email);
  await page.getByLabel(texts.auth.password, { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: texts.auth.submit, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe('tenant rows in the browser: names, seed edits, thank-you variant', () => {
  let e: E2E;
  let photo: string;
  let admin: Page;

  beforeAll(async () => {
    e = await startE2E();
    e.t.app.jobs.start();
    photo = path.join(tempDir('ca-e2e-tenant-rows-'), 'halle.png');
    writeFileSync(photo, await fixture.png());
    admin = await e.newPage(DESKTOP);
    await loginAs(admin, 'admin');
  });
  afterAll(() => e.close());

  it("a seed tenant's edits (name, colour, cards) show on its pages; unedited it looks as before", async () => {
    const user = await e.newPage(PHONE);
    await loginAs(user, 'firma_a');
    await user.goto('/firma-a');
    await user.getByRole('link', { name: `Firma A – ${texts.nav.appTitle}` }).waitFor();
    expect(await brand(user)).toBe('#0f766e');
    await user.locator('main a[href="/firma-a/upload"]').first().waitFor();

    const rows = (await call(admin, 'GET', '/api/admin/tenants')).body as (typeof tenantDefaults & { key: string })[];
    const row = rows.find((r) => r.key === 'firma_a')!;
    const settings = Object.fromEntries(
      Object.keys(tenantDefaults).map((k) => [k, (row as Record<string, unknown>)[k]]),
    );
    const put = await call(admin, 'PUT', '/api/admin/tenants/firma_a', {
      ...settings,
      name: 'Firma A GmbH',
      brandColor: '#1e3a8a',
      entryCards: ['content-selection', 'interview-category', 'voice-message'],
    });
    expect(put.status).toBe(200);

    await user.goto('/firma-a');
    await user.getByRole('link', { name: `Firma A GmbH – ${texts.nav.appTitle}` }).waitFor();
    await expect.poll(() => brand(user)).toBe('#1e3a8a');
    await user.locator('main a[href="/firma-a/interview-category"]').first().waitFor();
    expect(await user.locator('main a[href="/firma-a/upload"]').count()).toBe(0);
    await screenshot(user, 'seed-tenant-edited-390');
    // Another seed tenant is untouched.
    const bank = await e.newPage(PHONE);
    await loginAs(bank, 'bank');
    await bank.goto('/bank');
    await bank.getByRole('link', { name: `Bank – ${texts.nav.appTitle}` }).waitFor();
    expect(await brand(bank)).toBe('#b91c1c');
  }, 90_000);

  it('a created tenant with the bank variant: its name in dashboard and inbox, the bank thank-you and contact rules', async () => {
    const made = await call(admin, 'POST', '/api/admin/tenants', {
      ...tenantDefaults,
      key: 'firma-e',
      name: 'Firma Eins',
      brandColor: '#1d4ed8',
      thanksVariant: 'bank',
    });
    expect(made.status).toBe(201);
    await addMember(e.t.app, null, 'firma-e', { email: 'e@e2e.test', role: 'contributor', password: TEST_PASSWORD });

    const c = await e.newPage(PHONE);
    await loginEmail(c, 'e@e2e.test');
    await c.waitForURL('**/t/firma-e');
    await c.goto('/t/firma-e/upload');
    await c.locator('input[type=file]').setInputFiles([photo]);
    await c.getByLabel(texts.uploads.rightsLabel).check();
    await c.getByRole('button', { name: texts.uploads.uploadButton(1) }).click();
    await c.waitForURL('**/t/firma-e/thank-you', { timeout: 30_000 });
    await c.getByRole('heading', { name: f.bankThankYouTitle }).waitFor();
    await c
      .getByRole('link', { name: f.backToDashboard('Firma Eins') })
      .or(c.getByRole('button', { name: f.backToDashboard('Firma Eins') }))
      .first()
      .waitFor();
    // The bank's rule: two characters per name, in the bank's words.
    await c.getByLabel(f.firstName, { exact: true }).fill('A');
    await c.getByLabel(f.lastName, { exact: true }).fill('Muster');
    await c.getByLabel(f.email, { exact: true }).fill('anna@example.de');
    await c.getByRole('button', { name: f.contactSubmit }).click();
    await c.getByText(f.bankFirstNameMin).first().waitFor();
    await screenshot(c, 'created-tenant-bank-thank-you-390');
    const id = (
      await e.t.app.db.selectFrom('submissions').select('id').where('tenant', '=', 'firma-e').executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await e.t.app.db
          .selectFrom('submissions')
          .select('contact_first_name')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).contact_first_name,
    ).toBeNull();

    // The admin's dashboard: a card and chart entry; the inbox: list, filter and detail by name.
    await admin.goto('/admin');
    await admin.getByRole('region', { name: 'Firma Eins', exact: true }).waitFor();
    await admin.getByRole('region', { name: 'Firma A GmbH', exact: true }).waitFor();
    await admin.getByRole('region', { name: a.associationArea, exact: true }).waitFor();
    expect(await admin.locator('figure th[scope=col]').allTextContents()).toContain('Firma Eins');
    await screenshot(admin, 'admin-dashboard-created-tenant-1280');
    await admin.goto('/eingang');
    await admin
      .getByRole('link', { name: new RegExp(`^${a.colContentId} #${id}\\b`) })
      .getByText('Firma Eins')
      .waitFor();
    expect(await admin.locator('#inbox-tenant option').allTextContents()).toEqual(
      expect.arrayContaining(['Firma Eins', 'Firma A GmbH', a.associationArea, 'Bank']),
    );
    await admin.locator('#inbox-tenant').selectOption('firma-e');
    await admin.waitForURL('**tenant=firma-e**');
    await admin.goto(`/eingang/${id}`);
    await admin.getByText(`· Firma Eins ·`, { exact: false }).first().waitFor();
  }, 120_000);
});
