import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import type { InboxPage } from '../common/contracts/inbox';
import { videoQuestions } from '../common/video-answers';
import { api, login } from '../server/testing/harness';
import {
  DESKTOP,
  emailFor,
  failWrites,
  loginAs,
  PHONE,
  screenshot,
  sendContactForm,
  startE2E,
  toastWith,
  type E2E,
} from './harness';

const v = texts.videoAnswers;
const topic = texts.nav.topics.engineer['tech-dive'].title;
const questions = videoQuestions('engineer', 'tech-dive');

/** The server fails (500) to make a new submission, as a broken database would. */
const failCreation = (page: Page, url: string) => failWrites(page, url, 'POST');

/**
 * The video answer without a dead end (issue 31): when the server cannot make the Content-ID the
 * person records under a local id, the clips wait on the device, and once the server answers they
 * arrive under its id in a submission held from the team until the last clip is there.
 */
describe('video answer under a local id', () => {
  let e: E2E;

  beforeAll(async () => {
    e = await startE2E({ dialect: 'sqlite', fakeMedia: true, env: { ALTCHA_MAX_NUMBER: '5000', TRANSCRIBER: 'none' } });
    e.t.app.jobs.start();
    e.t.app.mediaJobs.start();
    // The association offers the video answer (as an admin switches it on at /admin/bereiche).
    const admin = await e.newPage(DESKTOP);
    await loginAs(admin, 'admin');
    await admin.goto('/admin/bereiche');
    await admin.getByRole('listitem', { name: 'VDI' }).getByRole('button', { name: texts.tenants.edit }).click();
    const form = admin.getByRole('form', { name: texts.tenants.edit });
    await form.getByLabel(texts.tenants.cards['video-answer']!).check();
    await form.getByLabel(v.fieldMaxSeconds).fill('20');
    await form.getByRole('button', { name: texts.tenants.save, exact: true }).click();
    await toastWith(admin, texts.tenants.saved).waitFor();
    await admin.close();
  }, 60_000);
  afterAll(() => e?.close());

  const videoSubmissions = () =>
    e.t.app.db.selectFrom('submissions').selectAll().where('kind', '=', 'video').orderBy('id').execute();

  /** Records one answer: the countdown, a short clip, the review, then sends it. */
  async function answer(page: Page, n: number) {
    await page.getByText(v.questionOf(n, questions.length)).waitFor();
    await page.getByRole('button', { name: v.record }).click();
    await page.getByTestId('remaining').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(2500);
    await page.getByRole('button', { name: v.stop }).click();
    await page.getByLabel(v.reviewTitle).waitFor();
    await page.getByRole('button', { name: v.send }).click();
  }

  it('records at once under a local id, keeps the clips on the device, and sends them under the server id once it answers', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin');
    await failCreation(page, '**/api/submissions');
    await page.goto('/');
    await page.getByRole('link', { name: new RegExp(v.card.title) }).click();
    await page.getByRole('button', { name: new RegExp(topic) }).click();
    await page.getByLabel(v.consentLabel).check();
    await page.getByRole('button', { name: v.startCamera }).click();
    await toastWith(page, texts.common.idLoadFailed).waitFor({ timeout: 30_000 });
    // No dead end: the camera is on, and the local id shows as the spec shows it.
    const localId = await page.evaluate(() => sessionStorage.getItem('currentInterviewId'));
    expect(localId).toMatch(/^local_video_\d{13}/);
    expect(await page.getByTestId('id-hint').textContent()).toBe(
      `${texts.uploads.contentIdLabel} ${localId!.slice(0, 8)}...`,
    );
    await answer(page, 1);
    // A reload goes on under the same local id with the next question; the first clip still waits.
    await page.getByText(v.questionOf(2, questions.length)).waitFor();
    await page.reload();
    await page.getByText(v.questionOf(2, questions.length)).waitFor();
    const list = page.getByTestId('clip-list');
    await list.getByText(v.clipStates.waiting).waitFor();
    expect(await page.getByTestId('id-hint').textContent()).toContain(localId!.slice(0, 8));
    await answer(page, 2);
    await expect.poll(() => list.getByText(v.clipStates.waiting).count()).toBe(2);
    await page.getByText(v.keptOnDevice).waitFor();
    await screenshot(page, 'video-answer-local-id');
    expect(await videoSubmissions()).toHaveLength(0);

    // The server answers again; while the clips are still on their way (held here) the team sees nothing.
    await page.unroute('**/api/submissions');
    let letThrough: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    await page.route('**/api/uploads/**', async (route) => {
      if (route.request().method() === 'PATCH') await held;
      await route.continue();
    });
    for (let n = 3; n <= questions.length; n++) {
      await page.getByText(v.questionOf(n, questions.length)).waitFor();
      await page.getByRole('button', { name: v.skip }).click();
    }
    await page.getByRole('heading', { name: v.doneTitle }).waitFor();
    await expect.poll(async () => (await videoSubmissions()).length, { timeout: 40_000 }).toBe(1);
    const arriving = (await videoSubmissions())[0]!;
    expect(arriving.held).toBe(1);
    const editor = await login(e.t, emailFor('admin'));
    const inbox = async () =>
      ((await api(e.t, 'GET', '/api/inbox', { cookie: editor })).body as InboxPage).items.map((i) => i.contentId);
    expect(await inbox()).not.toContain(arriving.id);
    expect((await api(e.t, 'GET', `/api/inbox/${arriving.id}`, { cookie: editor })).status).toBe(404);
    letThrough();

    await expect.poll(() => list.getByText(v.clipStates.sent).count(), { timeout: 40_000 }).toBe(2);
    await page.getByText(v.doneSent).waitFor();
    await expect.poll(inbox, { timeout: 20_000 }).toContain(arriving.id);
    const all = await videoSubmissions();
    expect(all).toHaveLength(1);
    expect(all[0]!.held).toBe(0);
    const answers = await e.t.app.db
      .selectFrom('video_answers')
      .select('question_index')
      .where('submission_id', '=', arriving.id)
      .orderBy('question_index')
      .execute();
    expect(answers.map((a) => Number(a.question_index))).toEqual([0, 1]);
    const consents = await e.t.app.db
      .selectFrom('consents')
      .select('kind')
      .where('submission_id', '=', arriving.id)
      .execute();
    expect(consents.map((c) => c.kind)).toContain('video_rights');
    // The page now names the server's id, and the thank-you page goes on under it.
    await expect
      .poll(() => page.getByTestId('id-hint').textContent())
      .toBe(`${texts.uploads.contentIdLabel} ${String(arriving.id).slice(0, 8)}...`);
    await screenshot(page, 'video-answer-local-id-sent');
    await page.getByRole('button', { name: v.finish }).click();
    await page.waitForURL('**/thank-you');
    expect(await page.getByTestId('content-id').textContent()).toBe(String(arriving.id));
    await sendContactForm(page, 'Vera', 'Funkloch', 'vera.funkloch@example.org');
    const done = (await videoSubmissions())[0]!;
    expect(done).toMatchObject({ id: arriving.id, held: 0, contact_first_name: 'Vera' });
    expect(done.completed_at).not.toBeNull();
    expect(await videoSubmissions()).toHaveLength(1);

    // The team finds both clips under their questions.
    const admin = await e.newPage(DESKTOP);
    await loginAs(admin, 'admin');
    await admin.goto(`/eingang/${arriving.id}`);
    await expect.poll(() => admin.getByTestId('video-answer-question').count(), { timeout: 20_000 }).toBe(2);
  });

  it('does the same on the public link: recorded under a local id, sent with a proof of work once the server answers', async () => {
    const before = (await videoSubmissions()).length;
    const page = await e.newPage(PHONE);
    await failCreation(page, '**/api/public/submissions');
    await page.goto('/p/vdi');
    await page.getByRole('link', { name: new RegExp(v.card.title) }).click();
    await page.getByRole('button', { name: new RegExp(topic) }).click();
    await page.getByLabel(v.consentLabel).check();
    await page.getByRole('button', { name: v.startCamera }).click();
    await toastWith(page, texts.common.idLoadFailed).waitFor({ timeout: 30_000 });
    await page.getByTestId('id-hint').getByText('local_vi...').waitFor();
    await answer(page, 1);
    const list = page.getByTestId('clip-list');
    await expect.poll(() => list.getByText(v.clipStates.waiting).count()).toBe(1);
    expect(await videoSubmissions()).toHaveLength(before);

    await page.unroute('**/api/public/submissions');
    for (let n = 2; n <= questions.length; n++) {
      await page.getByText(v.questionOf(n, questions.length)).waitFor();
      await page.getByRole('button', { name: v.skip }).click();
    }
    await expect.poll(() => list.getByText(v.clipStates.sent).count(), { timeout: 60_000 }).toBe(1);
    const all = await videoSubmissions();
    expect(all).toHaveLength(before + 1);
    const sent = all.at(-1)!;
    expect(sent).toMatchObject({ source: 'public-link', held: 0 });
    expect(sent.user_id).toBeNull();
    const answers = await e.t.app.db
      .selectFrom('video_answers')
      .select('question_index')
      .where('submission_id', '=', sent.id)
      .execute();
    expect(answers.map((a) => Number(a.question_index))).toEqual([0]);
  });
});
