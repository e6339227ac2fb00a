import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import * as fixture from '../server/uploads/testing/fixtures';
import { DESKTOP, loginAs, PHONE, screenshot, startE2E, tempDir, type E2E } from './harness';

const u = texts.uploads;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

describe('uploads in the browser', () => {
  let e: E2E;
  let dir: string;
  const files: Record<string, string> = {};

  beforeAll(async () => {
    e = await startE2E();
    e.t.app.jobs.start();
    dir = tempDir('ca-e2e-upload-');
    const write = (name: string, bytes: Buffer) => {
      files[name] = path.join(dir, name);
      writeFileSync(files[name]!, bytes);
    };
    write('Foto mit GPS.jpg', await fixture.jpegWithGps());
    write('grafik.png', await fixture.png());
    write('bild.webp', await fixture.webp());
    write('clip.mp4', fixture.video('mp4'));
    write('clip.mov', fixture.video('mov'));
    write('clip.webm', fixture.video('webm'));
    write('bericht.pdf', fixture.pdf());
    write('bericht.docx', await fixture.docx());
    write('notiz.txt', fixture.txt());
    write('zahlen.csv', Buffer.from('Name;Betrag\nMüller;12,50\n'));
    write('urlaub.jpg', fixture.exe());
    write('seite.jpg', fixture.html());
    write('gross.pdf', Buffer.concat([fixture.pdf(), Buffer.alloc(5 * 1024 * 1024, 0x20)]));
    write('lang.mp4', Buffer.concat([fixture.video('mp4'), Buffer.alloc(24 * 1024 * 1024)]));
  }, 120_000);
  afterAll(() => e?.close());

  const mediaOf = (contentId: number) =>
    e.t.app.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).orderBy('id').execute();
  const contentIdOf = async (page: Page, key = 'currentInterviewId') =>
    Number(await page.evaluate((k) => sessionStorage.getItem(k), key));
  async function blob(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of (await e.t.app.blobs.get(key)) as Readable) chunks.push(Buffer.from(c));
    return Buffer.concat(chunks);
  }
  /** Watches in the page: when the success toast appears and when the route changes after it. */
  async function watchRedirect(page: Page, successText: string) {
    await page.evaluate((text) => {
      const w = window as unknown as { toastAt?: number; navAt?: number };
      const from = location.pathname;
      new MutationObserver(() => {
        if (!w.toastAt && document.body.textContent?.includes(text)) w.toastAt = performance.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      const timer = setInterval(() => {
        if (location.pathname !== from) {
          w.navAt = performance.now();
          clearInterval(timer);
        }
      }, 10);
    }, successText);
    // Waits until both moments are recorded: on a busy machine the 10 ms poll can lag the URL.
    return async () => {
      await page.waitForFunction(() => {
        const w = window as unknown as { toastAt?: number; navAt?: number };
        return w.toastAt !== undefined && w.navAt !== undefined;
      });
      return page.evaluate(() => {
        const w = window as unknown as { toastAt: number; navAt: number };
        return w.navAt - w.toastAt;
      });
    };
  }
  const pick = (page: Page, ...names: string[]) =>
    page.locator('input[type=file]').setInputFiles(names.map((n) => files[n]!));

  it('uploads photos, videos and documents on the media page, without GPS, then goes to the thank-you page', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin', { from: '/upload' });
    await page.waitForURL('**/upload');
    await page.getByRole('heading', { name: u.mediaTitle }).waitFor();
    // The spec resolves the Content-ID when the page opens: shown from the start (first 8 characters and '...').
    await expect.poll(() => page.getByText(/Interview-ID:/).textContent()).toMatch(/^Interview-ID: \d+\.\.\.$/);
    const shown = (await page.getByText(/Interview-ID:/).textContent())!;
    const before = await e.t.app.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await pick(
      page,
      'Foto mit GPS.jpg',
      'grafik.png',
      'bild.webp',
      'clip.mp4',
      'clip.mov',
      'clip.webm',
      'bericht.pdf',
      'bericht.docx',
      'notiz.txt',
    );
    const button = page.getByRole('button', { name: u.uploadButton(9) });
    await expect.poll(() => button.isDisabled()).toBe(true);
    await page.getByText(u.rightsText).waitFor();
    // Small files show their size in KB, never "0,0 MB".
    await page
      .getByText(/^\d+ KB$/)
      .first()
      .waitFor();
    expect(await page.getByText('0,0 MB').count()).toBe(0);
    await screenshot(page, 'upload-media-phone');
    await page.getByLabel(u.rightsLabel).check();
    const delay = await watchRedirect(page, u.success(9, 9));
    await button.click();
    await toast(page, u.success(9, 9)).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: u.uploadedButton }).waitFor();
    expect(await page.getByText(/Interview-ID:/).textContent()).toBe(shown);
    // The upload went to that submission; none was added.
    const after = await e.t.app.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    await page.waitForURL('**/thank-you');
    expect(await delay()).toBeGreaterThan(800);
    expect(await delay()).toBeLessThan(1800);

    const contentId = await contentIdOf(page);
    const consent = await e.t.app.db
      .selectFrom('consents')
      .selectAll()
      .where('submission_id', '=', Number(contentId))
      .executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ kind: 'photo_rights', text: u.rightsLabel });
    const media = await mediaOf(contentId);
    expect(media.map((m) => m.file_type).sort()).toEqual(
      [
        'application/pdf',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'image/jpeg',
        'image/png',
        'image/webp',
        'text/plain',
        'video/mp4',
        'video/quicktime',
        'video/webm',
      ].sort(),
    );
    const jpeg = media.find((m) => m.file_type === 'image/jpeg')!;
    expect(jpeg.original_name).toBe('Foto mit GPS.jpg');
    const stored = await blob(jpeg.file_path);
    expect(await fixture.hasGps(stored)).toBe(false);
    expect((await sharp(stored).metadata()).height).toBe(64);
  }, 120_000);

  it('says every selection rule in German and lets the server refuse disguised files', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'vdi_admin', { from: '/upload' });
    await page.waitForURL('**/upload');
    await page.getByRole('heading', { name: u.mediaTitle }).waitFor();
    await pick(page, 'gross.pdf');
    await toast(page, 'gross.pdf ist zu groß. Maximale Dateigröße: 4MB').waitFor();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'programm.exe', mimeType: 'application/x-msdownload', buffer: fixture.exe() });
    await toast(page, u.invalidTypeText).waitFor();
    await page
      .locator('input[type=file]')
      .setInputFiles(
        Array.from({ length: 11 }, (_, i) => ({ name: `b${i}.png`, mimeType: 'image/png', buffer: Buffer.from('x') })),
      );
    await toast(page, u.tooMany(10)).waitFor();
    await page.getByRole('button', { name: u.uploadButton(0) }).click();
    await toast(page, u.noFilesText).waitFor();

    for (const name of ['urlaub.jpg', 'seite.jpg']) {
      await pick(page, name);
      await page.getByLabel(u.rightsLabel).check();
      await page.getByRole('button', { name: u.uploadButton(1) }).click();
      await toast(page, u.contentMismatch(name)).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: `${u.remove}: ${name}` }).click();
    }
    expect(await mediaOf(await contentIdOf(page))).toEqual([]);
    expect(page.url()).toMatch(/\/upload$/);
  }, 60_000);

  it("takes one photo on Firma B's image page and goes on to the description choice", async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'firma_b', { from: '/firma-b/image-upload' });
    await page.waitForURL('**/firma-b/image-upload');
    await pick(page, 'bild.webp');
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(1) }).click();
    await toast(page, u.imageSuccess).waitFor({ timeout: 20_000 });
    await page.waitForURL('**/firma-b/image-description');
    const media = await mediaOf(await contentIdOf(page));
    expect(media).toHaveLength(1);
    expect(media[0]!.thumbnail_path).toBeTruthy();
  }, 60_000);

  it('walks the document flow: document, then an optional image, then contact information', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'vdi_admin', { from: '/document-upload' });
    await page.waitForURL('**/document-upload');
    await pick(page, 'grafik.png');
    await toast(page, u.invalidDocumentText).waitFor();
    await pick(page, 'bericht.pdf');
    await page.getByRole('button', { name: u.uploadButton(1) }).click();
    await page.waitForURL('**/document-image-upload', { timeout: 20_000 });
    await page.getByRole('heading', { name: u.documentImageTitle }).waitFor();
    await pick(page, 'grafik.png');
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(1) }).click();
    await page.waitForURL('**/contact-information', { timeout: 20_000 });
    const media = await mediaOf(await contentIdOf(page));
    expect(media.map((m) => m.kind)).toEqual(['document', 'photo']);
  }, 60_000);

  it("uploads several documents on the bank's page, lists them and goes to contact information after 2 s", async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'bank', { from: '/bank/document-upload' });
    await page.waitForURL('**/bank/document-upload');
    await pick(page, 'bericht.pdf', 'zahlen.csv', 'bericht.docx');
    const delay = await watchRedirect(page, u.success(3, 3));
    await page.getByRole('button', { name: u.uploadButton(3) }).click();
    await toast(page, u.success(3, 3)).waitFor({ timeout: 20_000 });
    await page.getByText(u.successCardTitle).waitFor();
    await page.getByText('zahlen.csv ·').waitFor();
    await screenshot(page, 'upload-bank-documents-desktop');
    await page.waitForURL('**/bank/contact-information');
    expect(await delay()).toBeGreaterThan(1800);
    expect(await delay()).toBeLessThan(3000);
    expect((await mediaOf(await contentIdOf(page, 'currentBankInterviewId'))).map((m) => m.file_type)).toContain(
      'text/csv',
    );
  }, 60_000);

  it("sorts documents and images into the bank's two tabs", async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'bank', { from: '/bank/document-image-upload' });
    await page.waitForURL('**/bank/document-image-upload');
    await pick(page, 'bericht.pdf', 'grafik.png');
    await toast(page, u.filteredDocuments).waitFor();
    await page.getByRole('tab', { name: u.tabDocuments(1) }).waitFor();
    await page.getByRole('tab', { name: u.tabImages(0) }).click();
    await pick(page, 'grafik.png');
    await page.getByRole('tab', { name: u.tabImages(1) }).waitFor();
    // The combined page takes photos: the photo-rights question is asked here too.
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(2) }).click();
    await toast(page, u.success(2, 2)).waitFor({ timeout: 20_000 });
    await page.waitForURL('**/bank/contact-information');
  }, 60_000);

  it('runs the public link without login: proof of work, upload, thank-you page; another browser sees nothing', async () => {
    const page = await e.newPage(PHONE);
    await page.goto('/p/firma-a/upload');
    await page.getByRole('heading', { name: u.publicTitle }).waitFor();
    await page.locator('input[type=file]').waitFor({ state: 'attached', timeout: 30_000 });
    await screenshot(page, 'upload-public-phone');
    await pick(page, 'Foto mit GPS.jpg');
    await pick(page, 'clip.webm');
    // The first file's preview still shows after the second was added.
    await expect
      .poll(() =>
        page
          .locator('ul img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(2) }).click();
    await page.waitForURL('**/p/firma-a/thank-you', { timeout: 30_000 });
    await page.getByRole('link', { name: 'Foto mit GPS.jpg' }).waitFor();
    const contentId = await contentIdOf(page);
    const row = await e.t.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant: 'firma_a', user_id: null });
    expect(await mediaOf(contentId)).toHaveLength(2);

    const stranger = await e.newPage(PHONE);
    await stranger.goto('/p/firma-a/upload');
    const seen = await stranger.evaluate(async (id) => (await fetch(`/api/submissions/${id}/media`)).status, contentId);
    expect(seen).toBe(404);
  }, 90_000);

  it('resumes a video upload after the connection drops half-way', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'vdi_admin', { from: '/upload' });
    await page.waitForURL('**/upload');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 4 * 1024 * 1024,
    });
    const patches: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patches.push(Number(r.headers()['upload-offset']));
    });
    await pick(page, 'lang.mp4');
    await page.getByRole('button', { name: u.uploadButton(1) }).click();
    // Once a few MB have arrived, the server drops every connection.
    const uploads = path.join(e.t.config.dataDir, 'uploads');
    const { readdirSync, statSync } = await import('node:fs');
    await expect
      .poll(
        () =>
          readdirSync(uploads)
            .filter((f) => !f.endsWith('.json'))
            .map((f) => statSync(path.join(uploads, f)).size)[0] ?? 0,
        { timeout: 20_000, interval: 50 },
      )
      .toBeGreaterThan(4 * 1024 * 1024);
    e.t.app.server.closeAllConnections();
    await toast(page, u.success(1, 1)).waitFor({ timeout: 60_000 });
    expect(patches[0]).toBe(0);
    expect(patches.some((offset) => offset > 4 * 1024 * 1024)).toBe(true);
    const media = await mediaOf(await contentIdOf(page));
    expect(Number(media[0]!.size)).toBe(statSync(files['lang.mp4']!).size);
  }, 90_000);
});
