import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMediaTemplate } from '../../common/media-template';
import { tenantSettings } from '../../common/schemas/tenants';
import { texts } from '../../common/texts';
import { ffprobe } from '../media-jobs/ffmpeg';
import { attachFile } from '../submissions/files';
import { createSubmission } from '../submissions/service';
import { dialects } from '../testing/harness';
import { startServices, type TestServices } from '../testing/services';
import { updateTenant } from '../tenants/service';
import { toBuffer } from './sources';
import { audiogramLayout } from './audiogram';
import { safeAreas } from './clip';
import { readableBox } from './colour';
import { integratedLoudness, TARGET_LUFS } from './loudness';
import { RENDER_JOB, renderItem, renderJob } from './render';
import { createClip, findItem } from './service';

const dir = mkdtempSync(path.join(tmpdir(), 'ca-render-'));
const sentence = 'Heute leite ich ein Team von zwölf Leuten. Wir prüfen jede Windkraftanlage gründlich.';

/** One frame of a video as raw RGB. */
async function frameAt(file: string, at: number) {
  const png = execFileSync('ffmpeg', [
    ...['-v', 'error', '-ss', String(at), '-i', file, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-'],
  ]);
  return sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** How many pixels of a region are close to `hex` (within 40 per channel). */
function pixelsNear(
  frame: { data: Buffer; info: { width: number } },
  hex: string,
  box: { x: number; y: number; w: number; h: number },
) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  let n = 0;
  for (let y = box.y; y < box.y + box.h; y++)
    for (let x = box.x; x < box.x + box.w; x++) {
      const i = (y * frame.info.width + x) * 3;
      if (
        Math.abs(frame.data[i]! - r) < 40 &&
        Math.abs(frame.data[i + 1]! - g) < 40 &&
        Math.abs(frame.data[i + 2]! - b) < 40
      )
        n++;
    }
  return n;
}

describe.each(dialects)('captions people watch to the end, on %s', (dialect) => {
  let s: TestServices;
  let contentId = 0;
  let video = 0;
  let audio = 0;
  let speechSeconds = 0;
  let editor: Awaited<ReturnType<TestServices['user']>>;

  beforeAll(async () => {
    s = await startServices(dialect);
    s.deps.mediaJobs.register(RENDER_JOB, renderJob, (ctx) => renderItem(s.deps, ctx));
    s.deps.mediaJobs.start();
    editor = await s.user(`render-${dialect}@test.example`, 'vdi_admin');
    // German speech, recorded far too quietly (about −35 LUFS), with a test picture.
    execFileSync('espeak-ng', ['-v', 'de', '-s', '150', '-a', '12', '-w', path.join(dir, 'speech.wav'), sentence]);
    speechSeconds = Number((await ffprobe(path.join(dir, 'speech.wav'))).format?.duration);
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=1280x720:r=25:d=${speechSeconds + 1}`],
      ...['-i', path.join(dir, 'speech.wav'), '-af', 'apad', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-c:a', 'aac', '-t', String(speechSeconds + 1), '-y', path.join(dir, 'answer.mp4')],
    ]);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-i',
      path.join(dir, 'speech.wav'),
      '-c:a',
      'libopus',
      '-y',
      path.join(dir, 'voice.ogg'),
    ]);
    ({ contentId } = await createSubmission(s.deps.db, { tenant: 'vdi', kind: 'interview' }, { user: editor }));
    await s.deps.db
      .updateTable('submissions')
      .set({ contact_first_name: 'Klaus', contact_last_name: 'Müller-Lüdenscheidt', contact_role: 'Werkstattleiter' })
      .where('id', '=', contentId)
      .execute();
    for (const kind of ['publication', 'naming', 'video_rights'] as const)
      await s.deps.db
        .insertInto('consents')
        .values({ submission_id: contentId, kind, text: kind, given_at: new Date().toISOString() })
        .execute();
    const words = sentence.split(' ');
    const timing = { text: sentence, segments: [{ start: 0.1, end: speechSeconds - 0.1, text: sentence }] };
    expect(words.length).toBe(13);
    for (const [kind, file, type, ext] of [
      ['video', 'answer.mp4', 'video/mp4', 'mp4'],
      ['audio', 'voice.ogg', 'audio/ogg', 'ogg'],
    ] as const) {
      const media = await attachFile(s.deps, {
        contentId,
        kind,
        body: readFileSync(path.join(dir, file)),
        originalName: file,
        contentType: type,
        extension: ext,
      });
      await s.deps.db
        .updateTable('media')
        .set({
          timing: JSON.stringify(timing),
          duration_ms: Math.round((kind === 'video' ? speechSeconds + 1 : speechSeconds) * 1000),
          ...(kind === 'video' ? { width: 1280, height: 720 } : {}),
        })
        .where('id', '=', media.id)
        .execute();
      if (kind === 'video') video = Number(media.id);
      else audio = Number(media.id);
    }
  }, 60_000);
  afterAll(() => s.close());

  const row = () =>
    s.deps.db.selectFrom('submissions').selectAll().where('id', '=', contentId).executeTakeFirstOrThrow();
  async function rendered(itemId: number) {
    for (let i = 0; i < 600; i++) {
      const item = await findItem(s.deps, await row(), itemId);
      if (item.state !== 'rendering') {
        if (item.state !== 'ready')
          console.log(
            (await s.deps.db.selectFrom('jobs').select('last_error').where('id', '=', item.job_id!).executeTakeFirst())
              ?.last_error,
          );
        expect(item.state).toBe('ready');
        const file = path.join(dir, `item-${dialect}-${itemId}.mp4`);
        writeFileSync(file, await toBuffer(await s.deps.blobs.get(item.file_key!)));
        return file;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('render did not finish');
  }

  it('stores the tenant’s templates (layout, caption style, font) and refuses an unknown one with a German message', async () => {
    const registry = await s.deps.tenantRegistry.fresh();
    const vdi = registry.get('vdi')!;
    expect(vdi.media).toEqual(defaultMediaTemplate);
    const { key: _key, logoUrl: _l, builtin: _b, archivedAt: _a, createdAt: _c, updatedAt: _u, ...settings } = vdi;
    const bad = tenantSettings.safeParse({ ...settings, media: { ...settings.media, font: 'comic-sans' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(texts.templates.invalid);
    await updateTenant(
      s.deps,
      editor,
      'vdi',
      tenantSettings.parse({ ...settings, media: { cardLayout: 'name', captionStyle: 'words', font: 'atkinson' } }),
    );
    s.deps.tenantRegistry.invalidate();
    expect((await s.deps.tenantRegistry.fresh()).get('vdi')!.media).toEqual({
      cardLayout: 'name',
      captionStyle: 'words',
      font: 'atkinson',
    });
  });

  it.runIf(dialect === 'sqlite')(
    'renders a 9:16 clip word by word with the spoken word in the brand colour, a hook, a lower third, half a second after the last word, at −14 LUFS',
    async () => {
      const brand = readableBox((await s.deps.tenantRegistry.fresh()).get('vdi')!.brandColor).box;
      const item = await createClip(s.deps, { ...editor, scope: null }, await row(), {
        mediaId: video,
        start: 0,
        end: speechSeconds - 0.1,
        format: '9:16',
        cropX: 0.5,
        cropY: 0.5,
        photoMediaId: null,
        showName: true,
        hook: 'Was macht ein Windrad stark?',
        captionStyle: 'words',
      });
      const file = await rendered(item.id);
      const probe = await ffprobe(file);
      // Half a second after the last word (the file has more after it).
      expect(Number(probe.format?.duration)).toBeGreaterThan(speechSeconds - 0.1 + 0.35);
      expect(Number(probe.format?.duration)).toBeLessThan(speechSeconds - 0.1 + 0.75);
      const loudness = await integratedLoudness(file);
      expect(Math.abs(loudness - TARGET_LUFS)).toBeLessThanOrEqual(1.5);
      // Early: the hook at the top and the lower third; later: a word marked in the brand colour in the captions.
      const safe = safeAreas['9:16'];
      const early = await frameAt(file, 1);
      writeFileSync(path.join(dir, 'early.png'), await sharp(early.data, { raw: early.info }).png().toBuffer());
      expect(pixelsNear(early, '#ffffff', { x: safe.left, y: safe.top + 110, w: 600, h: 80 })).toBeGreaterThan(5000);
      const captions = { x: safe.left, y: safe.bottom - 200, w: safe.right - safe.left, h: 200 };
      const marked = [1.5, 2.5, 3.5].map(async (at) => pixelsNear(await frameAt(file, at), brand, captions));
      expect(Math.max(...(await Promise.all(marked)))).toBeGreaterThan(1500);
      const late = await frameAt(file, speechSeconds - 1);
      expect(pixelsNear(late, '#ffffff', { x: safe.left, y: safe.top + 110, w: 600, h: 80 })).toBeLessThan(2000);
    },
    120_000,
  );

  it.runIf(dialect === 'sqlite')(
    'renders an audiogram with the name, a progress bar that fills with the time and no empty half, at −14 LUFS',
    async () => {
      const item = await createClip(s.deps, { ...editor, scope: null }, await row(), {
        mediaId: audio,
        start: 0,
        end: speechSeconds - 0.1,
        format: '9:16',
        cropX: 0.5,
        cropY: 0.5,
        photoMediaId: null,
        showName: true,
        hook: null,
        captionStyle: 'plain',
      });
      const file = await rendered(item.id);
      expect(Math.abs((await integratedLoudness(file)) - TARGET_LUFS)).toBeLessThanOrEqual(1.5);
      const { bar } = audiogramLayout('9:16');
      const fg = readableBox((await s.deps.tenantRegistry.fresh()).get('vdi')!.brandColor).text;
      const filled = async (at: number) =>
        pixelsNear(await frameAt(file, at), fg, { x: bar.x, y: bar.y + 2, w: bar.width, h: bar.height - 4 }) /
        ((bar.height - 4) * bar.width);
      const [a, b] = [await filled(0.5), await filled(speechSeconds - 0.5)];
      expect(b).toBeGreaterThan(a + 0.5);
      const frame = await frameAt(file, 2);
      writeFileSync(path.join(dir, 'audiogram.png'), await sharp(frame.data, { raw: frame.info }).png().toBuffer());
      // Every third of the safe area carries something (portrait and name; waveform and bar; captions).
      const bg = readableBox((await s.deps.tenantRegistry.fresh()).get('vdi')!.brandColor).box;
      const safe = safeAreas['9:16'];
      const third = Math.floor((safe.bottom - safe.top) / 3);
      for (let i = 0; i < 3; i++) {
        const box = { x: safe.left, y: safe.top + i * third, w: safe.right - safe.left, h: third };
        expect(pixelsNear(frame, bg, box) / (box.w * box.h)).toBeLessThan(0.94);
      }
    },
    120_000,
  );
});
