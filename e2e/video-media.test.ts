import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { tusUpload } from '../server/uploads/testing/tus';
import { startFakeOpenAI, type FakeOpenAI } from '../server/testing/fake-openai';
import { api, login } from '../server/testing/harness';
import { germanSpeech } from '../server/transcription/test-audio';
import { clipBytes } from '../server/video/testing/clips';
import { DESKTOP, emailFor, loginAs, PHONE, screenshot, startE2E, type E2E } from './harness';

const SPOKEN =
  'Wir haben die Anlage im Frühjahr umgebaut, und seitdem läuft sie ohne Ausfall. Das hat wirklich niemand erwartet!';

describe('videos in the inbox', () => {
  let e: E2E;
  let fake: FakeOpenAI;
  let movie: Buffer;

  beforeAll(async () => {
    fake = await startFakeOpenAI({ text: SPOKEN });
    e = await startE2E({ env: { TRANSCRIBER: 'openai', OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test' } });
    e.t.app.jobs.start();
    e.t.app.mediaJobs.start();
    // A phone's portrait clip: HEVC in a .mov, stored 320×240 with rotation 90, German speech.
    movie = clipBytes({
      seconds: 3,
      width: 320,
      height: 240,
      codec: 'hevc',
      container: 'mov',
      rotate: 90,
      audio: { wav: germanSpeech(SPOKEN).wav },
      fps: 15,
    });
  }, 120_000);
  afterAll(async () => {
    await e?.close();
    await fake?.close();
  });

  it('plays an uploaded HEVC .mov as H.264 with its rotation kept and German captions from the speech server', async () => {
    const cookie = await login(e.t, emailFor('vdi_admin'));
    const contentId = (await api(e.t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } }))
      .body.contentId as number;
    expect(
      (await tusUpload(e.t, { bytes: movie, contentId, page: 'upload', filename: 'Handy.mov', headers: { cookie } }))
        .status,
    ).toBe(200);

    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'admin');
    await page.goto(`/eingang/${contentId}`);
    const video = page.getByTestId('video-player');
    await video.waitFor({ timeout: 60_000 });
    expect(await video.getAttribute('src')).toMatch(/^\/api\/media\/\d+\/proxy$/);
    // It plays: the decoder delivers frames in display orientation (portrait).
    const played = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 800));
      return { time: v.currentTime, width: v.videoWidth, height: v.videoHeight, error: v.error?.code ?? null };
    });
    expect(played).toMatchObject({ width: 240, height: 320, error: null });
    expect(played.time).toBeGreaterThan(0);
    // The German captions track is loaded and showing, with the speech server's segments.
    await expect
      .poll(
        () =>
          video.evaluate((v: HTMLVideoElement) => ({
            mode: v.textTracks[0]?.mode,
            language: v.textTracks[0]?.language,
            cues: [...(v.textTracks[0]?.cues ?? [])].map((c) => (c as VTTCue).text),
          })),
        { timeout: 10_000 },
      )
      .toMatchObject({
        mode: 'showing',
        language: 'de',
        cues: expect.arrayContaining([expect.stringContaining('Wir haben die Anlage')]),
      });
    await page.getByRole('link', { name: texts.video.captionsVtt }).waitFor();
    // Once the job is through, the detail shows the words it added to the transcript.
    await expect
      .poll(() => page.getByRole('region', { name: texts.admin.sectionTranscript }).textContent(), { timeout: 15_000 })
      .toContain('Wir haben die Anlage');
    await screenshot(page, 'video-inbox-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'video-inbox-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  }, 120_000);

  it('shows the job progress while the proxy is made, and a German message for a file it cannot read', async () => {
    const cookie = await login(e.t, emailFor('vdi_admin'));
    const contentId = (await api(e.t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } }))
      .body.contentId as number;
    // Runners stopped: the page shows the waiting job first.
    await e.t.app.mediaJobs.stop();
    const broken = Buffer.concat([movie.subarray(0, 64), Buffer.alloc(5000, 3)]);
    expect(
      (await tusUpload(e.t, { bytes: broken, contentId, page: 'upload', filename: 'kaputt.mov', headers: { cookie } }))
        .status,
    ).toBe(200);
    const page = await e.newPage(PHONE);
    await loginAs(page, 'admin');
    await page.goto(`/eingang/${contentId}`);
    await page.getByTestId('video-progress').getByText(texts.video.queued).waitFor();
    await screenshot(page, 'video-waiting-390');
    e.t.app.mediaJobs.start();
    await page.getByRole('alert').getByText(texts.video.unreadable).waitFor({ timeout: 30_000 });
    await screenshot(page, 'video-unreadable-390');
  }, 90_000);

  it('cancels a waiting preparation from the inbox, keeps the original and starts it again', async () => {
    const cookie = await login(e.t, emailFor('vdi_admin'));
    const contentId = (await api(e.t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } }))
      .body.contentId as number;
    await e.t.app.mediaJobs.stop();
    const up = await tusUpload(e.t, {
      bytes: movie,
      contentId,
      page: 'upload',
      filename: 'lang.mov',
      headers: { cookie },
    });
    expect(up.status).toBe(200);
    const page = await e.newPage(PHONE);
    await loginAs(page, 'admin');
    await page.goto(`/eingang/${contentId}`);
    await page.getByTestId('video-progress').getByText(texts.video.queued).waitFor();
    await page.getByRole('button', { name: texts.video.cancel }).click();
    const alert = page.getByRole('alert').filter({ hasText: texts.video.cancelled });
    await alert.waitFor({ timeout: 15_000 });
    await screenshot(page, 'video-cancelled-390');
    const original = await fetch(`${e.t.url}/api/media/${up.body.media.id}/file`, { headers: { cookie } });
    expect(Buffer.from(await original.arrayBuffer()).equals(movie)).toBe(true);
    e.t.app.mediaJobs.start();
    await alert.getByRole('button', { name: texts.video.restart }).click();
    await page.getByTestId('video-player').waitFor({ timeout: 60_000 });
  }, 120_000);
});
