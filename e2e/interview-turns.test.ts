import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { startFakeOpenAI, type FakeOpenAI } from '../server/testing/fake-openai';
import { decodeWav, encodeWav } from '../server/interview/audio';
import { turnTimings } from '../server/interview/routes';
import { buildClip, RATE, wordsIn, type Clip, type ClipSpec } from '../server/interview/testing/corpus';
import { DESKTOP, loginAs, startE2E, tempDir, type E2E } from './harness';

const t = texts.interview;
const plan = texts.interview.plans.engineer['engineering-path'];
/** The answer starts after the greeting has been spoken (espeak, about 12 s). */
const LEAD_MS = 15_000;
/** The turn the agent transcribes begins about this much before the voice (its pre-roll less the onset). */
const PRE_ROLL_S = 0.16;

/**
 * Where the voice starts in a turn the transcriber gets: the first 10 ms window louder than a
 * quarter of the loudest. A loaded machine's late detector shortens the pre-roll, so a fixed one
 * would place the turn's end too early and cut the last word's sentence mark.
 */
function voiceOnset(samples: Int16Array): number {
  const win = Math.round(RATE / 100);
  const rms: number[] = [];
  for (let i = 0; i + win <= samples.length; i += win) {
    let sum = 0;
    for (let j = i; j < i + win; j++) sum += samples[j]! * samples[j]!;
    rms.push(Math.sqrt(sum / win));
  }
  const loudest = Math.max(0, ...rms);
  const first = rms.findIndex((r) => r > loudest / 4);
  return first < 0 || loudest < 300 ? PRE_ROLL_S * RATE : first * win;
}

/**
 * The three answers of issue 19 in Chromium with a fake microphone (espeak-ng, sox) on the embedded
 * defaults (built-in interviewer, Silero VAD, espeak speech) with a loopback transcription server:
 * each answer gets exactly one question, after it ends.
 */
