import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { reframe } from '../server/content/clip';
import { readZip } from '../server/inbox/read-zip';
import { ffprobe } from '../server/media-jobs/ffmpeg';
import { attachFile } from '../server/submissions/files';
import { lastMailTo } from '../server/testing/harness';
import { DESKTOP, loginAs, PHONE, screenshot, startE2E, tempDir, toastWith, type E2E, submissionBy } from './harness';

const t = texts.content;
const p = texts.post;
const tt = texts.templates;
const dir = tempDir('ca-e2e-content-');
// The transcriber heard "Tim" where "Team" was said; the editor corrects the transcript first.
const timing = {
  text: 'Ich habe hier angefangen. Heute leite ich ein Tim von zwölf Leuten.',
  segments: [
    { start: 0.2, end: 1.9, text: 'Ich habe hier angefangen.' },
    { start: 2.0, end: 4.8, text: 'Heute leite ich ein Tim von zwölf Leuten.' },
  ],
};
const corrected = 'Ich habe hier angefangen. Heute leite ich ein Team von zwölf Leuten.';

async function seed(e: E2E) {
  const contentId = await submissionBy(e, 'vdi_admin', { tenant: 'vdi', kind: 'interview' });
  await e.t.app.db
    .updateTable('submissions')
    .set({
      transcript: `Interviewer: Wie ging es los?\n\nDu: ${timing.text}`,
      contact_first_name: 'Erika',
      contact_last_name: 'Muster',
      contact_role: 'Teamleiterin',
      contact_email: 'erika@e2e.test',
      completed_at: new Date().toISOString(),
    })
    .where('id', '=', contentId)
    .execute();
  for (const kind of ['publication', 'naming', 'photo_rights'] as const) {
    await e.t.app.db
      .insertInto('consents')
      .values({ submission_id: contentId, kind, text: texts.finish.consent[kind], given_at: new Date().toISOString() })
      .execute();
  }
  // The video answer's consent, as the recording page stores it.
  await e.t.app.db
    .insertInto('consents')
    .values({
      submission_id: contentId,
      kind: 'video_rights',
      text: texts.videoAnswers.consentLabel,
      given_at: new Date().toISOString(),
    })
    .execute();
  // A recorded video answer and an interview recording, with the times their transcription gave.
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=1280x720:r=25:d=5',
    '-f',
    'lavfi',
    '-i',
    'sine=f=300:d=5',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-shortest',
    '-y',
    path.join(dir, 'answer.mp4'),
  ]);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=f=220:d=5',
    '-c:a',
    'libopus',
    '-y',
    path.join(dir, 'interview.ogg'),
  ]);
  const video = await attachFile(e.t.app, {
    contentId,
    kind: 'video',
    body: readFileSync(path.join(dir, 'answer.mp4')),
    originalName: 'antwort.mp4',
    contentType: 'video/mp4',
    extension: 'mp4',
  });
  const audio = await attachFile(e.t.app, {
    contentId,
    kind: 'audio',
    body: readFileSync(path.join(dir, 'interview.ogg')),
    originalName: 'interview.ogg',
    contentType: 'audio/ogg',
    extension: 'ogg',
  });
  // A photo of the submission, to be ordered together with the clips and the card.
  await attachFile(e.t.app, {
    contentId,
    kind: 'photo',
    body: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c05020' } })
      .jpeg()
      .toBuffer(),
    originalName: 'werkhalle.jpg',
    contentType: 'image/jpeg',
    extension: 'jpg',
  });
  await e.t.app.db
    .updateTable('media')
    .set({
      timing: JSON.stringify(timing),
      caption_state: 'ready',
      caption_text: timing.text,
      duration_ms: 5000,
      width: 1280,
      height: 720,
    })
    .where('id', '=', video.id)
    .execute();
  await e.t.app.db
    .updateTable('media')
    .set({ timing: JSON.stringify(timing), caption_state: 'ready', caption_text: timing.text, duration_ms: 5000 })
    .where('id', '=', audio.id)
    .execute();
  return { contentId, video: Number(video.id), audio: Number(audio.id) };
}

