import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import * as fixture from '../server/uploads/testing/fixtures';
import { tenantDefaults } from '../common/schemas/tenants';
import type { InboxPage } from '../common/contracts/inbox';
import { api, login, TEST_PASSWORD } from '../server/testing/harness';
import { addMember, createTenant } from '../server/tenants/service';
import {
  DESKTOP,
  emailFor,
  failWrites,
  loginAs,
  PHONE,
  screenshot,
  startE2E,
  tempDir,
  toastWith,
  type E2E,
} from './harness';

const u = texts.uploads;
const f = texts.finish;
const sp = texts.voiceMessages;

/** The server fails (500) to make a new submission, as a broken database would. */
const failCreation = (page: Page, url: string) => failWrites(page, url, 'POST');

/** The contributor's phone flows at 390 px: no dead end, no lost work (issue 31). */
describe('phone flows', () => {
  let e: E2E;
  let photo: string;
  let second: string;
  let fake: string;

  beforeAll(async () => {
    const dir = tempDir('ca-phone-');
    const wav = path.join(dir, 'gruss.wav');
    execFileSync('espeak-ng', ['-v', 'de', '-w', wav, 'Viele Grüße aus der Werkstatt.']);
    e = await startE2E({ fakeAudioFile: wav, env: { ALTCHA_MAX_NUMBER: '5000', TRANSCRIBER: 'none' } });
    e.t.app.jobs.start();
    photo = path.join(dir, 'werkstatt.png');
    writeFileSync(photo, await fixture.png());
    second = path.join(dir, 'halle.png');
    writeFileSync(second, await fixture.png());
    // Named like a photo, but a program: the browser lets it through, the server refuses it.
    fake = path.join(dir, 'urlaub.jpg');
    writeFileSync(fake, fixture.exe());
  }, 60_000);
  afterAll(() => e?.close());

  const submissions = () => e.t.app.db.selectFrom('submissions').selectAll().orderBy('id').execute();

  it('goes on with a local id on the public link when the server cannot make the Content-ID, keeps the photo and the contact on the device, and sends them under the server id once it answers', async () => {
    const page = await e.newPage(PHONE);
    const before = (await submissions()).length;
    await failCreation(page, '**/api/public/submissions');
    await page.goto('/p/vdi/upload');
    await toastWith(page, texts.common.idLoadFailed).waitFor({ timeout: 30_000 });
    // The local id as the spec shows it: its first 8 characters and an ellipsis.
    const localId = await page.evaluate(() => sessionStorage.getItem('currentInterviewId'));
    expect(localId).toMatch(/^local_upload_\d{13}_[a-z0-9]+$/);
    expect(await page.getByTestId('id-hint').textContent()).toBe(`${u.contentIdLabel} ${localId!.slice(0, 8)}...`);

    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(1) }).click();
    await toastWith(page, u.localSuccessTitle).waitFor();
    await page.waitForURL('**/p/vdi/thank-you');
    // The local id shown short (issue 42), as on the upload pages.
    expect(await page.getByTestId('content-id').textContent()).toBe(`${localId!.slice(0, 8)}...`);
    await page.getByLabel(f.firstName, { exact: true }).fill('Paula');
    await page.getByLabel(f.lastName, { exact: true }).fill('Funkloch');
    await page.getByLabel(f.email, { exact: true }).fill('paula@example.org');
    await page.getByRole('button', { name: f.contactSubmit }).click();
    await toastWith(page, f.contactSavedLocally).waitFor();
    await screenshot(page, 'phone-public-local-id');
    // The team sees nothing while the server cannot take it.
    expect(await submissions()).toHaveLength(before);

    // The server answers again: the draft becomes one complete submission. While its photo is
    // still on its way (held here), the team sees nothing of it: not in the inbox, not by its id.
    await page.unroute('**/api/public/submissions');
    let letThrough: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    await page.route('**/api/uploads/**', async (route) => {
      if (route.request().method() === 'PATCH') await held;
      await route.continue();
    });
    await page.goto('/p/vdi');
    await expect.poll(async () => (await submissions()).length, { timeout: 30_000 }).toBe(before + 1);
    const arriving = (await submissions()).at(-1)!;
    expect(arriving.held).toBe(1);
    const editor = await login(e.t, emailFor('admin'));
    const inbox = async () =>
      ((await api(e.t, 'GET', '/api/inbox', { cookie: editor })).body as InboxPage).items.map((i) => i.contentId);
    expect(await inbox()).not.toContain(arriving.id);
    expect((await api(e.t, 'GET', `/api/inbox/${arriving.id}`, { cookie: editor })).status).toBe(404);
    letThrough();
    await toastWith(page, f.draftsSent(1)).waitFor({ timeout: 30_000 });
    await expect.poll(inbox, { timeout: 15_000 }).toContain(arriving.id);
    const all = await submissions();
    expect(all).toHaveLength(before + 1);
    const sent = all[all.length - 1]!;
    expect(sent.held).toBe(0);
    expect(sent).toMatchObject({ tenant: 'vdi', contact_first_name: 'Paula', contact_email: 'paula@example.org' });
    expect(sent.user_id).toBeNull();
    expect(sent.completed_at).not.toBeNull();
    const media = await e.t.app.db
      .selectFrom('media')
      .select(['kind', 'original_name'])
      .where('submission_id', '=', sent.id)
      .execute();
    expect(media).toEqual([expect.objectContaining({ kind: 'photo' })]);
    const consents = await e.t.app.db
      .selectFrom('consents')
      .select('kind')
      .where('submission_id', '=', sent.id)
      .orderBy('kind')
      .execute();
    expect(consents.map((c) => c.kind)).toEqual(['contact', 'photo_rights']);
  });

  it("goes on with a local id when a signed-in contributor's Content-ID fails on the server (bank: plain local_, silently)", async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'bank');
    await failCreation(page, '**/api/submissions');
    await page.goto('/bank/upload');
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('currentBankInterviewId')), { timeout: 15_000 })
      .toMatch(/^local_\d{13}$/);
    expect(await page.getByTestId('id-hint').textContent()).toMatch(/^Interview-ID: local_\d{2}\.\.\.$/);
    expect(await toastWith(page, texts.common.idLoadFailed).count()).toBe(0);

    const vdi = await e.newPage(PHONE);
    await loginAs(vdi, 'vdi_admin');
    await failCreation(vdi, '**/api/submissions');
    await vdi.goto('/upload');
    await toastWith(vdi, texts.common.idLoadFailed).waitFor();
    expect(await vdi.evaluate(() => sessionStorage.getItem('currentInterviewId'))).toMatch(/^local_upload_/);
    // "Überspringen" leads on to a thank-you page whose contact form keeps the details.
    await vdi.getByRole('button', { name: u.skip }).click();
    await vdi.waitForURL('**/thank-you');
    expect(await vdi.getByText(f.noContentIdHint).count()).toBe(0);
  });

  const back = (page: Page) => page.getByRole('link', { name: texts.nav.back, exact: true });

  it('offers "Zurück" on every page a start page leads to, in every tenant, back to that start page', async () => {
    const starts: { role: 'vdi_admin' | 'firma_a' | 'firma_b' | 'bank' | null; start: string }[] = [
      { role: 'vdi_admin', start: '/content-selection' },
      { role: 'firma_a', start: '/firma-a' },
      { role: 'firma_b', start: '/firma-b' },
      { role: 'bank', start: '/bank' },
      { role: null, start: '/p/vdi' },
    ];
    for (const { role, start } of starts) {
      const page = await e.newPage(PHONE);
      if (role) await loginAs(page, role);
      await page.goto(start);
      const cards = page.locator('main a[href]');
      await cards.first().waitFor();
      const targets = (await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')!))).filter(
        (href) => href !== start,
      );
      expect(targets.length).toBeGreaterThan(1);
      for (const target of targets) {
        await page.locator(`main a[href="${target}"]`).first().click();
        await page.waitForURL((url) => url.pathname === target);
        await back(page).click();
        await page.waitForURL((url) => url.pathname === start);
      }
      await page.close();
    }
  }, 120_000);

  it('goes back from the transcript editor to the voice message it came from, and opened directly to the step before', async () => {
    for (const [role, base] of [
      ['vdi_admin', ''],
      ['bank', '/bank'],
    ] as const) {
      const page = await e.newPage(PHONE);
      await loginAs(page, role);
      await page.goto(`${base}/voice-message`);
      await page.getByRole('button', { name: sp.start }).click();
      await expect.poll(() => page.getByText(sp.recording).count()).toBeGreaterThan(0);
      await page.waitForTimeout(1500);
      await page.getByRole('button', { name: sp.stop }).click();
      await page.getByRole('button', { name: sp.next }).click();
      await page.getByRole('button', { name: sp.typeYourself }).click();
      await page.waitForURL(`**${base}/transcript-edit`);
      await back(page).click();
      await page.waitForURL((url) => url.pathname === `${base}/voice-message`);
      await page.close();
    }
    // Opened directly (a reload, a bookmark): the step before in the flow.
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin');
    await page.goto('/document-image-upload');
    await back(page).click();
    await page.waitForURL((url) => url.pathname === '/document-upload');
    await page.goto('/image-description');
    await back(page).click();
    await page.waitForURL((url) => url.pathname === '/image-upload');
  }, 90_000);

  it("keeps a user without a role out of circles, and gives the bank's choice page six cards that say what their page does", async () => {
    const none = await e.newPage(PHONE);
    await loginAs(none, 'none');
    await none.waitForURL('**/no-role');
    await none.getByRole('link', { name: new RegExp(texts.nav.appTitle) }).click();
    await none.waitForURL('**/no-role');
    expect(await none.getByRole('heading', { name: /Willkommen/ }).count()).toBe(0);

    const bank = await e.newPage(PHONE);
    await loginAs(bank, 'bank');
    await bank.goto('/bank/content-selection');
    const cards = bank.locator('main a').filter({ hasNotText: texts.nav.back });
    await expect.poll(() => cards.count()).toBe(6);
    const titles = await cards.locator('span.font-semibold').allInnerTexts();
    expect(new Set(titles).size).toBe(6);
    // The bank's image page has no description step: its card promises none.
    const image = bank.locator('main a[href="/bank/image-upload"]');
    expect(await image.innerText()).not.toMatch(/beschreib/i);
    await screenshot(bank, 'phone-bank-choice');
  });

  const fail500 = (page: Page, url: string) => failWrites(page, url, 'PUT');

  it('says "Upload erfolgreich" with "n von total" when some files of a batch are refused, and "n Bild(er) …" for photos', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin');
    await page.goto('/upload');
    await page
      .getByTestId('id-hint')
      .getByText(/\d+\.\.\./)
      .waitFor({ timeout: 15_000 });
    await page.locator('input[type=file]').setInputFiles([photo, second, fake]);
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(3) }).click();
    await toastWith(page, u.success(2, 3)).waitFor({ timeout: 30_000 });
    expect(await toastWith(page, u.success(2, 3)).getByText(u.successTitle, { exact: true }).count()).toBe(1);
    await page.waitForURL('**/thank-you');

    await page.goto('/upload', { waitUntil: 'load' });
    await page
      .getByTestId('id-hint')
      .getByText(/\d+\.\.\./)
      .waitFor({ timeout: 15_000 });
    await page.locator('input[type=file]').setInputFiles([photo, second]);
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(2) }).click();
    await toastWith(page, u.imagesSuccess(2)).waitFor({ timeout: 30_000 });
  }, 90_000);

  it('shows "Transkript gespeichert", and the spec\'s problem texts when saving the transcript, the contact information or the contact details fails on the server', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin');
    await page.goto('/voice-message');
    await page.getByRole('button', { name: sp.start }).click();
    await expect.poll(() => page.getByText(sp.recording).count()).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    await page.getByRole('button', { name: sp.stop }).click();
    await page.getByRole('button', { name: sp.next }).click();
    await page.getByRole('button', { name: sp.typeYourself }).click();
    await page.waitForURL('**/transcript-edit');
    await page.getByLabel(sp.transcriptLabel).fill('Grüße aus der Werkstatt.');
    await page.getByRole('button', { name: sp.continueToImages }).click();
    await toastWith(page, sp.transcriptSavedTitle).waitFor();
    await page.waitForURL('**/image-upload-after-voice');
    await page.getByRole('button', { name: u.skip }).click();
    await page.waitForURL('**/contact-information');
    await fail500(page, '**/post-contact');
    await page.getByLabel(f.postEmail).fill('presse@example.org');
    await page.getByLabel(f.postDescription).fill('Für die Presse');
    await page.getByRole('button', { name: f.postSubmit }).click();
    await toastWith(page, f.postSaveProblem).waitFor();
    await page.unroute('**/post-contact');
    await page.getByRole('button', { name: f.postSkip }).click();
    await page.waitForURL('**/thank-you');
    await fail500(page, '**/contact');
    await page.getByLabel(f.firstName, { exact: true }).fill('Erika');
    await page.getByLabel(f.lastName, { exact: true }).fill('Muster');
    await page.getByLabel(f.email, { exact: true }).fill('erika@example.org');
    await page.getByRole('button', { name: f.contactSubmit }).click();
    await toastWith(page, f.unexpectedError).waitFor();

    const bank = await e.newPage(PHONE);
    await loginAs(bank, 'bank');
    await bank.goto('/bank/voice-message');
    await bank.getByRole('button', { name: sp.start }).click();
    await expect.poll(() => bank.getByText(sp.recording).count()).toBeGreaterThan(0);
    await bank.waitForTimeout(1500);
    await bank.getByRole('button', { name: sp.stop }).click();
    await bank.getByRole('button', { name: sp.next }).click();
    await bank.getByRole('button', { name: sp.typeYourself }).click();
    await bank.waitForURL('**/bank/transcript-edit');
    await bank.getByLabel(sp.transcriptLabel).fill('Grüße aus der Filiale.');
    await fail500(bank, '**/transcript');
    await bank.getByRole('button', { name: sp.saveAndContinue }).click();
    await toastWith(bank, sp.saveProblem).waitFor();
  }, 120_000);

  it('shows the public link on /admin/bereiche with a copy button, a QR code and an A4 poster whose QR code opens the link', async () => {
    const page = await e.newPage(PHONE, { permissions: ['clipboard-read', 'clipboard-write'] });
    await loginAs(page, 'admin');
    await page.goto('/admin/bereiche');
    const row = page.getByRole('listitem', { name: 'VDI', exact: true });
    await row.getByRole('button', { name: texts.sharing.show }).click();
    const link = `${e.t.url}/p/vdi`;
    expect(await row.getByTestId('public-link').textContent()).toBe(link);
    await row.getByRole('img', { name: texts.sharing.qrLabel('VDI') }).waitFor();
    await row.getByRole('button', { name: texts.sharing.copy }).click();
    await toastWith(page, texts.sharing.copiedTitle).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshot(page, 'phone-share-link');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: texts.sharing.poster }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('plakat-vdi.png');
    const file = await download.path();
    const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    // A4 portrait (1:√2), the QR code decodes to the link.
    expect(info.height / info.width).toBeCloseTo(Math.SQRT2, 1);
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(code?.data).toBe(link);
  });

  it('speaks to a touch screen without "hierher ziehen", never shows "0,0 MB", and the editor\'s player knows the recording\'s length', async () => {
    const context = await e.browser.newContext({
      viewport: PHONE,
      baseURL: e.t.url,
      locale: 'de-DE',
      hasTouch: true,
      isMobile: true,
    });
    e.contexts.push(context);
    const page = await context.newPage();
    await loginAs(page, 'vdi_admin');
    await page.goto('/upload');
    await page.getByText(u.dropZoneTouch).waitFor();
    expect(await page.getByText(u.dropZone).count()).toBe(0);
    await page.locator('input[type=file]').setInputFiles(photo);
    await page
      .getByText(/^\d+ KB$/)
      .first()
      .waitFor();
    expect(await page.getByText('0,0 MB').count()).toBe(0);

    await page.goto('/voice-message');
    await page.getByRole('button', { name: sp.start }).tap();
    await expect.poll(() => page.getByText(sp.recording).count()).toBeGreaterThan(0);
    await page.waitForTimeout(2500);
    await page.getByRole('button', { name: sp.stop }).tap();
    await page.getByRole('button', { name: sp.next }).tap();
    await page.getByRole('button', { name: sp.typeYourself }).tap();
    await page.waitForURL('**/transcript-edit');
    const player = page.locator('audio[controls]');
    await expect
      .poll(() => player.evaluate((el: HTMLAudioElement) => el.duration), { timeout: 15_000 })
      .toBeGreaterThan(1);
    expect(await player.evaluate((el: HTMLAudioElement) => Number.isFinite(el.duration) && el.currentTime === 0)).toBe(
      true,
    );
  }, 60_000);
  it("never cuts the header's title at 390 px, nor the username at 390 and 320 px, for every role (the tenant editor's too)", async () => {
    await createTenant(e.t.app, null, {
      ...tenantDefaults,
      key: 'firma-lang',
      name: 'Maschinenbau Muster GmbH & Co. KG',
    });
    await addMember(e.t.app, null, 'firma-lang', {
      email: 'redaktion-mit-langem-namen@e2e.test',
      role: 'editor',
      password: TEST_PASSWORD,
    });
    const visits: [string, string[]][] = [
      ['admin', ['/admin', '/eingang']],
      ['vdi_admin', ['/content-selection', '/eingang', '/mitglieder']],
      ['bank', ['/bank', '/bank/document-image-upload']],
      ['firma_a', ['/firma-a']],
      ['redaktion-mit-langem-namen@e2e.test', ['/t/firma-lang', '/eingang', '/mitglieder', '/konto']],
      ['', ['/p/vdi', '/login']],
    ];
    for (const [who, paths] of visits) {
      const page = await e.newPage(PHONE);
      if (who.includes('@')) {
        await page.goto('/login');
        await page.getByLabel(texts.auth.email).fill(who);
        await page.getByLabel(texts.auth.password, { exact: true }).fill(TEST_PASSWORD);
        await page.getByRole('button', { name: texts.auth.submit, exact: true }).click();
        await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      } else if (who) await loginAs(page, who as 'admin');
      for (const path of paths) {
        await page.goto(path);
        const title = page.getByTestId('header-title');
        if (path === '/login') {
          // The login page has no app header.
          expect(await title.count()).toBe(0);
          continue;
        }
        await title.waitFor();
        const box = await title.evaluate((el) => ({
          text: el.textContent,
          cut: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
          lines: Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight)),
          right: el.getBoundingClientRect().right,
        }));
        expect(box, `${who} ${path}`).toMatchObject({ text: texts.nav.appTitle, cut: false });
        expect(box.lines, `${who} ${path}`).toBeLessThanOrEqual(2);
        // Every header item lies inside the phone's width, none on top of the title (beside it or below it).
        const titleBottom = await title.evaluate((el) => el.getBoundingClientRect().bottom);
        const items = await page
          .locator('header a, header button, header [data-testid=header-username]')
          .evaluateAll((els) =>
            els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, top: r.top })),
          );
        for (const item of items) expect(item.right, `${who} ${path}`).toBeLessThanOrEqual(PHONE.width);
        for (const item of items.slice(1))
          expect(item.left >= box.right || item.top >= titleBottom, `${who} ${path}`).toBe(true);
        // The username is shown whole (issue 43: it was cut at 320 px), at 390 and at 320 px.
        const name = page.getByTestId('header-username');
        if (who && (await name.count()) > 0) {
          for (const width of [PHONE.width, 320]) {
            await page.setViewportSize({ width, height: PHONE.height });
            const shown = await name.evaluate((el) => ({
              cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
              right: el.getBoundingClientRect().right,
              page: document.documentElement.scrollWidth,
            }));
            expect(shown, `${who} ${path} at ${width} px`).toMatchObject({ cut: false });
            expect(shown.right, `${who} ${path} at ${width} px`).toBeLessThanOrEqual(width);
            expect(shown.page, `${who} ${path} at ${width} px`).toBeLessThanOrEqual(width);
          }
          await page.setViewportSize(PHONE);
        }
        if (who.startsWith('redaktion') && path === '/eingang') await screenshot(page, 'phone-header-editor-390');
      }
      await page.close();
    }
  }, 120_000);

  it("names the weeks of the admin's weekly chart readably at 390 px and 1280 px: short German dates, no overlap, at least 11 px", async () => {
    // Submissions in each of the twelve weeks.
    for (let week = 0; week < 12; week++) {
      const at = new Date(Date.now() - week * 7 * 86_400_000).toISOString();
      await e.t.app.db
        .insertInto('submissions')
        .values({
          tenant: week % 2 ? 'vdi' : 'bank',
          kind: 'upload',
          created_at: at,
          updated_at: at,
          transcript: 'Grüße',
        })
        .execute();
    }
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await e.newPage(viewport);
      await loginAs(page, 'admin');
      await page.goto('/admin');
      const labels = page.getByTestId('chart-labels');
      await labels.waitFor();
      await labels.scrollIntoViewIfNeeded();
      const shown = await labels.locator('span > span').evaluateAll((els) =>
        els
          .map((el) => {
            const r = el.getBoundingClientRect();
            return {
              text: el.textContent ?? '',
              left: r.left,
              right: r.right,
              size: Number.parseFloat(getComputedStyle(el).fontSize),
            };
          })
          .filter((l) => l.right > l.left),
      );
      expect(shown.length, `${viewport.width}`).toBeGreaterThanOrEqual(viewport === PHONE ? 4 : 12);
      const figure = await page
        .locator('figure')
        .filter({ has: labels })
        .evaluate((el) => el.getBoundingClientRect());
      for (const [i, label] of shown.entries()) {
        expect(label.text).toMatch(/^\d{1,2}\.\d{1,2}\.$/);
        expect(label.size).toBeGreaterThanOrEqual(11);
        expect(label.left).toBeGreaterThanOrEqual(figure.left - 12);
        expect(label.right).toBeLessThanOrEqual(Math.min(figure.right + 12, viewport.width));
        if (i > 0) expect(label.left, `${shown[i - 1]!.text} / ${label.text}`).toBeGreaterThan(shown[i - 1]!.right + 4);
      }
      // The current week is always named.
      const monday = new Date();
      monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
      expect(shown.at(-1)!.text).toBe(`${monday.getUTCDate()}.${monday.getUTCMonth() + 1}.`);
      await page.getByRole('heading', { name: texts.admin.chartTitle }).scrollIntoViewIfNeeded();
      await screenshot(page, `phone-weekly-chart-${viewport.width}`);
      await page.close();
    }
  }, 60_000);
});