describe('the built-in interviewer lets people finish', () => {
  let e: E2E | undefined;
  let whisper: FakeOpenAI | undefined;
  afterEach(async () => {
    await e?.close();
    await whisper?.close();
  });

  /** The microphone plays the clip; the transcription server hears the words up to where the audio it gets ends. */
  let audioFrames = 0;
  async function interview(
    spec: ClipSpec,
    name: string,
    prepare?: (page: Page) => Promise<void>,
  ): Promise<{ page: Page; clip: Clip }> {
    const clip = buildClip({ leadMs: LEAD_MS, tailMs: 60_000, ...spec }, name);
    const wav = path.join(tempDir('interview-turns-'), `${name}.wav`);
    writeFileSync(wav, encodeWav(clip.samples, RATE));
    const speechStart = clip.phrases[0]!.start;
    whisper = await startFakeOpenAI({
      text: (req) => {
        const { samples } = decodeWav(req.file);
        const start = speechStart - voiceOnset(samples);
        return wordsIn(clip, { start, end: start + samples.length });
      },
    });
    e = await startE2E({
      fakeAudioFile: wav,
      env: { TRANSCRIBER: 'openai', OPENAI_BASE_URL: whisper.url, OPENAI_API_KEY: 'sk-test' },
    });
    const page = await e.newPage(DESKTOP);
    await page.addInitScript(() => {
      const seen: MediaStreamConstraints[] = [];
      (window as unknown as { micConstraints: typeof seen }).micConstraints = seen;
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = (c) => (seen.push(c ?? {}), original(c));
    });
    await prepare?.(page);
    audioFrames = 0;
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => void (String(f.payload).includes('"type":"audio"') && audioFrames++)),
    );
    await loginAs(page, 'vdi_admin');
    await page.goto('/interview/engineering-path');
    await page.getByRole('button', { name: t.instructionsRead }).click();
    await page.getByRole('button', { name: t.start }).click();
    await page.getByRole('button', { name: t.stop }).waitFor({ timeout: 15_000 });
    return { page, clip };
  }

  async function expectOneQuestionAfterTheAnswer(page: Page, clip: Clip, before = turnTimings.length) {
    const items = page.getByTestId('transcript').locator('li');
    await expect.poll(() => items.count(), { timeout: 60_000, interval: 500 }).toBeGreaterThanOrEqual(3);
    // Nothing more comes: the answer was not cut in two.
    await page.waitForTimeout(4000);
    const answer = `${clip.phrases[0]!.text} ${clip.phrases[1]!.text}`;
    const heard = await items.allInnerTexts();
    expect(heard, `transcript: ${JSON.stringify(heard)}`).toEqual([
      `Interviewer: ${plan.opening}`,
      `Sie: ${answer}`,
      `Interviewer: ${plan.questions[0]}`,
    ]);
    const timing = turnTimings.slice(before);
    expect(timing).toHaveLength(1);
    console.log(
      `${clip.id}: end of answer -> next question ${timing[0]!.latencyMs} ms (voice detection ${timing[0]!.detectorLagMs} ms behind the audio)`,
    );
    // The microphone was opened with echo cancellation: the interviewer's voice does not come back.
    const constraints = await page.evaluate(
      () => (window as unknown as { micConstraints: MediaStreamConstraints[] }).micConstraints,
    );
    expect(
      constraints.some(
        (c) => typeof c.audio === 'object' && (c.audio as MediaTrackConstraints).echoCancellation === true,
      ),
    ).toBe(true);
    await page.getByRole('button', { name: t.stop }).click();
    await page.getByRole('button', { name: t.repeat }).waitFor();
  }

  it('speaks with the German voice of the device where it has one: the server sends words, no audio', async () => {
    const before = turnTimings.length;
    const { page, clip } = await interview(
      {
        first: 'Ich arbeite seit zehn Jahren als Ingenieurin bei einem Windkraftunternehmen.',
        second: 'Heute leite ich dort ein kleines Team.',
        pause: 0.3,
      },
      'device-voice',
      async (p) => {
        await p.addInitScript(() => {
          const spoken: { text: string; voice: string | null }[] = [];
          (window as unknown as { spoken: typeof spoken }).spoken = spoken;
          const voices = [
            { name: 'Cloud Deutsch', lang: 'de-DE', localService: false, default: false, voiceURI: 'cloud' },
            { name: 'Anna', lang: 'de-DE', localService: true, default: true, voiceURI: 'anna' },
          ];
          window.speechSynthesis.getVoices = () => voices as unknown as SpeechSynthesisVoice[];
          const chosen = new WeakMap<object, { name: string }>();
          Object.defineProperty(SpeechSynthesisUtterance.prototype, 'voice', {
            set(v) {
              chosen.set(this, v);
            },
            get() {
              return chosen.get(this) ?? null;
            },
          });
          window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) =>
            void spoken.push({ text: u.text, voice: (u.voice as { name: string } | null)?.name ?? null });
        });
      },
    );
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken), { timeout: 60_000 })
      .toEqual([
        { text: plan.opening, voice: 'Anna' },
        { text: plan.questions[0], voice: 'Anna' },
      ]);
    expect(audioFrames).toBe(0);
    await expectOneQuestionAfterTheAnswer(page, clip, before);
  }, 150_000);

  it('two sentences with a 0.3 s breath, quiet room: one answer', async () => {
    const { page, clip } = await interview(
      {
        first: 'Ich arbeite seit zehn Jahren als Ingenieurin bei einem Windkraftunternehmen.',
        second: 'Heute leite ich dort ein kleines Team.',
        pause: 0.3,
      },
      'breath-quiet',
    );
    await expectOneQuestionAfterTheAnswer(page, clip);
  }, 150_000);

  it('"…, weil" and a 1.2 s thinking pause: one answer, after it ends', async () => {
    const { page, clip } = await interview(
      {
        first: 'Ich habe Maschinenbau studiert, weil',
        second: 'mich Motoren und Getriebe schon als Kind fasziniert haben, besonders die alten Traktoren.',
        pause: 1.2,
      },
      'weil-pause',
    );
    await expectOneQuestionAfterTheAnswer(page, clip);
  }, 150_000);

  it("issue 27: two untrimmed espeak sentences, 0.6 s of silence between them (espeak's 0.3 s tail and a 0.3 s breath): one question, after the answer (its 1.6 s target in bench:turns)", async () => {
    const before = turnTimings.length;
    const { page, clip } = await interview(
      {
        first: 'Ich habe Maschinenbau in Aachen studiert.',
        second: 'Danach habe ich bei einem Zulieferer angefangen, zuerst in der Konstruktion.',
        pause: 0.3,
        untrimmed: true,
      },
      'story-untrimmed',
    );
    await expectOneQuestionAfterTheAnswer(page, clip, before);
    // From the answer's last voiced sample (as the server heard it) to the question; a loaded machine's detector lag is its own.
    const timing = turnTimings.slice(before)[0]!;
    // The 1.6 s target is measured by `npm run bench:turns`; here a loaded CI machine adds its own delay.
    expect(timing.latencyMs).toBeLessThanOrEqual(3000 + (timing.detectorLagMs ?? 0));
  }, 150_000);

  it('two sentences with a 0.3 s breath in pink noise at 10 dB SNR (a café): one answer', async () => {
    const { page, clip } = await interview(
      {
        first: 'Ich arbeite seit zehn Jahren als Ingenieurin bei einem Windkraftunternehmen.',
        second: 'Heute leite ich dort ein kleines Team.',
        pause: 0.3,
        noise: { kind: 'pink', snrDb: 10 },
      },
      'breath-pink-10db',
    );
    await expectOneQuestionAfterTheAnswer(page, clip);
  }, 150_000);
});
