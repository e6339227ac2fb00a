import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { loginAs, PHONE, screenshot, startE2E, toastWith, type E2E } from './harness';

const t = texts.auth;

/** Nothing claims what did not happen: a failed sign-out or reset request says so (issue 26). */
describe('sign-out and reset request that fail, in the browser', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(() => e.close());

  const failSignOut = (page: Page) =>
    page.route('**/api/auth/sign-out', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
    );

  it('a sign-out the server does not confirm is not reported as done; the session is still there, a retry works', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'firma_a');
    await page.evaluate(() => sessionStorage.setItem('currentInterviewId', '42'));
    await failSignOut(page);
    await page.getByRole('button', { name: t.logout }).click();
    await toastWith(page, t.logoutFailedText).waitFor({ timeout: 15_000 });
    // The error stays until closed, so it lies below the sticky header, clear of 'Abmelden'.
    await page.waitForTimeout(500);
    const toast = toastWith(page, t.logoutFailedText);
    const headerBox = (await page.locator('header').first().boundingBox())!;
    const closeBox = (await toast.getByRole('button', { name: texts.common.close, exact: true }).boundingBox())!;
    for (const box of [(await toast.boundingBox())!, closeBox]) {
      expect(box.y, 'toast and its close button below the header').toBeGreaterThanOrEqual(
        headerBox.y + headerBox.height,
      );
    }
    await screenshot(page, 'sign-out-error-toast-390');
    expect(await toastWith(page, t.loggedOutText).count()).toBe(0);
    expect(new URL(page.url()).pathname).not.toBe('/login');
    // Local state is cleared anyway (a shared phone).
    expect(await page.evaluate(() => sessionStorage.getItem('currentInterviewId'))).toBeNull();
    expect((await page.request.get('/api/me')).status()).toBe(200);
    await page.unroute('**/api/auth/sign-out');
    await page.getByRole('button', { name: t.logout }).click();
    await toastWith(page, t.loggedOutText).waitFor();
    await page.waitForURL('**/login');
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });

  it('the reset form says "sent" only when the server accepted the request; a 503 shows the outage text', async () => {
    const page = await e.newPage(PHONE);
    await page.goto('/login');
    await page.getByRole('button', { name: t.forgotPassword }).click();
    await page.route('**/api/auth/request-password-reset', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'unavailable',
          title: texts.common.outageTitle,
          message: texts.common.databaseOutage,
        }),
      }),
    );
    await page.getByLabel(t.email).fill('firma-a@e2e.test');
    await page.getByRole('button', { name: t.forgotSubmit }).click();
    await toastWith(page, texts.common.databaseOutage).waitFor();
    expect(await page.getByText(t.forgotSent).count()).toBe(0);
    await page.unroute('**/api/auth/request-password-reset');
    await page.getByRole('button', { name: t.forgotSubmit }).click();
    await page.getByText(t.forgotSent).waitFor();
  });
});
