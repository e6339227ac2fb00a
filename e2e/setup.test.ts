import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { startTestApp, type TestApp } from '../server/testing/harness';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './harness';
import type { Browser } from 'playwright-core';

describe('first start with an empty database', () => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
    await t.close();
  });

  it('offers to create the first admin, then never again', async () => {
    const page = await (await browser.newContext({ viewport: PHONE, baseURL: t.url })).newPage();
    await page.goto('/');
    await page.waitForURL('**/setup');
    await page.getByRole('heading', { name: texts.auth.setupTitle }).waitFor();
    // A fresh install opens on the setup page without an error, in the product's header.
    await page.waitForTimeout(1000);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await page.getByText(texts.auth.mustBeLoggedIn).count()).toBe(0);
    await page.getByRole('banner').getByText(texts.nav.appTitle).waitFor();
    await screenshot(page, 'setup-390');
    // A path that needs a login goes there too, quietly.
    await page.goto('/content-selection');
    await page.waitForURL('**/setup');
    await page.getByRole('heading', { name: texts.auth.setupTitle }).waitFor();
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await page.getByLabel(texts.auth.setupName).fill('Erika Muster');
    await page.getByLabel(texts.auth.email).fill('erika@example.org');
    await page.getByLabel(texts.auth.password).fill('kurz');
    await page.getByRole('button', { name: texts.auth.setupSubmit }).click();
    await page.getByText(texts.auth.passwordTooShort).waitFor();
    await page.getByLabel(texts.auth.password).fill('sicheres-passwort');
    await page.getByRole('button', { name: texts.auth.setupSubmit }).click();
    await page.waitForURL('**/admin');
    const admin = await t.app.db.selectFrom('user').select(['email', 'role']).executeTakeFirstOrThrow();
    expect(admin).toEqual({ email: 'erika@example.org', role: 'admin' });

    const other = await (await browser.newContext({ viewport: DESKTOP, baseURL: t.url })).newPage();
    await other.goto('/setup');
    await other.waitForURL('**/login');
    await other.getByRole('button', { name: texts.auth.submit, exact: true }).waitFor();
    await screenshot(other, 'login-1280');
  });
});