/** One frame of a video as PNG. */
const frameOf = (file: string, at: number) =>
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-ss',
    String(at),
    '-i',
    file,
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-vcodec',
    'png',
    '-',
  ]);

/**
 * A rendered clip's or audiogram's player offers its German captions (issue 43.5): the track is
 * there (not shown at first: the captions are in the picture too) and, switched on, loads its cues.
 */
async function captionCues(video: Locator): Promise<number> {
  await expect.poll(() => video.locator('track[kind="captions"][srclang="de"]').count()).toBe(1);
  let cues = 0;
  await expect
    .poll(
      async () => {
        cues = await video.evaluate((el) => {
          const track = (el as HTMLVideoElement).textTracks[0];
          if (!track) return 0;
          track.mode = 'showing';
          return track.cues?.length ?? 0;
        });
        return cues;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  return cues;
}

/** Text of a picture as tesseract reads it (German), dark text on light made from either. */
async function ocr(png: Buffer, name: string, psm: '3' | '6' = '6'): Promise<string> {
  const file = path.join(dir, `${name}.png`);
  const grey = sharp(png).greyscale().normalise();
  const { channels } = await grey.clone().stats();
  await (channels[0]!.mean < 128 ? grey.negate({ alpha: false }) : grey).toFile(file);
  return execFileSync('tesseract', [file, '-', '-l', 'deu', '--psm', psm], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const section = (page: Page) => page.getByRole('region', { name: t.section, exact: true });

/**
 * Marks "Heute … Leuten." in the clip transcript (as corrected), optionally looks at the preview
 * first, and renders; waits for the item to be ready.
 */
async function markAndRender(
  page: Page,
  source: string,
  button: string,
  look?: (maker: ReturnType<Page['getByTestId']>) => Promise<void>,
): Promise<string> {
  const s = section(page);
  const maker = s.getByTestId('clip-maker');
  await maker.getByLabel(t.sourceLabel).selectOption({ label: source });
  const transcript = maker.getByTestId('clip-transcript');
  await transcript.getByRole('button', { name: 'Team', exact: true }).waitFor();
  expect(await transcript.getByRole('button', { name: 'Tim', exact: true }).count()).toBe(0);
  await transcript.getByRole('button', { name: 'Heute', exact: true }).click();
  await transcript.getByRole('button', { name: 'Leuten.', exact: true }).click();
  await maker.getByTestId('clip-selection').waitFor();
  if (look) await look(maker);
  const itemsShown = s.locator('[data-testid^="content-item-"]');
  const before = await itemsShown.count();
  await maker.getByRole('button', { name: button }).click();
  await expect.poll(() => itemsShown.count(), { timeout: 10_000 }).toBe(before + 1);
  const newest = itemsShown.first();
  const video = newest.locator('video');
  await video.waitFor({ timeout: 240_000 });
  return (await video.getAttribute('src'))!;
}

describe('clips, audiograms and quote cards in the browser, approved with the post', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    e.t.app.mediaJobs.start();
  });
  afterAll(() => e.close());

  it('renders a captioned 9:16 clip and an audiogram from marked passages, makes a quote card, attaches them to a LinkedIn post and the contributor plays them', async () => {
    const { contentId } = await seed(e);
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'vdi_admin');
    // The editor corrects the transcript: "Tim" becomes "Team" in the recordings' words.
    const saved = await page.request.put(`/api/submissions/${contentId}/transcript`, {
      data: { transcript: `Interviewer: Wie ging es los?\n\nDu: ${corrected}` },
      headers: { origin: e.t.url },
    });
    expect(saved.status()).toBe(200);
    await page.goto(`/eingang/${contentId}`);
    await section(page).waitFor();

    // Clip from the recorded video, word by word, with a hook and the name as a lower third; previewed first.
    const clipUrl = await markAndRender(page, `antwort.mp4 (${t.kinds.clip})`, t.render, async (maker) => {
      await maker.getByLabel(tt.captionStyleLabel).selectOption({ label: tt.captionStyles.words });
      await maker.getByLabel(tt.hookLabel).fill('Wie wird man Teamleiterin?');
      expect(await maker.getByLabel(tt.lowerThird, { exact: false }).isChecked()).toBe(true);
      const preview = maker.getByTestId('clip-preview');
      // Logo, hook, lower third and the first word's caption at 0.5 s, inside the crop frame over the picture.
      await expect
        .poll(() => preview.getByTestId('clip-preview-layer').count(), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(4);
      const crop = await preview.getByTestId('clip-preview-crop').boundingBox();
      const frame = await preview.locator('video').boundingBox();
      expect(crop!.height).toBeCloseTo(frame!.height, 0);
      expect(crop!.width / crop!.height).toBeCloseTo(9 / 16, 1);
      for (const layer of await preview.getByTestId('clip-preview-layer').all()) {
        const box = (await layer.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(crop!.x - 1);
        expect(box.x + box.width).toBeLessThanOrEqual(crop!.x + crop!.width + 1);
      }
      await preview.scrollIntoViewIfNeeded();
      await screenshot(page, 'content-clip-preview-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await preview.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.resolve('screenshots', 'content-clip-preview-390.png') });
      // Nothing cut at 390 px: the preview and the render button lie inside the page's width.
      for (const box of [
        await preview.boundingBox(),
        await maker.getByRole('button', { name: t.render }).boundingBox(),
      ])
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 900 });
      // "Übernehmen" of a proposal stays whole beside a long passage at 1280 px.
      await maker.getByRole('button', { name: t.proposals }).click();
      const take = maker.getByTestId('proposals').getByRole('button', { name: t.useProposal }).first();
      await take.waitFor();
      const makerBox = (await maker.boundingBox())!;
      const takeBox = (await take.boundingBox())!;
      expect(takeBox.x + takeBox.width).toBeLessThanOrEqual(makerBox.x + makerBox.width + 1);
      expect(await take.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    });
    // The clip's player on the detail page carries its captions.
    await captionCues(section(page).locator('[data-testid^="content-item-"]').first().locator('video'));
    const clipFile = path.join(dir, 'clip.mp4');
    writeFileSync(clipFile, await (await page.request.get(clipUrl)).body());
    const clip = await ffprobe(clipFile);
    const v = clip.streams.find((s) => s.codec_type === 'video')!;
    expect([v.codec_name, v.width, v.height]).toEqual(['h264', 1080, 1920]);
    // "Heute" (2.0 s) to half a second after "Leuten." (4.8 s), within the 5 s recording.
    expect(Number(clip.format?.duration)).toBeGreaterThan(2.8);
    expect(Number(clip.format?.duration)).toBeLessThan(3.1);
    writeFileSync(path.resolve('screenshots', 'content-clip-frame.png'), frameOf(clipFile, 1.2));
    // Read back: the burned-in word-by-word captions carry the corrected word, whole.
    const strip = await sharp(frameOf(clipFile, 1.2))
      .extract({ left: 90, top: 1000, width: 840, height: 500 })
      .png()
      .toBuffer();
    const captionText = await ocr(strip, 'clip-captions');
    expect(captionText, captionText).toMatch(/Team/);
    expect(captionText, captionText).toMatch(/zwölf/);
    expect(captionText, captionText).not.toMatch(/\bTim\b/);
    // A frame's caption area differs from the same frame of the source, reframed alike.
    const frame = (file: string, at: number, filter?: string) =>
      execFileSync('ffmpeg', [
        '-v',
        'error',
        '-ss',
        String(at),
        '-i',
        file,
        ...(filter ? ['-vf', filter] : []),
        '-frames:v',
        '1',
        '-f',
        'image2pipe',
        '-vcodec',
        'png',
        '-',
      ]);
    const area = { left: 90, top: 1200, width: 900, height: 300 };
    const a = await sharp(frame(clipFile, 1)).extract(area).removeAlpha().raw().toBuffer();
    const b = await sharp(frame(path.join(dir, 'answer.mp4'), 3, reframe(1280, 720, '9:16').filter))
      .extract(area)
      .removeAlpha()
      .raw()
      .toBuffer();
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff += Math.abs(a[i]! - b[i]!);
    expect(diff / a.length).toBeGreaterThan(20);

    // Audiogram from the interview recording.
    const audiogramUrl = await markAndRender(page, `interview.ogg (${t.kinds.audiogram})`, t.renderAudiogram);
    const audiogramFile = path.join(dir, 'audiogram.mp4');
    writeFileSync(audiogramFile, await (await page.request.get(audiogramUrl)).body());
    const audiogram = await ffprobe(audiogramFile);
    expect(audiogram.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Number(audiogram.format?.duration)).toBeGreaterThan(2.6);

    // Quote card from a transcript sentence, named (the contributor agreed).
    const cards = section(page).getByTestId('card-maker');
    await cards.getByLabel(t.quoteFromTranscript).selectOption({ label: 'Heute leite ich ein Team von zwölf Leuten.' });
    // The preview follows quote, format, layout, photo and name as they change.
    const cardPreview = cards.getByTestId('card-preview').getByRole('img', { name: tt.cardPreviewAlt });
    await cardPreview.waitFor();
    const shown = () => cardPreview.getAttribute('src');
    let before = await shown();
    for (const change of [
      () => cards.getByLabel(t.formatLabel).selectOption('1:1'),
      () => cards.getByLabel(t.showName, { exact: false }).check(),
      () => cards.getByLabel(tt.cardLayoutLabel).selectOption('name'),
      () => cards.getByLabel(t.photoLabel).selectOption({ label: 'werkhalle.jpg' }),
      () => cards.getByLabel(t.formatLabel).selectOption('4:5'),
    ]) {
      await change();
      await expect.poll(shown, { timeout: 10_000 }).not.toBe(before);
      before = await shown();
    }
    await cards.getByTestId('card-preview').scrollIntoViewIfNeeded();
    await screenshot(page, 'content-card-preview-1280');
    await cards.getByRole('button', { name: t.makeCard }).click();
    await toastWith(page, t.cardMade).waitFor();
    const card = section(page).locator('[data-testid^="content-item-"]').first().getByRole('img');
    await expect.poll(() => card.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1080);
    expect(await card.getAttribute('alt')).toBe(
      t.cardAlt('Heute leite ich ein Team von zwölf Leuten.', 'Erika Muster'),
    );
    // Read back: the card shows the corrected quote, its words whole, and the name.
    const cardPng = Buffer.from(
      await (await page.request.get((await card.getAttribute('src'))!.replace(/\?.*$/, ''))).body(),
    );
    const cardText = await ocr(cardPng, 'card', '3');
    for (const word of ['Heute', 'Team', 'zwölf', 'Leuten', 'Erika', 'Muster'])
      expect(cardText, cardText).toContain(word);
    await screenshot(page, 'content-section-1280');

    // Attach all three to the LinkedIn post, in order, and send it for approval.
    const post = page.getByRole('region', { name: p.section, exact: true });
    await post.getByLabel(p.bodyLabel, { exact: true }).fill('Erika Muster leitet heute ein Team von zwölf Leuten.');
    const items = post.getByTestId('post-items');
    for (let i = 0; i < 3; i++) await items.getByRole('button', { name: t.attach, exact: false }).first().click();
    // One order across photos and items: the photo goes in after the first clip.
    await post.getByRole('button', { name: `${p.pickImage}: werkhalle.jpg` }).click();
    const order = post.getByTestId('post-media-order');
    await order.getByLabel(`${p.altLabel} 4`).fill('Die Werkhalle');
    for (let i = 0; i < 2; i++)
      await order.getByRole('button', { name: new RegExp(`^${p.moveUp}: ${p.photoKind} `) }).click();
    expect(await order.getByTestId('item-consent').first().textContent()).toContain(
      `${t.consentKinds.video}: ${t.consentGiven}`,
    );
    const previewMedia = post.getByTestId('preview-media').locator('video, img');
    await expect.poll(() => previewMedia.count()).toBe(4);
    expect(await previewMedia.evaluateAll((els) => els.map((el) => el.tagName))).toEqual([
      'VIDEO',
      'IMG',
      'VIDEO',
      'IMG',
    ]);
    expect(await previewMedia.nth(1).getAttribute('alt')).toBe('Die Werkhalle');
    // The post's preview plays the clip and the audiogram with their captions too.
    for (const i of [0, 2]) await captionCues(previewMedia.nth(i));
    await screenshot(page, 'content-post-order-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await order.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.resolve('screenshots', 'content-post-order-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await post.getByRole('button', { name: p.save }).click();
    await toastWith(page, p.saved).waitFor();
    await post.getByRole('button', { name: p.sendForApproval }).click();
    await toastWith(page, p.sentForApproval).waitFor();
    const mail = await lastMailTo(e.t.app.db, 'erika@e2e.test');
    const link = /(http:\/\/\S+\/freigabe\/[A-Za-z0-9_-]+)/.exec(mail.body)![1]!;

    // The contributor's approval page shows and plays what will be published.
    const contributor = await e.newPage(PHONE);
    await contributor.goto(link);
    const preview = contributor.getByRole('article', { name: p.preview });
    await preview.waitFor();
    const videos = preview.locator('video');
    expect(await videos.count()).toBe(2);
    expect(await preview.locator('video, img').evaluateAll((els) => els.map((el) => el.tagName))).toEqual([
      'VIDEO',
      'IMG',
      'VIDEO',
      'IMG',
    ]);
    // The intro names what is to be approved.
    await contributor
      .getByText('Bitte prüfen Sie den Text, das Bild, den Clip, das Audiogramm und die Zitatkarte.', { exact: false })
      .waitFor();
    const played = await videos.first().evaluate(async (el) => {
      const video = el as HTMLVideoElement;
      video.muted = true;
      await video.play();
      await new Promise((r) => setTimeout(r, 700));
      return { time: video.currentTime, width: video.videoWidth, height: video.videoHeight };
    });
    expect(played.time).toBeGreaterThan(0.2);
    // Both players on the approval page carry the German captions, through the link's token.
    for (const i of [0, 1]) await captionCues(videos.nth(i));
    expect(await videos.first().locator('track').getAttribute('src')).toMatch(
      /^\/api\/freigabe\/[^/]+\/inhalte\/0\/captions\.vtt$/,
    );
    expect([played.width, played.height]).toEqual([1080, 1920]);
    await expect
      .poll(() =>
        preview
          .locator('img')
          .last()
          .evaluate((el) => (el as HTMLImageElement).naturalWidth),
      )
      .toBe(1080);
    await screenshot(contributor, 'content-approval-390');
    await contributor.setViewportSize({ width: 1280, height: 900 });
    await screenshot(contributor, 'content-approval-1280');

    // The ZIP export holds them.
    const zip = readZip(Buffer.from(await (await page.request.get(`/api/inbox/${contentId}/zip`)).body()));
    const names = [...zip.keys()];
    expect(names.filter((n) => /^clip-\d+-9x16\.mp4$/.test(n))).toHaveLength(1);
    expect(names.filter((n) => /^audiogramm-\d+-9x16\.mp4$/.test(n))).toHaveLength(1);
    expect(names.filter((n) => /^zitatkarte-\d+-4x5\.png$/.test(n))).toHaveLength(1);
    expect(zip.get('beitrag-linkedin.txt')!.toString('utf8')).toMatch(
      /1\. clip-\d+-9x16\.mp4 .*\n2\. werkhalle\.jpg – Die Werkhalle\n3\. audiogramm-\d+-9x16\.mp4 .*\n4\. zitatkarte-\d+-4x5\.png/,
    );
  });
});
