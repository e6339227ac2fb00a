import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../common/tenants';
import { texts } from '../common/texts';
import { dialects } from '../server/testing/harness';
import { DESKTOP, loginAs, PHONE, screenshot, sendContactForm, startE2E, toastWith, type E2E } from './harness';

const u = texts.uploads;
const f = texts.finish;

/** Issue 18, points 1, 4, 5 and 6, walked as a contributor meets them. */
describe.each(dialects)('a Content-ID from the first screen on %s', (dialect) => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ dialect, env: { ALTCHA_MAX_NUMBER: '5000' } });
  }, 60_000);
  afterAll(() => e?.close());

  it('shows the id on a fresh /upload, skips to a thank-you page that claims nothing, saves the contact, and the team sees it', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin', { from: '/upload' });
    await page.waitForURL('**/upload');
    await expect.poll(() => page.getByTestId('id-hint').textContent()).toMatch(/^Interview-ID: \d+\.\.\.$/);
    await screenshot(page, `first-screen-upload-phone-${dialect}`);
    await page.getByRole('button', { name: u.skip }).click();
    await page.waitForURL('**/thank-you');
    await page.getByText(f.nothingSentIntro).waitFor();
    expect(await page.getByText(f.thankYouIntro).count()).toBe(0);
    expect(await page.getByText(f.noContentIdHint).count()).toBe(0);
    const contentId = Number(await page.getByTestId('content-id').textContent());
    await screenshot(page, `first-screen-thank-you-phone-${dialect}`);
    await sendContactForm(page, 'Erika', 'Muster', 'erika@example.org');

    const editor = await e.newPage(DESKTOP);
    await loginAs(editor, 'admin', { from: '/eingang' });
    await editor.waitForURL('**/eingang');
    await editor.getByText('Erika Muster').first().waitFor();
    // A page opened and left empty is no entry for the team.
    const empty = await e.newPage(PHONE);
    await loginAs(empty, 'vdi_admin', { from: '/document-upload' });
    await expect.poll(() => empty.getByTestId('id-hint').textContent()).toMatch(/\d+\.\.\./);
    const emptyId = Number((await empty.getByTestId('id-hint').textContent())!.match(/\d+/)![0]);
    expect(emptyId).not.toBe(contentId);
    // 'Keine Datei ausgewählt' on the document page (one file).
    await empty.getByRole('button', { name: u.uploadButton(0) }).click();
    await toastWith(empty, u.noFileTitle).waitFor();
    await editor.reload();
    await editor.getByText('Erika Muster').first().waitFor();
    const listed = await editor.evaluate(async () =>
      ((await (await fetch('/api/inbox')).json()) as { items: { contentId: number }[] }).items.map((i) => i.contentId),
    );
    expect(listed).toContain(contentId);
    expect(listed).not.toContain(emptyId);
  }, 120_000);

  it('the bank upload shows its id from the start and skips without a warning', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'bank', { from: '/bank/upload' });
    await page.waitForURL('**/bank/upload');
    await expect.poll(() => page.getByTestId('id-hint').textContent()).toMatch(/^Interview-ID: \d+\.\.\.$/);
    await page.getByRole('button', { name: u.skip }).click();
    await page.waitForURL('**/bank/contact-information');
    await page.waitForTimeout(500);
    expect(await toastWith(page, f.noInterviewId).count()).toBe(0);
    // The combined upload's empty choice: 'Keine Dateien ausgewählt'.
    await page.goto('/bank/document-image-upload');
    await page.getByRole('button', { name: u.uploadButton(0) }).click();
    await toastWith(page, u.noFilesTitle).waitFor();
  }, 90_000);
});

describe('the public link opens without a click; cards keep their promise', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ env: { ALTCHA_MAX_NUMBER: '5000' } });
    e.t.app.jobs.start();
  }, 60_000);
  afterAll(() => e?.close());

  it('titles the public upload "Upload von Medien", shows the drop zone at once and solves the proof by itself', async () => {
    const page = await e.newPage(PHONE);
    await page.goto('/p/vdi/upload');
    await page.getByRole('heading', { name: 'Upload von Medien' }).waitFor();
    await page.locator('input[type=file]').waitFor({ state: 'attached', timeout: 5000 });
    expect(await page.getByText(u.challengeLabel).count()).toBe(0);
    // Nobody clicks: the proof runs from page load and the submission follows it.
    await expect
      .poll(() => page.getByTestId('id-hint').textContent(), { timeout: 30_000 })
      .toMatch(/^Interview-ID: \d+\.\.\.$/);
    await screenshot(page, 'public-upload-no-click-phone');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: await pngBytes() });
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(1) }).click();
    await page.waitForURL('**/p/vdi/thank-you', { timeout: 30_000 });
    await page.getByText(f.thankYouIntro).waitFor();
  }, 90_000);

  it('sends a Firma A user opening / into the Firma A brand, and every card there opens', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'firma_a', { from: '/' });
    await page.waitForURL('**/firma-a');
    await page.getByRole('link', { name: `Firma A – ${texts.nav.appTitle}` }).waitFor();
    await page.getByText(texts.common.footer(new Date().getFullYear(), tenants.firma_a.footerName)).waitFor();
    const hrefs = await page.locator('main a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(2);
    for (const href of hrefs) {
      await page.goto(href);
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe(href);
      expect(await page.getByText(texts.nav.notFoundText).count()).toBe(0);
      expect(await page.getByText(texts.auth.noPermission).count()).toBe(0);
    }
  }, 90_000);

  it('the bank card to /bank/upload says it takes one document, and the page does', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'bank', { from: '/' });
    await page.waitForURL('**/bank');
    const card = page.getByRole('link', { name: new RegExp(texts.nav.bankCards.upload.title) });
    await card.getByText(texts.nav.bankCards.upload.text).waitFor();
    expect(await page.getByText(texts.nav.cards.upload.text).count()).toBe(0);
    await card.click();
    await page.waitForURL('**/bank/upload');
    await page.getByRole('heading', { name: u.bankUploadTitle }).waitFor();
    await screenshot(page, 'bank-cards-phone');
  }, 60_000);
});

async function pngBytes(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#369' } })
    .png()
    .toBuffer();
}
