import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { startFakeOpenAI, type FakeOpenAI } from '../server/testing/fake-openai';
import { PHONE, loginAs, screenshot, startE2E, tempDir, type E2E } from './harness';

const t = texts.voiceMessages;
const spokenText = 'Hallo, ich bin Ingenieurin und baue Brücken in Hamburg.';

/** German speech from espeak-ng as the fake microphone's input (Chromium loops the file). */
function germanWav(): string {
  const file = path.join(tempDir('speech-e2e-'), 'nachricht.wav');
  execFileSync('espeak-ng', ['-v', 'de', '-w', file, spokenText]);
  return file;
}

async function record(page: Page, seconds: number) {
  await page.getByRole('button', { name: t.start }).click();
  await expect.poll(() => page.getByText(t.recording).count()).toBeGreaterThan(0);
  await page.waitForTimeout(seconds * 1000);
  await page.getByRole('button', { name: t.stop }).click();
  await page.getByRole('button', { name: t.play }).waitFor();
}

describe('voice message through the fake microphone', () => {
  let e: E2E;
  let whisper: FakeOpenAI;

  beforeAll(async () => {
    whisper = await startFakeOpenAI({ apiKey: 'sk-server-only', text: spokenText });
    e = await startE2E({
      fakeAudioFile: germanWav(),
      env: { TRANSCRIBER: 'openai', OPENAI_BASE_URL: whisper.url, OPENAI_API_KEY: 'sk-server-only' },
    });
    e.t.app.jobs.start();
  }, 60_000);
  afterAll(async () => {
    await e?.close();
    await whisper?.close();
  });

  it('records, transcribes, edits and saves the transcript (association)', async () => {
    const page = await e.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.url()} ${JSON.stringify(r.headers())}`));
    await loginAs(page, 'vdi_admin');
    await page.goto('/voice-message');
    await page.getByRole('heading', { name: t.voiceTitle }).waitFor();
    expect(await page.getByTestId('recording-clock').textContent()).toBe('00:00 / 05:00');

    // 'Weiter' without a recording
    await page.getByRole('button', { name: t.next }).click();
    await page.getByText(t.noRecordingTitle).waitFor();

    await record(page, 3);
    expect(await page.getByTestId('recording-clock').textContent()).toMatch(/^00:00 \/ 00:0[2-4]$/);
    await screenshot(page, 'speech-recorded-desktop');

    await page.getByRole('button', { name: t.next }).click();
    await page.waitForURL('**/transcript-edit');
    const field = page.getByLabel(t.transcriptLabel);
    expect(await field.inputValue()).toBe(spokenText);

    // the provider got a real recording, with the key only the server knows
    const sent = whisper.requests.at(-1)!;
    expect(sent).toMatchObject({ authorization: 'Bearer sk-server-only', language: 'de', model: 'whisper-1' });
    expect(sent.fileType).toMatch(/^audio\/(webm|ogg|mp4)/);
    expect(sent.fileSize).toBeGreaterThan(5000);
    expect(requests.some((r) => r.includes('sk-server-only'))).toBe(false);

    const contentId = Number(await page.getByTestId('content-id').textContent());
    expect(contentId).toBeGreaterThan(0);
    await page.locator('audio[controls]').waitFor({ state: 'attached' });

    // blank is refused: the button is disabled and the rule is shown
    await field.fill('   ');
    await page.getByText(texts.common.transcriptEmpty).waitFor();
    expect(await page.getByRole('button', { name: t.continueToImages }).isDisabled()).toBe(true);

    const edited = `${spokenText} Korrigiert: Elbbrücken.`;
    await field.fill(edited);
    await screenshot(page, 'speech-transcript-edit-desktop');
    await page.getByRole('button', { name: t.continueToImages }).click();
    await page.waitForURL('**/image-upload-after-voice');

    const row = await e.t.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(row.transcript).toBe(edited);
    expect(row.kind).toBe('voice');
    const media = await e.t.app.db
      .selectFrom('media')
      .select(['kind', 'file_type', 'original_name'])
      .where('submission_id', '=', contentId)
      .orderBy('id')
      .execute();
    expect(media.map((m) => m.kind)).toEqual(['audio', 'transcript']);
    expect(media[1]).toMatchObject({ file_type: 'text/plain', original_name: 'transcript.txt' });
  }, 90_000);

  it("saves with 'Speichern und weiter' on the bank's phone layout and goes on after 1 s", async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'bank');
    await page.goto('/bank/voice-message');
    await record(page, 2);
    await screenshot(page, 'speech-recorded-phone-bank');
    whisper.reply('Die Bank spricht.');
    await page.getByRole('button', { name: t.next }).click();
    await page.waitForURL('**/bank/transcript-edit');
    const field = page.getByLabel(t.transcriptLabel);
    expect(await field.inputValue()).toBe('Die Bank spricht.');
    await field.fill('Die Bank spricht deutlich.');
    await screenshot(page, 'speech-transcript-edit-phone-bank');
    const save = page.getByRole('button', { name: t.saveAndContinue });
    await save.click();
    await page.getByRole('button', { name: t.saving }).waitFor();
    await page.getByText(texts.common.transcriptSaved).waitFor();
    const saved = Date.now();
    await page.waitForURL('**/bank/image-upload-after-voice');
    expect(Date.now() - saved).toBeGreaterThan(600);
    const contentId = Number(await page.evaluate(() => sessionStorage.getItem('currentBankInterviewId')));
    const row = await e.t.app.db
      .selectFrom('submissions')
      .select(['transcript', 'tenant'])
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ transcript: 'Die Bank spricht deutlich.', tenant: 'bank' });
  }, 90_000);

  it('shows the transcription error and lets the user type when the provider fails', async () => {
    const page = await e.newPage();
    await loginAs(page, 'firma_a');
    await page.goto('/firma-a/voice-message');
    await record(page, 2);
    whisper.fail(500, 'The server had an error while processing your request.', 3);
    // the job tries three times (back-off 2 s, 4 s) before the page hears it failed
    await page.getByRole('button', { name: t.next }).click();
    await page.getByText(t.transcriptionErrorAlert).waitFor({ timeout: 30_000 });
    await page.getByText(t.transcriptionErrorTitle).first().waitFor();
    await page.getByRole('button', { name: t.typeYourself }).click();
    await page.waitForURL('**/firma-a/transcript-edit');
    await page.getByText(`${t.transcriptionFailed} ${t.audioKept}`).waitFor();
    await page.getByLabel(t.transcriptLabel).fill('Selbst geschrieben.');
    await page.getByRole('button', { name: t.continueToImages }).click();
    await page.waitForURL('**/firma-a/image-upload-after-voice');
  }, 90_000);

  it('says plainly when no recording was found on transcript edit and goes back', async () => {
    const page = await e.newPage();
    await loginAs(page, 'vdi_admin');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/transcript-edit');
    await page.getByText(t.noTranscription).waitFor();
    await page.waitForURL('**/interview-category');
  }, 60_000);
});

describe('voice message without a transcriber', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ fakeAudioFile: germanWav(), env: { TRANSCRIBER: 'none' } });
    e.t.app.jobs.start();
  }, 60_000);
  afterAll(() => e?.close());

  it('keeps the recording, says so in German and lets the user type the transcript', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'bank');
    await page.goto('/bank/voice-message');
    await record(page, 2);
    await page.getByRole('button', { name: t.next }).click();
    await page.getByText(t.noTranscriber).waitFor();
    await screenshot(page, 'speech-no-transcriber-phone');
    await page.getByRole('button', { name: t.typeYourself }).click();
    await page.waitForURL('**/bank/transcript-edit');
    await page.getByRole('status').filter({ hasText: t.noTranscriber }).waitFor();
    expect(await page.getByRole('button', { name: t.saveAndContinue }).isDisabled()).toBe(true);
    await page.getByLabel(t.transcriptLabel).fill('Meine Nachricht, selbst getippt.');
    await page.getByRole('button', { name: t.saveAndContinue }).click();
    await page.waitForURL('**/bank/image-upload-after-voice');
    const rows = await e.t.app.db
      .selectFrom('submissions')
      .select(['id', 'transcript'])
      .where('tenant', '=', 'bank')
      .execute();
    expect(rows.map((r) => r.transcript)).toEqual(['Meine Nachricht, selbst getippt.']);
    const media = await e.t.app.db
      .selectFrom('media')
      .select('kind')
      .where('submission_id', '=', rows[0]!.id)
      .orderBy('id')
      .execute();
    expect(media.map((m) => m.kind)).toEqual(['audio', 'transcript']);
  }, 90_000);
});
