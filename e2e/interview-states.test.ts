import { ELEVENLABS_TRANSCRIPT_JOB } from '../server/interview/service';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { encodeWav } from '../server/interview/audio';
import { startFakeElevenLabs, type FakeElevenLabs } from '../server/interview/testing/fake-elevenlabs';
import { CHROMIUM, DESKTOP, loginAs, PHONE, screenshot, startE2E, tempDir, type E2E } from './harness';

const t = texts.interview;
const questions = ['Wie sind Sie zur Bank gekommen?', 'Was war Ihr schönstes Erlebnis in der Filiale?'];
const heard = ['Über eine Ausbildung in Köln.', 'Die Eröffnung unserer neuen Filiale.'];

/** The voice button, the connection states and the interview lifecycle, against a local ElevenLabs. */
describe('voice interview states with the ElevenLabs agent', () => {
  let e: E2E;
  let fake: FakeElevenLabs;

  beforeAll(async () => {
    fake = await startFakeElevenLabs({
      apiKey: 'xi-key',
      questions,
      heard,
      secondsPerAnswer: 1.5,
      brokenAgents: { agent_broken: 1011 },
    });
    const wav = path.join(tempDir('interview-states-'), 'room.wav');
    // A quiet room with a little noise: the microphone delivers audio all the time.
    writeFileSync(
      wav,
      encodeWav(
        Int16Array.from({ length: 16000 * 20 }, () => Math.round((Math.random() - 0.5) * 200)),
        16000,
      ),
    );
    e = await startE2E({
      fakeAudioFile: wav,
      env: {
        VOICE_AGENT: 'elevenlabs',
        ELEVENLABS_API_KEY: 'xi-key',
        ELEVENLABS_BASE_URL: fake.url,
        ELEVENLABS_AGENT_IDS: 'bank.*=agent_bank,vdi.free-topic=agent_broken,vdi.*=agent_vdi',
      },
    });
  });
  afterAll(async () => {
    await e?.close();
    await fake?.close();
  });

  it('runs the bank interview: red start button, connection, agent ends the call, transcript card with the source tag, ElevenLabs transcript stored', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'bank');
    await page.goto('/bank/interview/behind-scenes');
    await page.getByRole('button', { name: t.categoryIntroContinue }).click();
    await page.getByRole('button', { name: t.instructionsRead }).click();
    const start = page.getByRole('button', { name: t.start });
    await start.waitFor();
    expect(await start.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(220, 38, 38)');
    await screenshot(page, 'interview-bank-ready-phone');
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/transcript')) saves.push(r.postData() ?? '');
    });

    await start.click();
    await page.getByRole('button', { name: t.stop }).waitFor({ timeout: 15_000 });
    // The agent asks both questions, hears the answers and ends the call itself (close 1000).
    await page.getByRole('button', { name: t.repeat }).waitFor({ timeout: 20_000 });
    const items = await page.getByTestId('transcript').locator('li').allInnerTexts();
    expect(items).toEqual([
      `Interviewer: ${questions[0]}`,
      `Sie: ${heard[0]}`,
      `Interviewer: ${questions[1]}`,
      `Sie: ${heard[1]}`,
    ]);
    await page.getByRole('heading', { name: t.bankCardTitle }).waitFor();
    await page.getByText(texts.common.transcriptSaved).waitFor({ timeout: 5000 });
    await page.waitForTimeout(1200);
    // The page's copy is not sent: the server keeps ElevenLabs' own transcript, by the conversation's id (issue 27).
    expect(saves).toHaveLength(0);
    await screenshot(page, 'interview-bank-finished-phone');

    // The server fetches ElevenLabs' own transcript after the call and keeps it.
    const contentId = Number(await page.evaluate(() => sessionStorage.getItem('currentBankInterviewId')));
    await expect
      .poll(
        async () =>
          (await e.t.app.db.selectFrom('jobs').select('id').where('kind', '=', ELEVENLABS_TRANSCRIPT_JOB).execute())
            .length,
      )
      .toBe(1);
    await e.t.app.jobs.drain();
    const row = await e.t.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(row.transcript).toBe(
      `Interviewer: ${questions[0]}\n\nSie: ${heard[0]}\n\nInterviewer: ${questions[1]}\n\nSie: ${heard[1]}`,
    );
    expect(row.completed_at).toBeTruthy();

    await page.getByRole('button', { name: t.copy }).click();
    await page.getByText(t.copiedText).waitFor();
    await page.getByRole('button', { name: t.toImages }).click();
    await page.waitForURL('**/bank/image-upload-after-voice');
    const state = await page.evaluate(() => (history.state as { usr?: Record<string, unknown> }).usr);
    expect(state).toMatchObject({ interviewId: String(contentId), source: 'behind-scenes' });
    expect(String(state!.transcript)).toContain(heard[1]);
  }, 90_000);

  it('runs the image interview and goes on to the thank-you page with the same Content-ID', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'vdi_admin');
    const contentId = (
      await page.evaluate(
        async () =>
          (await (
            await fetch('/api/submissions', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ tenant: 'vdi', kind: 'description' }),
            })
          ).json()) as { contentId: number },
      )
    ).contentId;
    await page.evaluate((id) => sessionStorage.setItem('currentInterviewId', String(id)), contentId);
    await page.goto('/interview/image');
    await page.getByRole('heading', { name: t.imageTopicTitle }).waitFor();
    await page.getByRole('button', { name: t.instructionsRead }).click();
    await page.getByRole('button', { name: t.start }).click();
    await page.getByRole('button', { name: t.repeat }).waitFor({ timeout: 30_000 });
    await page.getByText(texts.common.transcriptSaved).waitFor({ timeout: 5000 });
    // The server fetches ElevenLabs' transcript by the conversation's id (a job), not the page's copy.
    const stored = async () => {
      await e.t.app.jobs.drain();
      return (
        (
          await e.t.app.db
            .selectFrom('submissions')
            .select('transcript')
            .where('id', '=', contentId)
            .executeTakeFirstOrThrow()
        ).transcript ?? ''
      );
    };
    await expect.poll(stored, { timeout: 10_000, interval: 500 }).toContain(`Sie: ${heard[0]}`);
    await page.getByRole('button', { name: t.next, exact: true }).click();
    await page.waitForURL('**/thank-you');
  }, 60_000);

  it('shows the progress while connecting and gives up after 15 s with "Erneut versuchen"', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'vdi_admin');
    await page.route('**/api/voice/signed-url*', () => {}); // the server never answers
    await page.goto('/interview/tech-dive');
    await page.getByRole('button', { name: t.instructionsRead }).click();
    const startedAt = Date.now();
    await page.getByRole('button', { name: t.start }).click();
    const connecting = page.getByRole('button', { name: t.connecting });
    await connecting.waitFor();
    expect(await connecting.isDisabled()).toBe(true);
    const bar = page.getByRole('progressbar', { name: t.connectingLabel });
    await page.waitForTimeout(1000);
    const early = Number(await bar.getAttribute('aria-valuenow'));
    // 0.5–1.5 per 100 ms gives 5–15 after a second; a busy machine runs fewer timer ticks
    // (the per-tick rule itself is unit-tested).
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThanOrEqual(20);
    await page.waitForTimeout(10_000);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(90);
    await page.getByRole('button', { name: t.retry }).waitFor({ timeout: 10_000 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(15_000);
    await page.getByText(t.connectionError).waitFor();
    await screenshot(page, 'interview-timeout-desktop');
  }, 60_000);

  it('says so when no agent is set up for the topic', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'firma_a');
    await page.goto('/firma-a/interview/tech-dive');
    await page.getByRole('button', { name: t.instructionsRead }).click();
    await page.getByRole('button', { name: t.start }).click();
    await page.getByRole('button', { name: t.retry }).waitFor();
    await page.getByText(t.unavailableAgent).waitFor();
    await page.getByText(t.connectionError).waitFor();
  });

  it('treats a close other than 1000 as an error', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'vdi_admin');
    // The free-topic agent breaks the call after its first question (close 1011).
    await page.goto('/interview/free-topic');
    await page.getByRole('button', { name: t.instructionsRead }).click();
    await page.getByRole('button', { name: t.start }).click();
    await page.getByRole('button', { name: t.stop }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: t.retry }).waitFor({ timeout: 10_000 });
    await page.getByText(t.connectionError).waitFor();
    expect(await page.getByText(t.buttonsHint).count()).toBe(1);
  }, 60_000);

  it('falls back to a local id when the server cannot create the interview: the bank silently, with its plain local_ id', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'bank');
    await page.route('**/api/submissions', (route) => route.abort('connectionrefused'));
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/transcript')) saves.push(r.url());
    });
    await page.goto('/bank/interview');
    await page.getByRole('button', { name: t.start }).click();
    await page.getByRole('button', { name: t.repeat }).waitFor({ timeout: 30_000 });
    // The bank goes on with its local id silently (spec, second document).
    expect(await page.getByText(texts.common.localIdNotice).count()).toBe(0);
    await page.waitForTimeout(1500);
    const stored = await page.evaluate(() => ({
      id: sessionStorage.getItem('currentBankInterviewId'),
      transcript: sessionStorage.getItem('latestBankTranscript'),
    }));
    // The bank's plain local id: `local_` and a timestamp.
    expect(stored.id).toMatch(/^local_\d{13}$/);
    expect(stored.transcript).toContain(`Sie: ${heard[0]}`);
    expect(saves).toEqual([]);
  }, 60_000);

  it('shows the audio preload states', async () => {
    // The app's service worker serves the page's chunks, past Playwright's routes: hold it off here.
    const page = await e.newPage(DESKTOP, { serviceWorkers: 'block' });
    await loginAs(page, 'vdi_admin');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/voiceSdk-.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/interview/behind-scenes');
    await page.getByRole('button', { name: t.instructionsRead }).click();
    const preparing = page.getByRole('button', { name: t.preparing });
    await preparing.waitFor();
    expect(await preparing.isDisabled()).toBe(true);
    await page.getByText(t.preloadRunning).waitFor();
    release();
    await page.getByRole('button', { name: t.start }).waitFor();

    const failing = await e.newPage(DESKTOP, { serviceWorkers: 'block' });
    await loginAs(failing, 'vdi_admin');
    await failing.route(/\/assets\/voiceSdk-.*\.js$/, (route) => route.abort());
    await failing.goto('/interview/behind-scenes');
    await failing.getByRole('button', { name: t.instructionsRead }).click();
    await failing.getByText(t.preloadFailed).waitFor();
  });

  it('turns a denied microphone into the error state', async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--deny-permission-prompts'],
    });
    try {
      const context = await browser.newContext({ viewport: DESKTOP, baseURL: e.t.url, locale: 'de-DE' });
      const page = await context.newPage();
      await loginAs(page, 'vdi_admin');
      await page.goto('/interview/engineering-path');
      await page.getByRole('button', { name: t.instructionsRead }).click();
      await page.getByRole('button', { name: t.start }).click();
      await page.getByRole('button', { name: t.retry }).waitFor({ timeout: 15_000 });
      await page.getByText(t.microphoneDenied).waitFor();
    } finally {
      await browser.close();
    }
  });
});
