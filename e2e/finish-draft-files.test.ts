import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import * as fixture from '../server/uploads/testing/fixtures';
import { emailFor, loginAs, PHONE, screenshot, startE2E, tempDir, type E2E } from './harness';

const f = texts.finish;
const u = texts.uploads;
const sp = texts.voiceMessages;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const offline = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
  route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue();

/** The drafts of this browser as IndexedDB holds them (files as name and size). */
async function storedDrafts(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('content-assistent', 1);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = await new Promise<
      {
        localId: string;
        contentId?: number;
        pending: Record<string, unknown>;
        files?: { name: string; blob: Blob }[];
        recording?: { blob: Blob };
      }[]
    >((resolve, reject) => {
      const request = db.transaction('drafts').objectStore('drafts').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return all.map((d) => ({
      localId: d.localId,
      contentId: d.contentId,
      pending: d.pending,
      files: (d.files ?? []).map((x) => ({ name: x.name, size: x.blob.size })),
      ...(d.recording ? { recordingSize: d.recording.blob.size } : {}),
    }));
  });
}

describe('files chosen under a local id reach the server when it answers again (DESIGN difference 7)', () => {
  let e: E2E;
  let photo: Buffer;
  const pdf = fixture.pdf();
  beforeAll(async () => {
    // Spoken German as the fake microphone's input, for the voice message kept offline.
    const wav = path.join(tempDir('ca-e2e-draft-voice-'), 'nachricht.wav');
    execFileSync('espeak-ng', ['-v', 'de', '-w', wav, 'Hallo aus dem Zug ohne Netz.']);
    e = await startE2E({ fakeAudioFile: wav, env: { TRANSCRIBER: 'none' } });
    photo = await fixture.jpegWithGps();
    // The server finishes an upload with a durable media job (checks, EXIF removal), as in production.
    e.t.app.jobs.start();
  });
  afterAll(() => e?.close());

  const submissionsOf = async (role: 'vdi_admin' | 'firma_a' | 'firma_b') => {
    const user = await e.t.app.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', emailFor(role))
      .executeTakeFirstOrThrow();
    return e.t.app.db.selectFrom('submissions').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
  };
  const mediaOf = (contentId: number) =>
    e.t.app.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).orderBy('id').execute();
  async function blob(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of (await e.t.app.blobs.get(key)) as Readable) chunks.push(Buffer.from(c));
    return Buffer.concat(chunks);
  }

  /** Signed in, server unreachable for new submissions: a photo and a PDF on the media page. */
  async function chooseOffline(page: Page, target: Page | BrowserContext, path: string) {
    await target.route('**/api/submissions', offline);
    await page.goto(path);
    await page.getByRole('heading', { name: u.mediaTitle }).waitFor();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'Foto mit GPS.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'bericht.pdf', mimeType: 'application/pdf', buffer: pdf },
    ]);
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(2) }).click();
    await toast(page, u.localSuccess(2)).waitFor();
    if (path === '/upload') await screenshot(page, 'draft-files-kept-locally-390');
    expect(await page.evaluate(() => sessionStorage.getItem('currentInterviewId'))).toMatch(/^local_upload_/);
  }

  async function expectDelivered(contentId: number) {
    const media = await mediaOf(contentId);
    expect(media.map((m) => m.original_name).sort()).toEqual(['Foto mit GPS.jpg', 'bericht.pdf']);
    const stored = await blob(media.find((m) => m.original_name === 'bericht.pdf')!.file_path);
    expect(stored.equals(pdf)).toBe(true);
    const jpeg = await blob(media.find((m) => m.original_name === 'Foto mit GPS.jpg')!.file_path);
    expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(await fixture.hasGps(photo)).toBe(true);
    expect(await fixture.hasGps(jpeg)).toBe(false);
    const consents = await e.t.app.db
      .selectFrom('consents')
      .selectAll()
      .where('submission_id', '=', contentId)
      .execute();
    expect(consents).toEqual([expect.objectContaining({ kind: 'photo_rights', text: u.rightsLabel })]);
  }

  it('keeps a photo and a PDF in the browser while offline and uploads both, with the consent, once the server answers', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin');
    await chooseOffline(page, page, '/upload');
    await page.waitForURL('**/thank-you');
    expect(await submissionsOf('vdi_admin')).toEqual([]);
    const [kept] = await storedDrafts(page);
    expect(kept).toMatchObject({
      pending: { photoRights: u.rightsLabel },
      files: [
        { name: 'Foto mit GPS.jpg', size: photo.length },
        { name: 'bericht.pdf', size: pdf.length },
      ],
    });

    await page.unroute('**/api/submissions');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await toast(page, f.draftsSent(1)).waitFor({ timeout: 20_000 });
    const [created] = await submissionsOf('vdi_admin');
    expect(created).toMatchObject({ tenant: 'vdi', kind: 'upload' });
    await expectDelivered(created!.id);
    expect(await page.evaluate(() => sessionStorage.getItem('currentInterviewId'))).toBe(String(created!.id));
    // The bytes leave the browser once the server has them; the local id stays as a mapping.
    expect(await storedDrafts(page)).toEqual([
      { localId: kept!.localId, contentId: created!.id, pending: {}, files: [] },
    ]);
  }, 60_000);

  it('uploads nothing twice when two tabs sync at the same moment', async () => {
    const page = await e.newPage();
    const context = page.context();
    await loginAs(page, 'firma_a');
    await chooseOffline(page, context, '/firma-a/upload');
    await page.waitForURL('**/firma-a/thank-you');
    const other = await context.newPage();
    await other.goto('/firma-a');
    await other.waitForLoadState('networkidle');
    expect(await submissionsOf('firma_a')).toEqual([]);

    // Back online, and slow: without coordination both tabs would create and upload.
    const posts: string[] = [];
    context.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/(submissions|uploads)$/.test(new URL(r.url()).pathname))
        posts.push(new URL(r.url()).pathname);
    });
    await context.unroute('**/api/submissions');
    await context.route('**/api/submissions', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await Promise.all([page, other].map((p) => p.evaluate(() => window.dispatchEvent(new Event('online')))));
    await expect.poll(async () => (await submissionsOf('firma_a'))[0]?.id, { timeout: 20_000 }).toBeDefined();
    const [created] = await submissionsOf('firma_a');
    await expect.poll(async () => (await mediaOf(created!.id)).length, { timeout: 20_000 }).toBe(2);
    // Both tabs run again (the 'online' event, a reload): still one submission, two files.
    await Promise.all([page, other].map((p) => p.evaluate(() => window.dispatchEvent(new Event('online')))));
    await other.reload();
    await other.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    expect(await submissionsOf('firma_a')).toHaveLength(1);
    await expectDelivered(created!.id);
    // At most one create and two uploads went out (a request the periodic sync sent just before
    // the listener saw it may be missing here; the server's rows above are the full truth).
    expect(posts.filter((p) => p === '/api/submissions').length).toBeLessThanOrEqual(1);
    expect(posts.filter((p) => p === '/api/uploads').length).toBeLessThanOrEqual(2);
  }, 60_000);

  it('says so and keeps nothing when the browser has no room for the files', async () => {
    const page = await e.newPage(PHONE);
    await page.addInitScript(() => {
      Object.defineProperty(navigator.storage, 'estimate', { value: async () => ({ quota: 1000, usage: 900 }) });
    });
    await loginAs(page, 'firma_b');
    await page.route('**/api/submissions', offline);
    await page.goto('/firma-b/upload');
    await page.getByRole('heading', { name: u.mediaTitle }).waitFor();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'bericht.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: u.uploadButton(1) }).click();
    await toast(page, u.localStoreFull).waitFor();
    await screenshot(page, 'draft-files-storage-full-390');
    await page.waitForTimeout(1500);
    expect(await toast(page, u.localSuccessTitle).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/firma-b/upload');
    // The selection stays on the page for a later try; nothing half-kept in the browser.
    await page.getByText('bericht.pdf').waitFor();
    expect((await storedDrafts(page)).flatMap((d) => d.files)).toEqual([]);
  }, 60_000);

  it('keeps a voice message recorded offline with the typed text and uploads both when the server answers', async () => {
    const page = await e.newPage();
    await loginAs(page, 'firma_b');
    await page.route('**/api/submissions', offline);
    await page.goto('/firma-b/voice-message');
    await page.getByRole('button', { name: sp.start }).click();
    await expect.poll(() => page.getByText(sp.recording).count()).toBeGreaterThan(0);
    await page.waitForTimeout(2000);
    await page.getByRole('button', { name: sp.stop }).click();
    await page.getByRole('button', { name: sp.play }).waitFor();
    await page.getByRole('button', { name: sp.next }).click();
    await page.getByText(sp.offline).waitFor();
    await page.getByRole('button', { name: sp.typeYourself }).click();
    await page.waitForURL('**/firma-b/transcript-edit');
    await page.getByLabel(sp.transcriptLabel).fill('Grüße aus dem Funkloch.');
    await page.getByRole('button', { name: sp.continueToImages }).click();
    await toast(page, sp.savedLocally).waitFor();
    await page.waitForURL('**/firma-b/image-upload-after-voice');
    const [kept] = await storedDrafts(page);
    expect(kept).toMatchObject({ pending: { transcript: 'Grüße aus dem Funkloch.' } });
    expect(kept!.recordingSize).toBeGreaterThan(1000);
    expect(await submissionsOf('firma_b')).toEqual([]);

    await page.unroute('**/api/submissions');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await toast(page, f.draftsSent(1)).waitFor({ timeout: 20_000 });
    const [created] = await submissionsOf('firma_b');
    expect(created).toMatchObject({ tenant: 'firma_b', kind: 'voice', transcript: 'Grüße aus dem Funkloch.' });
    const media = await mediaOf(created!.id);
    const audio = media.find((m) => m.kind === 'audio');
    expect(audio).toBeDefined();
    expect((await blob(audio!.file_path)).length).toBeGreaterThan(1000);
    expect(await storedDrafts(page)).toEqual([
      { localId: kept!.localId, contentId: created!.id, pending: {}, files: [] },
    ]);
  }, 60_000);
});
