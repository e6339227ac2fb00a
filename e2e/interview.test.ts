import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { startFakeOpenAI, type FakeOpenAI } from '../server/testing/fake-openai';
import { encodeWav } from '../server/interview/audio';
import { turnTimings } from '../server/interview/routes';
import { concat, silence, spokenGerman } from '../server/interview/testing/spoken';
import { DESKTOP, loginAs, screenshot, startE2E, tempDir, type E2E } from './harness';

const t = texts.interview;
const plan = texts.interview.plans.engineer['engineering-path'];
const answers = [
  'Ich bin Maria Schulz und entwickle Getriebe für Windkraftanlagen in Bremen.',
  'Als Kind habe ich mit meinem Großvater alte Radios repariert.',
  'Nach dem Abitur habe ich Maschinenbau in Aachen studiert.',
];

/**
 * The built-in interviewer in Chromium: the fake microphone plays spoken German answers
 * (espeak-ng) with pauses; the server detects the end of each answer, transcribes it and asks on.
 */
describe('voice interview with the built-in interviewer', () => {
  let e: E2E;
  let whisper: FakeOpenAI;

  beforeAll(async () => {
    const rate = 22050;
    const spoken = await Promise.all(answers.map((a) => spokenGerman(a, rate)));
    const gap = silence(2500, rate);
    const wav = path.join(tempDir('interview-'), 'answers.wav');
    writeFileSync(
      wav,
      encodeWav(concat(silence(3000, rate), spoken[0]!, gap, spoken[1]!, gap, spoken[2]!, silence(60_000, rate)), rate),
    );
    // The OpenAI-compatible transcription server "hears" the answer being given: the agent may
    // transcribe an answer at each of its pauses, so the answer is the one after the questions asked so far.
    const asked = turnTimings.length;
    whisper = await startFakeOpenAI({ text: () => answers[turnTimings.length - asked] ?? '' });
    e = await startE2E({
      fakeAudioFile: wav,
      env: { TRANSCRIBER: 'openai', OPENAI_BASE_URL: whisper.url, OPENAI_API_KEY: 'sk-test' },
    });
  });
  afterAll(async () => {
    await e?.close();
    await whisper?.close();
  });

  const transcriptItems = (page: Page) => page.getByTestId('transcript').locator('li');

  it('asks, waits for each spoken answer, asks on; the transcript is saved once with both speakers and the audio', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'vdi_admin');
    await page.goto('/interview/engineering-path');
    for (const line of t.instructions) await page.getByText(line).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'interview-instructions-phone');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: t.instructionsRead }).click();
    await page.getByRole('heading', { name: t.readyTitle }).waitFor();
    await page.getByText(t.noTranscript).waitFor();
    await page.getByText(t.buttonsHint).waitFor();
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/transcript')) saves.push(r.postData() ?? '');
    });
    const before = turnTimings.length;

    await page.getByRole('button', { name: t.start }).click();
    await page.getByRole('button', { name: t.stop }).waitFor({ timeout: 15_000 });
    await page.getByText(t.agentListening).or(page.getByText(t.agentSpeaking)).first().waitFor();
    await expect
      .poll(() => transcriptItems(page).count(), { timeout: 40_000, interval: 500 })
      .toBeGreaterThanOrEqual(7);
    const items = await transcriptItems(page).allInnerTexts();
    expect(items.slice(0, 7)).toEqual([
      `Interviewer: ${plan.opening}`,
      `Sie: ${answers[0]}`,
      `Interviewer: ${plan.questions[0]}`,
      `Sie: ${answers[1]}`,
      // Every third question picks up something the person said.
      'Interviewer: Welche Rolle hat Ihr Großvater dabei gespielt? Erzählen Sie gern eine Begebenheit.',
      `Sie: ${answers[2]}`,
      `Interviewer: ${plan.questions[1]}`,
    ]);
    // The editor cannot open while the interview runs.
    expect(await page.getByRole('button', { name: t.edit, exact: true }).count()).toBe(0);
    await screenshot(page, 'interview-running-desktop');

    const timings = turnTimings.slice(before);
    expect(timings).toHaveLength(3);
    console.log(`built-in agent: end of answer -> next question (ms): ${timings.map((x) => x.latencyMs).join(', ')}`);
    // One-sentence answers: the question comes after the answer and soon (the 1.8 s target of
    // issue 27 is measured by `npm run bench:turns`; here a loaded CI machine adds its own delay).
    for (const x of timings) {
      expect(x.latencyMs).toBeGreaterThan(0);
      expect(x.latencyMs).toBeLessThan(3000 + (x.detectorLagMs ?? 0));
    }

    await page.getByRole('button', { name: t.stop }).click();
    await page.getByRole('button', { name: t.repeat }).waitFor();
    await page.getByRole('button', { name: t.editTranscript }).waitFor();
    await page.getByRole('button', { name: t.toImageUpload }).waitFor();
    await page.getByText(texts.common.transcriptSaved).waitFor({ timeout: 5000 });
    await page.waitForTimeout(1500);
    expect(saves).toHaveLength(1);
    expect(JSON.parse(saves[0]!)).toMatchObject({ completed: true });

    const contentId = Number(await page.evaluate(() => sessionStorage.getItem('currentInterviewId')));
    const row = await e.t.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe('interview');
    expect(row.topic).toBe('engineering-path');
    expect(row.completed_at).toBeTruthy();
    expect(row.transcript).toContain(
      `Interviewer: ${plan.opening}\n\nSie: ${answers[0]}\n\nInterviewer: ${plan.questions[0]}`,
    );
    const media = await e.t.app.db
      .selectFrom('media')
      .select(['kind', 'file_type'])
      .where('submission_id', '=', contentId)
      .orderBy('kind')
      .execute();
    expect(media).toEqual([
      { kind: 'audio', file_type: 'audio/wav' },
      { kind: 'transcript', file_type: 'text/plain' },
    ]);

    // Edit in the panel once the interview is over.
    await page.getByRole('button', { name: t.edit, exact: true }).click();
    const box = page.getByLabel(t.transcriptLabel);
    await box.fill((await box.inputValue()).replace('Maria Schulz', 'Marie Schultz'));
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await page.getByText(t.editedText).waitFor();
    const edited = await e.t.app.db
      .selectFrom('submissions')
      .select('transcript')
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(edited.transcript).toContain('Sie: Ich bin Marie Schultz');
    await screenshot(page, 'interview-finished-desktop');

    await page.getByRole('button', { name: t.editTranscript }).click();
    await page.waitForURL('**/transcript-edit');
  }, 120_000);
});

