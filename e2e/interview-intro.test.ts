import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FORMAT_NAME } from '../common/interview/audio';
import type { ServerMessage } from '../common/interview/protocol';
import { interviewTopics, tenants } from '../common/tenants';
import { texts } from '../common/texts';
import { encodeWav } from '../server/interview/audio';
import { startFakeElevenLabs, type FakeElevenLabs } from '../server/interview/testing/fake-elevenlabs';
import { DESKTOP, loginAs, PHONE, screenshot, startE2E, tempDir, type E2E } from './harness';

const t = texts.interview;
const questions = ['Wie sind Sie zur Bank gekommen?', 'Was war Ihr schönstes Erlebnis?'];
const heard = ['Über eine Ausbildung in Köln.', 'Die Eröffnung unserer Filiale.'];

/** The bank's category intros, the back buttons, and what the page says after a manual stop. */
describe('interview category intro, back buttons and the report after a manual stop', () => {
  let e: E2E;
  let fake: FakeElevenLabs;

  beforeAll(async () => {
    fake = await startFakeElevenLabs({ apiKey: 'xi-key', questions, heard, secondsPerAnswer: 30 });
    const wav = path.join(tempDir('interview-intro-'), 'room.wav');
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
        ELEVENLABS_AGENT_IDS: 'bank.*=agent_bank,vdi.*=agent_vdi',
      },
    });
  });
  afterAll(async () => {
    await e?.close();
    await fake?.close();
  });

  const back = (page: Page) => page.getByRole('link', { name: t.back, exact: true });
  const introHeading = (page: Page) => page.getByRole('heading', { name: t.categoryIntroTitle });

  it('shows the bank a category intro before the instructions, from the category list, with a way back', async () => {
    expect(tenants.bank.topicIntros.length).toBeGreaterThan(0);
    const page = await e.newPage(PHONE);
    await loginAs(page, 'bank');
    await page.goto('/bank/interview-category');
    const topic = texts.nav.topics.banker['behind-scenes'];
    await page.getByRole('link', { name: new RegExp(topic.title) }).click();
    await page.waitForURL('**/bank/interview/behind-scenes');
    await page.getByRole('heading', { name: topic.title, level: 1 }).waitFor();
    await introHeading(page).waitFor();
    for (const paragraph of t.categoryIntros.banker['behind-scenes']) await page.getByText(paragraph).waitFor();
    // The instructions come only after the intro.
    expect(await page.getByRole('button', { name: t.instructionsRead }).count()).toBe(0);
    await screenshot(page, 'interview-bank-intro-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'interview-bank-intro-desktop');

    await back(page).click();
    await page.waitForURL('**/bank/interview-category');
    // "Zurück" went back in the history (to the page the person came from): forward returns to the topic.
    await page.goForward();
    await page.getByRole('button', { name: t.categoryIntroContinue }).click();
    await page.getByText(t.instructions[0]!).waitFor();
    expect(await introHeading(page).count()).toBe(0);
    await page.getByRole('button', { name: t.instructionsRead }).click();
    await page.getByRole('button', { name: t.start }).waitFor();
    await back(page).click();
    await page.waitForURL('**/bank/interview-category');
  });

  it('gives every bank topic the intro its tenant data names, and the engineers none', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'bank');
    for (const topic of interviewTopics) {
      await page.goto(`/bank/interview/${topic}`);
      await page.getByRole('heading', { name: texts.nav.topics.banker[topic].title, level: 1 }).waitFor();
      const intro = tenants.bank.topicIntros.includes(topic);
      if (intro) await page.getByText(t.categoryIntros.banker[topic][0]!).waitFor();
      else await page.getByRole('button', { name: t.instructionsRead }).waitFor();
      expect(await introHeading(page).count()).toBe(intro ? 1 : 0);
      // Each topic goes back to the category list.
      await back(page).click();
      await page.waitForURL('**/bank/interview-category');
    }
    // The general interview goes back to /bank.
    await page.goto('/bank/interview');
    await page.getByRole('button', { name: t.start }).waitFor();
    await back(page).click();
    await page.waitForURL((url) => url.pathname === '/bank');

    const vdi = await e.newPage(DESKTOP);
    await loginAs(vdi, 'vdi_admin');
    await vdi.goto('/interview/behind-scenes');
    await vdi.getByRole('button', { name: t.instructionsRead }).waitFor();
    expect(await introHeading(vdi).count()).toBe(0);
    await back(vdi).click();
    await vdi.waitForURL((url) => url.pathname === '/interview-category');
  }, 60_000);

  it('says after "Interview beenden" that the transcript was captured', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin');
    await page.goto('/interview/behind-scenes');
    await page.getByRole('button', { name: t.instructionsRead }).click();
    await page.getByRole('button', { name: t.start }).click();
    await page.getByTestId('transcript').getByText(questions[0]!).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: t.stop }).click();
    await page.getByRole('button', { name: t.repeat }).waitFor();
    await page.getByText(t.endedWithTranscript).waitFor();
    expect(await page.getByText(t.endedWithoutTranscript).count()).toBe(0);
    await page.getByText(texts.common.transcriptSaved).waitFor({ timeout: 5000 });
    await screenshot(page, 'interview-stopped-with-transcript-phone');
  }, 60_000);

  it('says plainly after "Interview beenden" that no transcript was captured and offers to try again', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'bank');
    // An agent that connects but never says anything: no transcript at all.
    let sessions = 0;
    await page.routeWebSocket(/\/v1\/convai\/conversation/, (ws) => {
      sessions++;
      ws.onMessage((data) => {
        const message = JSON.parse(String(data)) as { type?: string };
        if (message.type === 'conversation_initiation_client_data') {
          ws.send(
            JSON.stringify({
              type: 'conversation_initiation_metadata',
              conversation_initiation_metadata_event: {
                conversation_id: `conv_silent_${sessions}`,
                agent_output_audio_format: DEFAULT_FORMAT_NAME,
                user_input_audio_format: DEFAULT_FORMAT_NAME,
              },
            } satisfies ServerMessage),
          );
        }
      });
    });
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/transcript')) saves.push(r.url());
    });
    await page.goto('/bank/interview');
    await page.getByRole('button', { name: t.start }).click();
    await page.getByRole('button', { name: t.stop }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: t.stop }).click();
    await page.getByText(t.endedWithoutTranscript).waitFor();
    await page.getByText(t.endedWithoutTranscriptHint).waitFor();
    expect(await page.getByText(t.endedWithTranscript).count()).toBe(0);
    await screenshot(page, 'interview-stopped-without-transcript-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'interview-stopped-without-transcript-phone');
    await page.waitForTimeout(1500);
    expect(saves).toEqual([]);

    // "Erneut versuchen" starts a new interview right away.
    await page.getByRole('button', { name: t.retry }).click();
    await page.getByRole('button', { name: t.stop }).waitFor({ timeout: 15_000 });
    expect(sessions).toBe(2);
    expect(await page.getByText(t.endedWithoutTranscript).count()).toBe(0);
    await page.getByRole('button', { name: t.stop }).click();
    await page.getByText(t.endedWithoutTranscript).waitFor();
  }, 60_000);
});
