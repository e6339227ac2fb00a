import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { dialects } from '../server/testing/harness';
import { startFakeOpenAI, type FakeOpenAI } from '../server/testing/fake-openai';
import { encodeWav } from '../server/interview/audio';
import { concat, silence, spokenGerman } from '../server/interview/testing/spoken';
import {
  DESKTOP,
  loginAs,
  PHONE,
  screenshot,
  sendContactForm,
  startE2E,
  tempDir,
  toastWith,
  type E2E,
} from './harness';

const i = texts.interview;
const p = texts.publicLink;
const answer = 'Ich heiße Jonas Weber und baue in Leipzig Lastenräder aus Aluminium.';
const plan = texts.interview.plans.engineer['free-topic'];

/**
 * The anonymous public link walked as a visitor would: no account, the proof of work runs by
 * itself, the interview with a real spoken answer (fake microphone, espeak-ng German), the
 * public thank-you page with its contact form, and the team finds it all in its inbox.
 */
describe.each(dialects)('public link interview and voice message on %s', (dialect) => {
  let e: E2E;
  let whisper: FakeOpenAI;

  beforeAll(async () => {
    const rate = 22050;
    const wav = path.join(tempDir('public-'), 'answer.wav');
    writeFileSync(
      wav,
      encodeWav(concat(silence(3000, rate), await spokenGerman(answer, rate), silence(90_000, rate)), rate),
    );
    whisper = await startFakeOpenAI({ text: () => answer });
    e = await startE2E({
      dialect,
      fakeAudioFile: wav,
      env: {
        TRANSCRIBER: 'openai',
        OPENAI_BASE_URL: whisper.url,
        OPENAI_API_KEY: 'sk-test',
        ALTCHA_MAX_NUMBER: '5000',
        PUBLIC_RECORDINGS_PER_SUBMISSION: '1',
      },
    });
    e.t.app.jobs.start();
  }, 60_000);
  afterAll(async () => {
    await e?.close();
    await whisper?.close();
  });

  const transcriptItems = (page: Page) => page.getByTestId('transcript').locator('li');

  it('interviews an anonymous visitor with the built-in interviewer, ends on the public thank-you page, and the team sees it', async () => {
    const page = await e.newPage(PHONE);
    await page.goto('/p/vdi');
    await page.getByRole('heading', { name: p.startTitle }).waitFor();
    await screenshot(page, `public-start-phone-${dialect}`);
    await page.getByRole('link', { name: new RegExp(p.cards.interview.title) }).click();
    await page.waitForURL('**/p/vdi/interview-category');
    await page.getByRole('link', { name: new RegExp(texts.nav.topics.engineer['free-topic'].title) }).click();
    await page.waitForURL('**/p/vdi/interview/free-topic');
    for (const line of i.instructions) await page.getByText(line).waitFor();
    await page.getByRole('button', { name: i.instructionsRead }).click();

    await page.getByRole('button', { name: i.start }).click();
    await page.getByRole('button', { name: i.stop }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => transcriptItems(page).count(), { timeout: 45_000, interval: 500 })
      .toBeGreaterThanOrEqual(2);
    const items = await transcriptItems(page).allInnerTexts();
    expect(items.slice(0, 2)).toEqual([`Interviewer: ${plan.opening}`, `Sie: ${answer}`]);

    // A second visitor from the same address waits until this interview is over, and is told so.
    const other = await e.newPage(PHONE);
    await other.goto('/p/vdi/interview/free-topic');
    await other.getByRole('button', { name: i.instructionsRead }).click();
    await other.getByRole('button', { name: i.start }).click();
    await other.getByText(p.interviewsBusyAddress).first().waitFor({ timeout: 30_000 });
    await screenshot(other, `public-interview-limit-phone-${dialect}`);

    await page.getByRole('button', { name: i.stop }).click();
    await page.getByRole('button', { name: i.toImageUpload }).waitFor();
    await page.getByText(texts.common.transcriptSaved).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: i.toImageUpload }).click();
    await page.waitForURL('**/p/vdi/image-upload-after-voice');
    await page.getByRole('button', { name: texts.uploads.skip }).click();
    await page.waitForURL('**/p/vdi/contact-information');
    // The upload page's own 'Überspringen' stays on screen until the contact page's code has loaded.
    await page
      .getByRole('form', { name: texts.finish.postContactTitle })
      .getByRole('button', { name: texts.finish.postSkip })
      .click();
    await page.waitForURL('**/p/vdi/thank-you');
    await page.getByText(texts.finish.thankYouIntro).waitFor();
    await sendContactForm(page, 'Jonas', 'Weber', 'jonas@example.org');
    const contentId = Number(await page.getByTestId('content-id').textContent());
    // The way to the own page comes with the saved contact (not only by mail), bound to this submission.
    const saved = page.getByTestId('contact-saved');
    await saved.getByText(texts.ownPage.thankYouOwnPage).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, `public-thank-you-own-page-${dialect}`);
    await saved.getByRole('link', { name: texts.ownPage.ownPageLink }).click();
    await page.waitForURL(/\/e\/[0-9a-z]+$/);
    const own = page.getByRole('region', { name: texts.ownPage.title });
    await own.getByRole('listitem', { name: texts.ownPage.submissionLabel(contentId) }).waitFor();
    await screenshot(page, `public-own-page-${dialect}`);

    const row = await e.t.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('contact_email', '=', 'jonas@example.org')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenant: 'vdi',
      kind: 'interview',
      topic: 'free-topic',
      user_id: null,
      contact_first_name: 'Jonas',
    });
    expect(row.transcript).toContain(`Sie: ${answer}`);
    expect(row.id).toBe(contentId);

    // Only the browser holding the token sees it.
    const stranger = await e.newPage(PHONE);
    await stranger.goto('/p/vdi');
    expect(await stranger.evaluate(async (id) => (await fetch(`/api/submissions/${id}`)).status, row.id)).toBe(404);

    // The team finds it in its inbox, with the spoken answer.
    const editor = await e.newPage(DESKTOP);
    await loginAs(editor, 'vdi_admin', { from: '/eingang' });
    await editor.waitForURL('**/eingang');
    await editor.getByText('Jonas Weber').first().waitFor();
    await editor.goto(`/eingang/${row.id}`);
    await editor.getByText(answer).first().waitFor();
  }, 180_000);

  it('takes an anonymous voice message on the public link, and says so in German when the cap per submission is reached', async () => {
    await e.t.app.db.deleteFrom('public_usage').execute();
    const page = await e.newPage(PHONE);
    await page.goto('/p/vdi/voice-message');
    await page.getByRole('button', { name: texts.voiceMessages.start }).click();
    await page.waitForTimeout(6000);
    await page.getByRole('button', { name: texts.voiceMessages.stop }).click();
    await page.getByRole('button', { name: texts.voiceMessages.next }).click();
    await page.waitForURL('**/p/vdi/transcript-edit', { timeout: 60_000 });
    await expect
      .poll(() => page.getByLabel(texts.voiceMessages.transcriptLabel).inputValue(), { timeout: 20_000 })
      .toContain(answer);
    await screenshot(page, `public-voice-transcript-phone-${dialect}`);
    const row = await e.t.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('kind', '=', 'voice')
      .where('source', '=', 'public-link')
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
    const counted = await e.t.app.db
      .selectFrom('public_usage')
      .select('kind')
      .where('submission_id', '=', row.id)
      .orderBy('kind')
      .execute();
    expect(counted.map((c) => c.kind)).toEqual(['recording', 'transcription']);

    // A second recording for the same submission goes over the cap: refused in German, nothing spent.
    await page.goBack();
    await page.waitForURL('**/p/vdi/voice-message');
    // The page shows the kept recording first (issue 42); a new one starts from there.
    await page.getByRole('button', { name: texts.voiceMessages.recordAgain }).click();
    await page.getByRole('button', { name: texts.voiceMessages.start }).click();
    await page.waitForTimeout(3000);
    await page.getByRole('button', { name: texts.voiceMessages.stop }).click();
    await page.getByRole('button', { name: texts.voiceMessages.next }).click();
    await page.getByText(p.recordingsPerSubmission(1)).first().waitFor({ timeout: 20_000 });
    expect(
      await e.t.app.db
        .selectFrom('media')
        .select('id')
        .where('submission_id', '=', row.id)
        .where('kind', '=', 'audio')
        .execute(),
    ).toHaveLength(1);
  }, 120_000);
});

describe('public link limits in the browser', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ env: { ALTCHA_MAX_NUMBER: '5000', PUBLIC_INTERVIEWS_TOTAL: '0' } });
  }, 60_000);
  afterAll(() => e?.close());

  it('says in German that the interviews are full, and spends nothing', async () => {
    const page = await e.newPage(PHONE);
    await page.goto('/p/bank/interview/free-topic');
    await page.getByRole('button', { name: i.instructionsRead }).click();
    await page.getByRole('button', { name: i.start }).click();
    await toastWith(page, p.interviewsBusyTotal).waitFor({ timeout: 30_000 });
    expect(await e.t.app.db.selectFrom('public_usage').selectAll().execute()).toEqual([]);
  }, 60_000);
});