describe('voice interview without server speech', () => {
  let e: E2E;
  beforeAll(async () => {
    const wav = path.join(tempDir('interview-quiet-'), 'quiet.wav');
    writeFileSync(wav, encodeWav(silence(20_000), 16000));
    e = await startE2E({ fakeAudioFile: wav, env: { TTS: 'browser' } });
  });
  afterAll(() => e?.close());

  it('reads the interviewer aloud with the Web Speech API in German (Firma B)', async () => {
    const page = await e.newPage(DESKTOP);
    await page.addInitScript(() => {
      const spoken: { text: string; lang: string }[] = [];
      (window as unknown as { spoken: typeof spoken }).spoken = spoken;
      window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void spoken.push({ text: u.text, lang: u.lang });
    });
    await loginAs(page, 'firma_b');
    await page.goto('/firma-b/interview/free-topic');
    await page.getByRole('button', { name: t.instructionsRead }).click();
    await page.getByRole('button', { name: t.start }).click();
    await page.getByRole('button', { name: t.stop }).waitFor({ timeout: 15_000 });
    const opening = texts.interview.plans.engineer['free-topic'].opening;
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken))
      .toEqual([{ text: opening, lang: 'de-DE' }]);
    await page.getByRole('button', { name: t.stop }).click();
    await page.getByRole('button', { name: t.repeat }).waitFor();
    await page.getByText(texts.common.transcriptSaved).waitFor({ timeout: 5000 });
    const contentId = Number(await page.evaluate(() => sessionStorage.getItem('currentInterviewId')));
    const row = await e.t.app.db
      .selectFrom('submissions')
      .select(['tenant', 'transcript'])
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ tenant: 'firma_b', transcript: `Interviewer: ${opening}` });
  }, 60_000);
});
