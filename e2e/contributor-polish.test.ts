import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import * as fixture from '../server/uploads/testing/fixtures';
import { tenantSettings } from '../common/schemas/tenants';
import { setLogo, updateTenant } from '../server/tenants/service';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { execFileSync } from 'node:child_process';
import { emailFor, failWrites, loginAs, PHONE, screenshot, startE2E, tempDir, toastWith, type E2E } from './harness';

const f = texts.finish;
const u = texts.uploads;
const NARROW = { width: 320, height: 640 };

/** Whether the page is wider than its window (it scrolls sideways). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** What a contributor still met on a phone (issue 42), walked at 390 px. */
describe('contributor polish at 390 px', () => {
  let e: E2E;
  let photo: string;

  beforeAll(async () => {
    e = await startE2E({ env: { TRANSCRIBER: 'none' }, fakeMedia: true });
    e.t.app.jobs.start();
    photo = path.join(tempDir('ca-polish-'), 'werkstatt.png');
    writeFileSync(photo, await fixture.png());
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
    // A wrong password is said at its field now (issue 43); a failing server still answers with a toast.
    await login.route('**/api/auth/sign-in/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Serverfehler"}' }),
    );
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
    // An error stays until it is closed (issue 43): still there after 6 s, then gone by its button.
    await login.waitForTimeout(6000);
    expect(await toast.isVisible()).toBe(true);
    await close.click();
    await expect.poll(() => login.locator('[data-sonner-toast]').count()).toBe(0);
    // Again; this time closed by keyboard: F8 reaches the notices, Escape closes it.
    await login.getByRole('button', { name: texts.auth.submit, exact: true }).click();
    await toast.waitFor();
    await login.keyboard.press('F8');
    await login.keyboard.press('Escape');
    await expect.poll(() => login.locator('[data-sonner-toast]').count()).toBe(0);
  });

  it('says under a local id that the photo waits for the connection, lists it with its state, and turns into the usual thank-you once it has arrived', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin');
    await failWrites(page, '**/api/submissions');
    await page.goto('/upload');
    await toastWith(page, texts.common.idLoadFailed).waitFor({ timeout: 30_000 });
    const localId = (await page.evaluate(() => sessionStorage.getItem('currentInterviewId')))!;
    expect(localId).toMatch(/^local_upload_/);
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(1) }).click();
    await page.waitForURL('**/thank-you');

    await page.getByText(f.waitingIntro).waitFor();
    expect(await page.getByText(f.thankYouIntro).count()).toBe(0);
    const item = page.getByTestId('waiting-item').filter({ hasText: 'werkstatt.png' });
    await expect.poll(() => item.getAttribute('data-state')).toBe('waiting');
    expect(await item.textContent()).toContain(f.waitingStates.waiting);
    // The id short, in full on request.
    const id = page.getByTestId('content-id');
    expect(await id.textContent()).toBe(`${localId.slice(0, 8)}...`);
    await page.getByRole('button', { name: f.showFullId }).click();
    expect(await id.textContent()).toBe(localId);
    await screenshot(page, 'polish-thank-you-waiting-390');
    await page.setViewportSize(NARROW);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'polish-thank-you-waiting-320');
    await page.setViewportSize(PHONE);

    // The connection is back: the photo arrives and the page becomes the page of the server's id.
    await page.unroute('**/api/submissions');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByText(f.thankYouIntro).waitFor({ timeout: 30_000 });
    await expect.poll(() => id.textContent()).toMatch(/^\d+$/);
    expect(await page.getByText(f.waitingIntro).count()).toBe(0);
    await page.getByTestId('image-count').getByText('1').waitFor();
    await screenshot(page, 'polish-thank-you-arrived-390');
  }, 90_000);

  it('scrolls no page sideways at 320 px', async () => {
    const visits: [Parameters<typeof loginAs>[1] | null, string[]][] = [
      [
        'vdi_admin',
        [
          '/content-selection',
          '/upload',
          '/document-upload',
          '/voice-message',
          '/video-answer',
          '/thank-you',
          '/eingang',
        ],
      ],
      ['bank', ['/bank', '/bank/content-selection', '/bank/upload', '/bank/voice-message', '/bank/thank-you']],
      ['admin', ['/admin', '/admin/bereiche', '/admin/users']],
      [null, ['/p/vdi', '/p/vdi/upload', '/p/vdi/voice-message', '/login']],
    ];
    for (const [role, paths] of visits) {
      const page = await e.newPage(NARROW);
      if (role) await loginAs(page, role);
      for (const path of paths) {
        await page.goto(path);
        await page.locator('main').first().waitFor();
        await page.waitForTimeout(150);
        expect(await scrollsSideways(page), `${role} ${path}`).toBe(false);
      }
      await page.close();
    }
  }, 90_000);

  /** Switches the tenant's video answers on or off, as an admin does on /admin/bereiche. */
  async function offerVideo(key: string, on: boolean) {
    await e.t.app.tenantRegistry.fresh();
    const row = e.t.app.tenantRegistry.get(key)!;
    const cards = row.entryCards.filter((c) => c !== 'video-answer');
    await updateTenant(
      e.t.app,
      null,
      key,
      tenantSettings.parse({ ...row, entryCards: on ? [...cards, 'video-answer'] : cards }),
    );
  }

  it("checks that the tenant offers video answers before the camera starts, and offers the tenant's other flows when not", async () => {
    const page = await e.newPage(PHONE);
    // Counts every request for the camera.
    await page.addInitScript(() => {
      const w = window as unknown as { cameraAsked: number };
      w.cameraAsked = 0;
      const devices = navigator.mediaDevices;
      if (devices)
        devices.getUserMedia = () => {
          w.cameraAsked += 1;
          return Promise.reject(new DOMException('no camera here', 'NotFoundError'));
        };
    });
    await loginAs(page, 'vdi_admin');
    // A saved link of a tenant without video answers.
    await page.goto('/video-answer');
    await page.getByText(texts.videoAnswers.notOfferedIntro).waitFor();
    await page.locator('main a[href="/voice-message"]').waitFor();
    expect(await page.locator('main a[href="/video-answer"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: texts.videoAnswers.startCamera }).count()).toBe(0);
    await screenshot(page, 'polish-video-not-offered-390');

    // Switched on, the page starts; switched off meanwhile, the reload finds it off before any camera.
    await offerVideo('vdi', true);
    await page.goto('/video-answer');
    await page.getByRole('heading', { name: texts.videoAnswers.chooseTopic }).waitFor();
    await offerVideo('vdi', false);
    await page.reload();
    await page.getByText(texts.videoAnswers.notOfferedIntro).waitFor();
    expect(await page.evaluate(() => (window as unknown as { cameraAsked: number }).cameraAsked)).toBe(0);

    // The public link offers its own flows instead.
    const visitor = await e.newPage(PHONE);
    await visitor.goto('/p/vdi/video-answer');
    await visitor.getByText(texts.videoAnswers.notOfferedIntro).waitFor();
    await visitor.locator('main a[href="/p/vdi/upload"]').waitFor();
    expect(await visitor.locator('main a[href="/p/vdi/video-answer"]').count()).toBe(0);
  }, 60_000);

  it('speaks of "Dokumente" on a touch screen where a page takes only documents, of "Fotos" where only photos', async () => {
    const context = await e.browser.newContext({
      viewport: PHONE,
      baseURL: e.t.url,
      locale: 'de-DE',
      hasTouch: true,
      isMobile: true,
    });
    e.contexts.push(context);
    const page = await context.newPage();
    await loginAs(page, 'bank');
    for (const [path, text] of [
      ['/bank/upload', u.dropZoneTouchDocuments],
      ['/bank/image-upload', u.dropZoneTouchPhotos],
    ] as const) {
      await page.goto(path);
      await page.getByText(text, { exact: true }).waitFor();
    }
    await page.goto('/bank/upload');
    expect(await page.locator('main').getByText(/Foto/).count()).toBe(0);
  });

  it("prints the poster with the tenant's logo, every flow it offers (video too) and the BASE_URL link, warns of another address, and shares on a phone", async () => {
    await offerVideo('vdi', true);
    const logo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#e11d48' } })
      .png()
      .toBuffer();
    await setLogo(e.t.app, null, 'vdi', logo);
    // The admin has the app open under another address than BASE_URL (here: localhost).
    const other = e.t.url.replace('127.0.0.1', 'localhost');
    const context = await e.browser.newContext({ viewport: PHONE, baseURL: other, locale: 'de-DE' });
    e.contexts.push(context);
    await context.addInitScript(() => {
      (navigator as unknown as { share: (data: ShareData) => Promise<void> }).share = async (data) => {
        (window as unknown as { shared: ShareData }).shared = data;
      };
    });
    const page = await context.newPage();
    await loginAs(page, 'admin');
    await page.goto('/admin/bereiche');
    const row = page.getByRole('listitem', { name: 'VDI', exact: true });
    await row.getByRole('button', { name: texts.sharing.show }).click();
    const link = `${e.t.url}/p/vdi`;
    await expect.poll(() => row.getByTestId('public-link').textContent()).toBe(link);
    expect(await row.getByTestId('other-address').textContent()).toBe(texts.sharing.otherAddress(other, e.t.url));
    await screenshot(page, 'polish-share-390');

    // On a phone: "Teilen" beside "Link kopieren" hands the BASE_URL link to the phone's share sheet.
    await row.getByRole('button', { name: texts.sharing.share, exact: true }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url)).toBe(link);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: texts.sharing.poster }).click(),
    ]);
    const file = await download.path();
    const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(code?.data).toBe(link);
    // The logo sits on its white tile in the brand band (top left).
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 3)];
    const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]!) <= 3);
    expect(near(at(200, 130), [0xe1, 0x1d, 0x48]), String(at(200, 130))).toBe(true);
    expect(near(at(115, 130), [255, 255, 255]), String(at(115, 130))).toBe(true);
    // The invitation names video answers too.
    const words = execFileSync('tesseract', [file, 'stdout', '-l', 'deu'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(words).toContain('als Video');
    expect(words).toContain('als Sprachnachricht');
    writeFileSync(path.resolve('screenshots', 'polish-poster.png'), await sharp(file).toBuffer());
  }, 60_000);

  const sp = texts.voiceMessages;
  /** Records a short voice message and goes on to type its text (no transcriber here). */
  async function recordAndType(page: Page) {
    await page.getByRole('button', { name: sp.start }).click();
    await expect.poll(() => page.getByText(sp.recording).count()).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    await page.getByRole('button', { name: sp.stop }).click();
    await page.getByRole('button', { name: sp.next }).click();
    await page.getByRole('button', { name: sp.typeYourself }).click();
  }

  it('shows a kept recording as kept when the person comes back to the voice message, on the server and on the device', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin');
    await page.goto('/voice-message');
    await recordAndType(page);
    await page.waitForURL('**/transcript-edit');
    await page.getByLabel(sp.transcriptLabel).fill('Grüße aus der Werkstatt.');
    await page.getByRole('link', { name: texts.nav.back, exact: true }).click();
    await page.waitForURL('**/voice-message');
    const kept = page.getByTestId('kept-recording');
    await kept.getByText(sp.keptOnServer).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('kept-player').evaluate((el: HTMLAudioElement) => el.duration), { timeout: 15_000 })
      .toBeGreaterThan(1);
    await screenshot(page, 'polish-voice-kept-390');
    await page.getByRole('button', { name: sp.continueWithText }).click();
    await page.waitForURL('**/transcript-edit');
    expect(await page.getByLabel(sp.transcriptLabel).inputValue()).toBe('Grüße aus der Werkstatt.');
    await page.getByRole('link', { name: texts.nav.back, exact: true }).click();
    await page.getByRole('button', { name: sp.recordAgain }).click();
    await page.getByRole('button', { name: sp.start }).waitFor();

    // The bank, whose Content-ID fails on the server: silently a local id (the spec), the recording kept on the device.
    const bank = await e.newPage(PHONE);
    await loginAs(bank, 'bank');
    await failWrites(bank, '**/api/submissions');
    await bank.goto('/bank/voice-message');
    await recordAndType(bank);
    await bank.waitForURL('**/bank/transcript-edit');
    expect(await bank.evaluate(() => sessionStorage.getItem('currentBankInterviewId'))).toMatch(/^local_bank_voice_/);
    expect(await toastWith(bank, texts.common.idLoadFailed).count()).toBe(0);
    expect(await toastWith(bank, texts.common.localIdNotice).count()).toBe(0);
    await bank.getByRole('link', { name: texts.nav.back, exact: true }).click();
    await bank.waitForURL('**/bank/voice-message');
    await bank.getByTestId('kept-recording').getByText(sp.keptOnDevice).waitFor({ timeout: 15_000 });
  }, 90_000);

  /** Waits until the service worker controls the page and has kept what the page loaded. */
  async function shellKept(page: Page) {
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    });
    await page.waitForTimeout(1000);
  }

  it('shows the app offline after the first visit: a reload without a connection keeps the page, its offline state and the waiting drafts', async () => {
    // The public link: the upload page with its "Lokaler Modus" notice, not the browser's error.
    const visitor = await e.newPage(PHONE);
    await visitor.goto('/p/vdi/upload');
    await visitor.getByRole('heading', { name: u.publicTitle }).waitFor();
    await shellKept(visitor);
    await visitor.context().setOffline(true);
    await visitor.reload();
    await visitor.getByRole('heading', { name: u.publicTitle }).waitFor();
    await visitor.getByText(texts.common.statusUnavailable).waitFor({ timeout: 20_000 });
    await screenshot(visitor, 'polish-offline-public-390');
    await visitor.context().setOffline(false);

    // Signed in, a photo kept under a local id: offline, the thank-you page still lists it as waiting.
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin');
    await failWrites(page, '**/api/submissions');
    await page.goto('/upload');
    await toastWith(page, texts.common.idLoadFailed).waitFor({ timeout: 30_000 });
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(1) }).click();
    await page.waitForURL('**/thank-you');
    await page.getByText(f.waitingIntro).waitFor();
    await shellKept(page);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByText(f.waitingIntro).waitFor({ timeout: 20_000 });
    await page.getByTestId('waiting-item').filter({ hasText: 'werkstatt.png' }).waitFor();
    await screenshot(page, 'polish-offline-thank-you-390');
    await page.context().setOffline(false);
  }, 90_000);

  it('says what was lost when a video answer page reloads during a recording', async () => {
    const v = texts.videoAnswers;
    await offerVideo('vdi', true);
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin');
    await page.goto('/video-answer');
    await page.getByRole('heading', { name: v.chooseTopic }).waitFor();
    await page.locator('main button').first().click();
    await page.getByLabel(v.consentLabel).check();
    await page.getByRole('button', { name: v.startCamera }).click();
    await page.getByRole('button', { name: v.record }).click();
    await page.getByTestId('remaining').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(2000);
    await page.reload();
    const lost = page.getByTestId('lost-on-reload');
    await lost.waitFor({ timeout: 15_000 });
    expect(await lost.textContent()).toMatch(/^Die Aufnahme zu Frage 1 \(etwa \d+ Sekunden?\)/);
    // The same question again, ready to record anew.
    await page.getByRole('button', { name: v.record }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'polish-video-lost-390');
  }, 60_000);
});
