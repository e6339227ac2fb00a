import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { emailFor, loginAs, PHONE, screenshot, startE2E, type E2E } from './harness';

/** What a contributor still met on a phone (issue 42), walked at 390 px. */
describe('contributor polish at 390 px', () => {
  let e: E2E;

  beforeAll(async () => {
    e = await startE2E({ env: { TRANSCRIBER: 'none' } });
  }, 60_000);
  afterAll(() => e?.close());

  const boxes = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((els) =>
      els
        .filter((el) => (el as HTMLElement).offsetParent !== null)
        .map((el) => {
          const r = el.getBoundingClientRect();
          return { name: el.getAttribute('aria-label') ?? el.textContent ?? '', width: r.width, height: r.height };
        }),
    );

  it('gives every header control at least 44×44 px, and a toast at the top with a German 44×44 px "Schließen" that covers no field', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'admin');
    for (const path of ['/admin', '/eingang']) {
      await page.goto(path);
      await page.getByTestId('header-title').waitFor();
      const controls = await boxes(page, 'header a, header button');
      expect(controls.length).toBeGreaterThan(2);
      for (const c of controls) {
        expect(c.width, `${path} ${c.name}`).toBeGreaterThanOrEqual(44);
        expect(c.height, `${path} ${c.name}`).toBeGreaterThanOrEqual(44);
      }
    }

    const login = await e.newPage(PHONE);
    await login.goto('/login');
    await login.getByLabel(texts.auth.email).fill(emailFor('admin'));
    const password = login.getByLabel(texts.auth.password, { exact: true });
    await password.fill('falsches-Passwort-123');
    await login.getByRole('button', { name: texts.auth.submit, exact: true }).click();
    const toast = login.locator('[data-sonner-toast]').first();
    await toast.waitFor();
    const region = login.locator('section[aria-label]').filter({ has: login.locator('[data-sonner-toaster]') });
    expect(await region.getAttribute('aria-label')).toMatch(new RegExp(`^${texts.common.notifications}`));
    const close = toast.getByRole('button', { name: texts.common.close, exact: true });
    const closeBox = (await close.boundingBox())!;
    expect(closeBox.width).toBeGreaterThanOrEqual(44);
    expect(closeBox.height).toBeGreaterThanOrEqual(44);
    expect(await login.getByRole('button', { name: 'Close toast' }).count()).toBe(0);
    // At the top of the phone, clear of every field of the form.
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y).toBeLessThan(60);
    for (const field of await login.locator('main input').all()) {
      const f = (await field.boundingBox())!;
      expect(toastBox.y + toastBox.height, 'toast above the field').toBeLessThanOrEqual(f.y);
    }
    await screenshot(login, 'polish-toast-390');
    await close.click();
    await expect.poll(() => login.locator('[data-sonner-toast]').count()).toBe(0);
  });
});
