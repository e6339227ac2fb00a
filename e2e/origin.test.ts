import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { emailFor, PHONE, screenshot, startE2E, type E2E } from './harness';
import { TEST_PASSWORD } from '../server/testing/harness';

describe('login from an address that BASE_URL does not allow', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ env: { BASE_URL: 'https://content.example.org' } });
  });
  afterAll(() => e?.close());

  it('says "Diese Adresse ist nicht freigegeben" and names the address, not "Ungültige E-Mail oder Passwort"', async () => {
    const page = await e.newPage(PHONE);
    await page.goto('/login');
    await page.getByLabel(texts.auth.email).fill(emailFor('admin'));
    await page.getByLabel(texts.auth.password, { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: texts.auth.submit, exact: true }).click();
    await page.getByText(texts.common.originRefused('https://content.example.org')).waitFor();
    expect(await page.getByText(texts.auth.loginFailedText).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.waitForTimeout(800); // the toast's entry animation
    await screenshot(page, 'login-origin-refused-390');
  });
});
