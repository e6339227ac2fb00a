import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { videoQuestions } from '../common/video-answers';
import { startFakeOpenAI, type FakeOpenAI } from '../server/testing/fake-openai';
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

const v = texts.videoAnswers;
const topic = texts.nav.topics.engineer['tech-dive'].title;
const questions = videoQuestions('engineer', 'tech-dive');
/** What the loopback speech server hears in every clip (it answers with timed segments). */
const spoken = 'Wir bauen Sensoren für Windkraftanlagen. Sie messen, wie stark die Flügel schwingen.';

/**
 * The video answer walked as a contributor would, with Chromium's fake camera and microphone:
 * the admin switches it on for the association on /admin/bereiche, a member answers two questions
 * (one after a reload, one while the connection is gone) and skips the rest, a visitor does the same on the public link, and the
 * team finds both clips of each, with their questions, in the inbox, where they play as H.264
 * proxies with German captions (from a loopback OpenAI-compatible speech server's segments).
 */
describe('video answers recorded in the browser', () => {
  let e: E2E;
  let whisper: FakeOpenAI;

  beforeAll(async () => {
    whisper = await startFakeOpenAI({ text: () => spoken });
    e = await startE2E({
      dialect: 'sqlite',
      fakeMedia: true,
      env: {
        ALTCHA_MAX_NUMBER: '5000',
        TRANSCRIBER: 'openai',
        OPENAI_BASE_URL: whisper.url,
        OPENAI_API_KEY: 'sk-test',
      },
    });
    e.t.app.jobs.start();
    e.t.app.mediaJobs.start();
  }, 60_000);
  afterAll(async () => {
    await e?.close();
    await whisper?.close();
  });

  /** Records one answer: the countdown, a short clip, the review, then sends it. */
  async function answer(page: Page, n: number, shot?: string) {
    await page.getByText(v.questionOf(n, questions.length)).waitFor();
    await expect.poll(() => page.getByTestId('teleprompter').innerText()).toBe(questions[n - 1]);
    await page.getByRole('button', { name: v.record }).click();
    await page.getByTestId('countdown').waitFor();
    await page.getByTestId('remaining').waitFor({ timeout: 10_000 });
    if (shot) await screenshot(page, shot);
    await page.waitForTimeout(3000);
    await page.getByRole('button', { name: v.stop }).click();
    await page.getByRole('button', { name: v.send }).waitFor();
    await page.getByLabel(v.reviewTitle).waitFor();
    await page.getByRole('button', { name: v.send }).click();
  }

  /**
   * From the start page card to the thank-you page: two answers, a reload in between, the rest
   * skipped; with `dropConnection` the second clip is sent while the connection is gone.
   */
  async function walk(page: Page, base: string, name: string, dropConnection = false) {
    await page.getByRole('link', { name: new RegExp(v.card.title) }).click();
    await page.waitForURL(`**${base}/video-answer`);
    await page.getByRole('button', { name: new RegExp(topic) }).click();
    await page.getByRole('button', { name: v.startCamera }).click();
    await page.getByText(v.consentRequired).waitFor();
    await page.getByLabel(v.consentLabel).check();
    await screenshot(page, `video-answer-consent-${name}`);
    await page.getByRole('button', { name: v.startCamera }).click();
    await answer(page, 1, `video-answer-recording-${name}`);
    // A reload goes on with the next question; the first clip is sent or still sending.
    await page.getByText(v.questionOf(2, questions.length)).waitFor();
    await page.reload();
    // The connection goes once the page is back (without one it could not load at all).
    await page.getByText(v.questionOf(2, questions.length)).waitFor();
    if (dropConnection) await page.context().setOffline(true);
    await answer(page, 2);
    if (dropConnection) {
      // The clip waits on the device and goes out once the connection is back.
      await page.getByTestId('clip-list').getByText(v.clipStates.retrying).waitFor();
      await page.context().setOffline(false);
      await expect
        .poll(() => page.getByTestId('clip-list').getByText(v.clipStates.sent).count(), { timeout: 20_000 })
        .toBe(2);
    }
    for (let n = 3; n <= questions.length; n++) {
      await page.getByText(v.questionOf(n, questions.length)).waitFor();
      await page.getByRole('button', { name: v.skip }).click();
    }
    await page.getByRole('heading', { name: v.doneTitle }).waitFor();
    await page.getByText(v.doneSent).waitFor({ timeout: 30_000 });
    await screenshot(page, `video-answer-done-${name}`);
    await page.getByRole('button', { name: v.finish }).click();
    await page.waitForURL(`**${base}/thank-you`);
    await sendContactForm(page, 'Vera', 'Video', `vera.${name}@example.org`);
  }

  async function latestVideoSubmission(source: 'public-link' | null) {
    const row = await e.t.app.db
      .selectFrom('submissions')
      .select(['id', 'source'])
      .where('kind', '=', 'video')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.source).toBe(source);
    return Number(row.id);
  }

  /** The team sees both clips, each under its question, playable. */
  async function inboxShows(page: Page, contentId: number, name: string) {
    await page.goto(`/eingang/${contentId}`);
    const labels = page.getByTestId('video-answer-question');
    await expect.poll(() => labels.count(), { timeout: 20_000 }).toBe(2);
    // Measured by the probe: each clip holds video, within the limit.
    await expect
      .poll(async () => (await labels.allInnerTexts()).join('\n'), { timeout: 20_000 })
      .toMatch(/Länge 0:0\d[\s\S]*Länge 0:0\d/);
    const text = (await labels.allTextContents()).join('\n');
    expect(text).toContain(questions[0]);
    expect(text).toContain(questions[1]);
    expect(text).toContain(v.inboxQuestion(1));
    expect(text).toContain(v.inboxQuestion(2));
    expect(text).not.toContain(v.inboxNoVideo);
    expect(text).not.toContain(v.inboxOverLong('0:20'));
    // Each clip plays as its H.264 proxy, with German captions.
    const players = page.getByTestId('video-player');
    await expect
      .poll(() => page.locator('[data-testid="video-player"][src*="/proxy"] track[srclang="de"]').count(), {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(2);
    await expect
      .poll(() => players.first().evaluate((el: HTMLVideoElement) => el.readyState >= 1 && el.videoWidth > 0), {
        timeout: 20_000,
      })
      .toBe(true);
    const src = await players.first().getAttribute('src');
    const proxy = await page.request.get(src!);
    expect(proxy.status()).toBe(200);
    const file = path.join(tempDir('video-answer-'), 'proxy.mp4');
    writeFileSync(file, await proxy.body());
    const codecs = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name',
      '-of',
      'csv=p=0',
      file,
    ]).toString();
    expect(codecs).toContain('h264');
    const vtt = await page.request.get((await players.first().locator('track').getAttribute('src'))!);
    const captions = await vtt.text();
    expect(captions.startsWith('WEBVTT')).toBe(true);
    expect(captions).toContain('Wir bauen Sensoren für Windkraftanlagen.');
    await screenshot(page, `video-answer-inbox-${name}`);
  }

  it('is switched on for a tenant on /admin/bereiche, with its length per question', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'admin');
    await page.goto('/admin/bereiche');
    await page.getByRole('listitem', { name: 'VDI' }).getByRole('button', { name: texts.tenants.edit }).click();
    const form = page.getByRole('form', { name: texts.tenants.edit });
    await form.getByLabel(texts.tenants.cards['video-answer']!).check();
    await form.getByLabel(v.fieldMaxSeconds).fill('5');
    await form.getByRole('button', { name: texts.tenants.save, exact: true }).click();
    await page.getByText(v.maxSecondsInvalid(15, 300)).waitFor();
    await form.getByLabel(v.fieldMaxSeconds).fill('20');
    await screenshot(page, 'video-answer-admin');
    await form.getByRole('button', { name: texts.tenants.save, exact: true }).click();
    await toastWith(page, texts.tenants.saved).waitFor();
    const row = await e.t.app.db
      .selectFrom('tenants')
      .select(['entry_cards', 'video_max_seconds'])
      .where('key', '=', 'vdi')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.entry_cards)).toContain('video-answer');
    expect(Number(row.video_max_seconds)).toBe(20);
  });

  it('records two answers signed in, on a phone, and the team finds both clips with their questions', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin');
    await page.goto('/');
    await screenshot(page, 'video-answer-card-phone');
    await walk(page, '', 'phone', true);
    const contentId = await latestVideoSubmission(null);
    const consents = await e.t.app.db
      .selectFrom('consents')
      .select('kind')
      .where('submission_id', '=', contentId)
      .execute();
    expect(consents.map((c) => c.kind)).toContain('video_rights');

    const admin = await e.newPage(DESKTOP);
    await loginAs(admin, 'admin');
    await inboxShows(admin, contentId, 'signed-in');
  });

  it('records two answers on the public link, at desktop size, and the team finds both clips', async () => {
    const page = await e.newPage(DESKTOP);
    await page.goto('/p/vdi');
    await page.getByRole('heading', { name: texts.publicLink.startTitle }).waitFor();
    await walk(page, '/p/vdi', 'public-desktop');
    const contentId = await latestVideoSubmission('public-link');
    // Each clip's minutes are counted (a clip cut off by the reload may hold a reservation too); two are measured.
    const usage = await e.t.app.db
      .selectFrom('public_usage')
      .select(['seconds', 'ended_at'])
      .where('submission_id', '=', contentId)
      .where('kind', '=', 'video')
      .execute();
    expect(usage.length).toBeGreaterThanOrEqual(2);
    await expect
      .poll(
        async () =>
          (
            await e.t.app.db
              .selectFrom('public_usage')
              .select('id')
              .where('submission_id', '=', contentId)
              .where('kind', '=', 'video')
              .where('ended_at', 'is not', null)
              .execute()
          ).length,
        { timeout: 20_000 },
      )
      .toBe(2);

    const admin = await e.newPage(DESKTOP);
    await loginAs(admin, 'admin');
    await inboxShows(admin, contentId, 'public');
  });
});
