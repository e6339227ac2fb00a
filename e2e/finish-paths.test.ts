import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import * as fixture from '../server/uploads/testing/fixtures';
import {
  DESKTOP,
  loginAs,
  PHONE,
  screenshot,
  sendContactForm as contact,
  startE2E,
  tempDir,
  type E2E,
} from './harness';

const f = texts.finish;
const u = texts.uploads;
const cards = texts.nav.cards;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Whole tenant paths, from the dashboard through the other capabilities' pages to the thank-you page and back. */
describe('tenant paths from the dashboard to the thank-you page', () => {
  let e: E2E;
  const files: Record<string, string> = {};

  beforeAll(async () => {
    e = await startE2E();
    e.t.app.jobs.start();
    const dir = tempDir('ca-e2e-finish-');
    const write = (name: string, bytes: Buffer) => {
      files[name] = path.join(dir, name);
      writeFileSync(files[name]!, bytes);
    };
    write('baustelle.jpg', await fixture.jpegWithGps());
    write('bericht.pdf', fixture.pdf());
  }, 120_000);
  afterAll(() => e?.close());

  const row = (id: number) =>
    e.t.app.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const consentKinds = async (id: number) =>
    (await e.t.app.db.selectFrom('consents').select('kind').where('submission_id', '=', id).execute())
      .map((c) => c.kind)
      .sort();
  const pick = (page: Page, ...names: string[]) =>
    page.locator('input[type=file]').setInputFiles(names.map((n) => files[n]!));
  const storedId = async (page: Page, key = 'currentInterviewId') =>
    Number(await page.evaluate((k) => sessionStorage.getItem(k), key));

  /** The thumbnail of the uploaded photo appears (without reloading) once the photo job has made it. */
  async function thumbnailShown(page: Page) {
    await expect
      .poll(() => page.locator(`ul[aria-label="${f.filesTitle}"] img`).count(), { timeout: 20_000, interval: 500 })
      .toBe(1);
  }

  it('Firma B: photo → describe by text → thank-you → contact → back to /firma-b', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'firma_b');
    await page.waitForURL('**/firma-b');
    await page.getByRole('link', { name: new RegExp(cards['image-upload'].title) }).click();
    await page.waitForURL('**/firma-b/image-upload');
    await pick(page, 'baustelle.jpg');
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(1) }).click();
    await page.waitForURL('**/firma-b/image-description', { timeout: 30_000 });
    const id = await storedId(page);

    await page.getByRole('button', { name: new RegExp(f.describeByText) }).click();
    const answers = { Wer: 'Team Nord', Was: 'Richtfest', Wann: 'Juni 2026', Wo: 'Hamburg', Warum: 'Meilenstein' };
    for (const [label, value] of Object.entries(answers)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: f.wSubmit }).click();
    await toast(page, f.wSaved).waitFor();
    await page.waitForURL('**/firma-b/thank-you');
    expect(await page.getByTestId('content-id').textContent()).toBe(String(id));
    await page.getByRole('link', { name: 'baustelle.jpg' }).waitFor();
    await thumbnailShown(page);
    expect(await page.getByTestId('image-count').textContent()).toBe('1');
    await screenshot(page, 'finish-path-firma-b-thank-you-390');

    await contact(page, 'Berta', 'Bauer', 'berta@firma-b.example');
    await page.getByRole('link', { name: f.finishedLink }).click();
    await page.waitForURL((url) => url.pathname === '/firma-b');
    const saved = await row(id);
    expect(saved).toMatchObject({ tenant: 'firma_b', contact_email: 'berta@firma-b.example' });
    expect(JSON.parse(saved.w_answers!)).toMatchObject({ who: 'Team Nord', why: 'Meilenstein' });
    // The photo rights checkbox on the upload page and the contact form, each with its wording.
    expect(await consentKinds(id)).toEqual(['contact', 'photo_rights']);
    expect(await page.evaluate(() => sessionStorage.getItem('currentInterviewId'))).toBeNull();
  }, 120_000);

  it('Firma A: media upload → thank-you with summary → contact → back to /firma-a', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'firma_a');
    await page.waitForURL('**/firma-a');
    await page.getByRole('link', { name: new RegExp(cards.upload.title) }).click();
    await page.waitForURL('**/firma-a/upload');
    await pick(page, 'baustelle.jpg', 'bericht.pdf');
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(2) }).click();
    await page.waitForURL('**/firma-a/thank-you', { timeout: 30_000 });
    const id = await storedId(page);
    await page.getByRole('link', { name: 'bericht.pdf' }).waitFor();
    expect(await page.getByTestId('image-count').textContent()).toBe('1');
    await page.getByText(f.transcriptAbsent).waitFor();
    await page.getByRole('button', { name: f.backToDashboard('Firma A') }).waitFor();

    await contact(page, 'Anton', 'Acker', 'anton@firma-a.example');
    await page.getByRole('link', { name: f.finishedLink }).click();
    await page.waitForURL((url) => url.pathname === '/firma-a');
    expect((await row(id)).contact_last_name).toBe('Acker');
  }, 120_000);

  it('Association: document → optional image → contact information → thank-you → contact → /', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin');
    await page.waitForURL('**/content-selection');
    await page.getByRole('link', { name: new RegExp(cards['document-upload'].title) }).click();
    await page.waitForURL('**/document-upload');
    await pick(page, 'bericht.pdf');
    await page.getByRole('button', { name: u.uploadButton(1) }).click();
    await page.waitForURL('**/document-image-upload', { timeout: 30_000 });
    await page.getByRole('button', { name: u.skip }).click();
    await page.waitForURL('**/contact-information');
    const id = await storedId(page);

    await page.getByLabel(f.postLink).fill('https://www.vdi.de/veranstaltung');
    await page.getByRole('button', { name: f.postSubmit }).click();
    await toast(page, f.postDescriptionRequired.standard).waitFor();
    await page.getByLabel(f.postDescription).fill('Anmeldung zur Veranstaltung');
    await page.getByRole('button', { name: f.postSubmit }).click();
    await page.waitForURL('**/thank-you');
    expect(await page.getByTestId('content-id').textContent()).toBe(String(id));
    await page.getByRole('link', { name: 'bericht.pdf' }).waitFor();

    await contact(page, 'Vera', 'Verein', 'vera@vdi.example');
    await page.getByRole('link', { name: f.finishedLink }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await row(id)).toMatchObject({
      post_link: 'https://www.vdi.de/veranstaltung',
      post_description: 'Anmeldung zur Veranstaltung',
      post_email: null,
      contact_email: 'vera@vdi.example',
    });
  }, 120_000);

  it('Bank: upload → contact information (1 s) → bank thank-you → contact → /bank after 2 s', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'bank');
    await page.waitForURL('**/bank');
    // The bank's general upload takes one document, and its card says so.
    await page.getByRole('link', { name: new RegExp(texts.nav.bankCards.upload.title) }).click();
    await page.waitForURL('**/bank/upload');
    await pick(page, 'bericht.pdf');
    await page.getByRole('button', { name: u.uploadButton(1) }).click();
    await page.waitForURL('**/bank/contact-information', { timeout: 30_000 });
    const id = await storedId(page, 'currentBankInterviewId');

    await page.getByLabel(f.postEmail).fill('karriere@bank.example');
    await page.getByRole('button', { name: f.postSubmit }).click();
    await toast(page, f.postDescriptionRequired.bank).waitFor();
    await page.getByLabel(f.postDescription).fill('Ansprechpartner Ausbildung');
    await page.getByRole('button', { name: f.postSubmit }).click();
    await page.waitForURL('**/bank/thank-you');
    await page.getByRole('heading', { name: f.bankThankYouTitle }).waitFor();
    expect(await page.getByTestId('content-id').textContent()).toBe(String(id));
    await page.getByRole('link', { name: 'bericht.pdf' }).waitFor();
    await screenshot(page, 'finish-path-bank-thank-you-390');

    await page.getByLabel(f.firstName, { exact: true }).fill('B');
    await page.getByRole('button', { name: f.contactSubmit }).click();
    await page.getByText(f.bankFirstNameMin).waitFor();
    await contact(page, 'Bea', 'Banker', 'bea@bank.example');
    await page.getByRole('link', { name: f.finishedLink }).click();
    await page.waitForURL((url) => url.pathname === '/bank');
    expect(await row(id)).toMatchObject({ post_email: 'karriere@bank.example', contact_first_name: 'Bea' });
  }, 120_000);
});
