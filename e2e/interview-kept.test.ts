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
const a = texts.admin;
const plan = texts.interview.plans.engineer['engineering-path'];
const answers: [string, string] = [
  'Ich habe Maschinenbau in Aachen studiert und dort promoviert.',
  'Danach habe ich bei einem Zulieferer in der Konstruktion angefangen.',
];

/**
 * Issue 27 in Chromium: the server keeps every turn of the built-in interviewer as it is said, so a
 * closed tab loses nothing; "Interview wiederholen" asks first and the earlier interview stays for the team.
 */
describe('the interview is kept on the server', () => {
  let e: E2E;
  let whisper: FakeOpenAI;
  let asked = 0;

  beforeAll(async () => {
    const rate = 22050;
    const spoken = await Promise.all(answers.map((x) => spokenGerman(x, rate)));
    const wav = path.join(tempDir('interview-kept-'), 'answers.wav');
    writeFileSync(
      wav,
      encodeWav(concat(silence(3000, rate), spoken[0]!, silence(2500, rate), spoken[1]!, silence(60_000, rate)), rate),
    );
    // The transcription server hears the answer after the questions asked so far.
    whisper = await startFakeOpenAI({ text: () => answers[Math.min(turnTimings.length - asked, 1)]! });
    e = await startE2E({
      fakeAudioFile: wav,
      env: { TRANSCRIBER: 'openai', OPENAI_BASE_URL: whisper.url, OPENAI_API_KEY: 'sk-test' },
    });
  });
  afterAll(async () => {
    await e?.close();
    await whisper?.close();
  });

  const items = (page: Page) => page.getByTestId('transcript').locator('li');
  const transcriptOf = async (contentId: number) =>
    (
      await e.t.app.db
        .selectFrom('submissions')
        .select('transcript')
        .where('id', '=', contentId)
        .executeTakeFirstOrThrow()
    ).transcript ?? '';

  async function interview(page: Page): Promise<number> {
    asked = turnTimings.length;
    await loginAs(page, 'vdi_admin');
    await page.goto('/interview/engineering-path');
    await page.getByRole('button', { name: t.instructionsRead }).click();
    await page.getByRole('button', { name: t.start }).click();
    await page.getByRole('button', { name: t.stop }).waitFor({ timeout: 15_000 });
    return Number(await page.evaluate(() => sessionStorage.getItem('currentInterviewId')));
  }

  it('a tab closed after two answers leaves both in the inbox; speaking over the interviewer fades its voice out over 2 s', async () => {
    const page = await e.newPage(DESKTOP);
    // Records the gain ramps the page schedules (the interviewer's voice fading out).
    await page.addInitScript(() => {
      const ramps: { to: number; seconds: number }[] = [];
      (window as unknown as { ramps: typeof ramps }).ramps = ramps;
      const original = AudioParam.prototype.linearRampToValueAtTime;
      AudioParam.prototype.linearRampToValueAtTime = function (value: number, endTime: number) {
        const context = (window as unknown as { lastContext?: AudioContext }).lastContext;
        ramps.push({ to: value, seconds: endTime - (context?.currentTime ?? 0) });
        return original.call(this, value, endTime);
      };
      const Original = window.AudioContext;
      window.AudioContext = class extends Original {
        constructor(options?: AudioContextOptions) {
          super(options);
          if (!options?.sampleRate) (window as unknown as { lastContext?: AudioContext }).lastContext = this;
        }
      };
    });
    const contentId = await interview(page);
    await page.getByTestId('transcript').getByText(`Sie: ${answers[1]}`).waitFor({ timeout: 60_000 });
    // The first answer began while the greeting played: the greeting faded out over 2 s.
    const ramps = await page.evaluate(() => (window as unknown as { ramps: { to: number; seconds: number }[] }).ramps);
    expect(ramps.length).toBeGreaterThanOrEqual(1);
    expect(ramps[0]!.to).toBe(0);
    expect(ramps[0]!.seconds).toBeGreaterThan(1.9);
    expect(ramps[0]!.seconds).toBeLessThanOrEqual(2.01);
    // The tab goes: no transcript is sent from the page after this.
    await page.close();
    await expect.poll(() => transcriptOf(contentId), { timeout: 5000, interval: 200 }).toContain(answers[1]);
    expect(await transcriptOf(contentId)).toContain(`Sie: ${answers[0]}`);

    const team = await e.newPage(DESKTOP);
    await loginAs(team, 'vdi_admin');
    await team.goto(`/eingang/${contentId}`);
    const section = team.getByRole('region', { name: a.sectionTranscript });
    await section.getByText(answers[0], { exact: false }).waitFor();
    await section.getByText(answers[1], { exact: false }).waitFor();
  }, 120_000);

  it('"Interview wiederholen" asks first; the earlier interview stays as an earlier version', async () => {
    const page = await e.newPage(DESKTOP);
    const contentId = await interview(page);
    await expect.poll(() => items(page).count(), { timeout: 60_000, interval: 500 }).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: t.stop }).click();
    const repeat = page.getByRole('button', { name: t.repeat });
    await repeat.waitFor();
    const before = await items(page).allInnerTexts();
    expect(before[1]).toBe(`Sie: ${answers[0]}`);

    // One tap only asks; "Abbrechen" keeps everything.
    await repeat.click();
    const dialog = page.getByRole('alertdialog', { name: t.repeatConfirmTitle });
    await dialog.getByText(t.repeatConfirmText).waitFor();
    await screenshot(page, 'interview-repeat-confirm-desktop');
    await dialog.getByRole('button', { name: t.repeatKeep }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await items(page).allInnerTexts()).toEqual(before);

    await repeat.click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.repeatConfirm }).click();
    await page.getByRole('button', { name: t.stop }).waitFor({ timeout: 15_000 });
    await expect.poll(() => transcriptOf(contentId), { timeout: 15_000 }).not.toContain(answers[0]);
    await page.getByRole('button', { name: t.stop }).click();
    await page.getByRole('button', { name: t.repeat }).waitFor();

    await page.goto(`/eingang/${contentId}`);
    const earlier = page.getByRole('region', { name: a.sectionEarlierInterviews });
    await earlier.getByText(a.earlierInterview(1, '').replace(/ vom $/, ''), { exact: false }).click();
    await earlier.getByText(answers[0], { exact: false }).waitFor();
    expect(await earlier.getByText(plan.questions[0]!, { exact: false }).count()).toBe(1);
    await screenshot(page, 'inbox-earlier-interviews-desktop');
  }, 120_000);
});
