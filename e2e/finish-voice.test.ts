import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { startFakeOpenAI, type FakeOpenAI } from '../server/testing/fake-openai';
import { encodeWav } from '../server/interview/audio';
import { concat, silence, spokenGerman } from '../server/interview/testing/spoken';
import * as fixture from '../server/uploads/testing/fixtures';
import {
  loginAs,
  PHONE,
  DESKTOP,
  screenshot,
  sendContactForm as contact,
  startE2E,
  tempDir,
  type E2E,
} from './harness';

const f = texts.finish;
const s = texts.voiceMessages;
const iv = texts.interview;
const u = texts.uploads;
const spoken = 'Ich baue mit meinem Team eine neue Brücke über die Elbe in Hamburg.';

/** The spoken paths: voice message and the image interview, each to the thank-you page and back. */
describe('voice paths to the thank-you page', () => {
  let e: E2E;
  let whisper: FakeOpenAI;
  let photo: string;

  beforeAll(async () => {
    const rate = 22050;
    const answer = await spokenGerman(spoken, rate);
    const dir = tempDir('ca-e2e-finish-voice-');
    const wav = path.join(dir, 'sprache.wav');
    writeFileSync(
      wav,
      encodeWav(
        concat(
          silence(1500, rate),
          answer,
          silence(2500, rate),
          answer,
          silence(2500, rate),
          answer,
          silence(30_000, rate),
        ),
        rate,
      ),
    );
    photo = path.join(dir, 'bruecke.jpg');
    writeFileSync(photo, await fixture.jpegWithGps());
    whisper = await startFakeOpenAI({ text: spoken });
    e = await startE2E({
      fakeAudioFile: wav,
      env: { TRANSCRIBER: 'openai', OPENAI_BASE_URL: whisper.url, OPENAI_API_KEY: 'sk-test' },
    });
    e.t.app.jobs.start();
  }, 120_000);
  afterAll(async () => {
    await e?.close();
    await whisper?.close();
  });

  const row = (id: number) =>
    e.t.app.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function recordVoiceMessage(page: Page) {
    await page.getByRole('button', { name: s.start }).click();
    await page.waitForTimeout(2500);
    await page.getByRole('button', { name: s.stop }).click();
    await page.getByRole('button', { name: s.next }).click();
  }

  it('Association: voice message → transcript → image after voice → contact information → thank-you → /', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'vdi_admin');
    await page.waitForURL('**/content-selection');
    await page.getByRole('link', { name: new RegExp(texts.nav.cards['voice-message'].title) }).click();
    await page.waitForURL('**/voice-message');
    await recordVoiceMessage(page);
    await page.waitForURL('**/transcript-edit', { timeout: 30_000 });
    const id = Number(await page.getByTestId('content-id').textContent());
    await page.getByRole('button', { name: s.continueToImages }).click();
    await page.waitForURL('**/image-upload-after-voice');
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(1) }).click();
    await page.waitForURL('**/contact-information', { timeout: 30_000 });
    // The upload page's own 'Überspringen' stays on screen until the contact page's code has loaded.
    await page.getByRole('form', { name: f.postContactTitle }).getByRole('button', { name: f.postSkip }).click();
    await page.waitForURL('**/thank-you');

    expect(await page.getByTestId('content-id').textContent()).toBe(String(id));
    expect(await page.getByTestId('transcript-text').textContent()).toBe(spoken);
    await page.getByText(f.transcriptPresent).waitFor();
    expect(await page.getByTestId('image-count').textContent()).toBe('1');
    await page.getByRole('link', { name: 'bruecke.jpg' }).waitFor();
    // The recording is among the files; the transcript is shown as text (the list leaves transcript.txt out).
    await expect.poll(() => page.locator(`ul[aria-label="${f.filesTitle}"] li`).count()).toBe(2);
    await screenshot(page, 'finish-path-voice-thank-you-1280');

    await contact(page, 'Jan', 'Brückner', 'jan@example.de');
    await page.getByRole('link', { name: f.finishedLink }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await row(id)).toMatchObject({
      kind: 'voice',
      transcript: spoken,
      contact_email: 'jan@example.de',
      post_email: null,
    });
  }, 120_000);

  it('Bank: voice message → transcript (Speichern und weiter) → Weiter ohne Bilder → contact information → bank thank-you → /bank', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'bank');
    await page.waitForURL('**/bank');
    await page.getByRole('link', { name: new RegExp(texts.nav.cards['voice-message'].title) }).click();
    await page.waitForURL('**/bank/voice-message');
    await recordVoiceMessage(page);
    await page.waitForURL('**/bank/transcript-edit', { timeout: 30_000 });
    await page.getByRole('button', { name: s.saveAndContinue }).click();
    await page.waitForURL('**/bank/image-upload-after-voice');
    const id = Number(await page.evaluate(() => sessionStorage.getItem('currentBankInterviewId')));
    await page.getByRole('button', { name: u.continueWithoutImages }).click();
    await page.waitForURL('**/bank/contact-information');
    await page.getByLabel(f.postEmail).fill('presse@bank.example');
    await page.getByLabel(f.postDescription).fill('Pressestelle');
    await page.getByRole('button', { name: f.postSubmit }).click();
    await page.waitForURL('**/bank/thank-you');
    expect(await page.getByTestId('content-id').textContent()).toBe(String(id));
    expect(await page.getByTestId('transcript-text').textContent()).toBe(spoken);

    await contact(page, 'Bea', 'Banker', 'bea@bank.example');
    await page.getByRole('link', { name: f.finishedLink }).click();
    await page.waitForURL((url) => url.pathname === '/bank');
    expect(await row(id)).toMatchObject({
      tenant: 'bank',
      post_email: 'presse@bank.example',
      contact_first_name: 'Bea',
    });
  }, 120_000);

  it('Firma A: photo → description by the image interview → thank-you with its transcript', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'firma_a');
    await page.goto('/firma-a/image-upload');
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByLabel(u.rightsLabel).check();
    await page.getByRole('button', { name: u.uploadButton(1) }).click();
    await page.waitForURL('**/firma-a/image-description', { timeout: 30_000 });
    const id = Number(await page.evaluate(() => sessionStorage.getItem('currentInterviewId')));

    await page.getByRole('button', { name: new RegExp(f.describeByInterview) }).click();
    await page.waitForURL('**/firma-a/interview/image');
    await page.getByRole('button', { name: iv.instructionsRead }).click();
    await page.getByRole('button', { name: iv.start }).click();
    await page.getByRole('button', { name: iv.stop }).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('transcript').locator('li').count(), { timeout: 40_000, interval: 500 })
      .toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: iv.stop }).click();
    await page.getByRole('button', { name: iv.next, exact: true }).click();
    await page.waitForURL('**/firma-a/thank-you');

    expect(await page.getByTestId('content-id').textContent()).toBe(String(id));
    await expect
      .poll(() => page.getByTestId('transcript-text').textContent(), { timeout: 10_000 })
      .toContain(`Sie: ${spoken}`);
    expect(await page.getByTestId('image-count').textContent()).toBe('1');
    const saved = await row(id);
    expect(saved.transcript).toContain(`Sie: ${spoken}`);
  }, 120_000);
});
