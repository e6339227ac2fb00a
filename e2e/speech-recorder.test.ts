import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { loginAs, startE2E, tempDir, type E2E } from './harness';

const t = texts.voiceMessages;

describe('voice message recorder', () => {
  let e: E2E;
  beforeAll(async () => {
    const wav = path.join(tempDir('speech-recorder-'), 'stimme.wav');
    execFileSync('espeak-ng', ['-v', 'de', '-w', wav, 'Eins, zwei, drei. Das ist ein Mikrofontest.']);
    e = await startE2E({ fakeAudioFile: wav, env: { TRANSCRIBER: 'none' } });
  }, 60_000);
  afterAll(() => e?.close());

  async function openRecorder(init?: () => void): Promise<Page> {
    const page = await e.newPage();
    if (init) await page.addInitScript(init);
    await loginAs(page, 'firma_b');
    await page.goto('/firma-b/voice-message');
    await page.getByRole('button', { name: t.start }).waitFor();
    return page;
  }

  it('plays the recording back and resets it', async () => {
    const page = await openRecorder();
    await page.getByRole('button', { name: t.start }).click();
    await page.waitForTimeout(2500);
    await page.getByRole('button', { name: t.stop }).click();
    await page.getByRole('button', { name: t.play }).click();
    await page.getByRole('button', { name: t.pause }).waitFor();
    await page.getByRole('button', { name: t.play }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: t.reset }).click();
    await page.getByRole('button', { name: t.start }).waitFor();
    expect(await page.getByTestId('recording-clock').textContent()).toBe('00:00 / 05:00');
  });

  it('stops by itself after 5 minutes', async () => {
    // The recorder's clock (Date.now) stands still once the page is open and moves only when the
    // test moves it: a busy machine's slow seconds cannot carry it past 4:59 before it is read.
    const page = await openRecorder(() => {
      const realNow = Date.now.bind(Date);
      const clock = window as unknown as { skipMs: number; frozenAt: number | null };
      clock.skipMs = 0;
      clock.frozenAt = null;
      Date.now = () => (clock.frozenAt ?? realNow()) + clock.skipMs;
    });
    await page.evaluate(() => {
      (window as unknown as { frozenAt: number }).frozenAt = Date.now();
    });
    await page.getByRole('button', { name: t.start }).click();
    await page.getByRole('button', { name: t.stop }).waitFor();
    await page.waitForTimeout(1500);
    await page.evaluate(() => ((window as unknown as { skipMs: number }).skipMs = 299_000));
    await expect.poll(() => page.getByTestId('recording-clock').textContent()).toBe('04:59 / 05:00');
    // Said politely: the time left at its last step (issue 43), not every second.
    expect(await page.getByTestId('recorder-announcer').textContent()).toBe(texts.recorder.left(10));
    expect(await page.getByRole('button', { name: t.stop }).isVisible()).toBe(true);
    await page.evaluate(() => ((window as unknown as { skipMs: number }).skipMs = 300_000));
    await page.getByText(t.autoStopped).waitFor();
    await page.getByRole('button', { name: t.play }).waitFor();
    await expect.poll(() => page.getByTestId('recording-clock').textContent()).toBe('00:00 / 05:00');
  });

  it.each([
    [
      'the microphone is refused',
      () =>
        Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
          value: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
        }),
      t.micDenied,
    ],
    [
      'there is no microphone',
      () =>
        Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
          value: () => Promise.reject(new DOMException('none', 'NotFoundError')),
        }),
      t.noMic,
    ],
    [
      'the microphone fails',
      () =>
        Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
          value: () => Promise.reject(new DOMException('busy', 'NotReadableError')),
        }),
      t.micFailed,
    ],
    [
      'the browser cannot record',
      () => Object.defineProperty(window, 'MediaRecorder', { value: undefined }),
      t.notSupported,
    ],
  ])('says so in German when %s', async (_case, init, message) => {
    const page = await openRecorder(init);
    await page.getByRole('button', { name: t.start }).click();
    await page.getByRole('alert').filter({ hasText: message }).waitFor();
    await page.getByText(t.recordingErrorTitle).waitFor();
    expect(await page.getByRole('button', { name: t.start }).isVisible()).toBe(true);
  });
});
