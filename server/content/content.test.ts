import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem, ContentOverview } from '../../common/contracts/content';
import type { PostOverview, PublicApproval } from '../../common/contracts/post';
import { texts } from '../../common/texts';
import { readZip } from '../inbox/read-zip';
import { ffprobe } from '../media-jobs/ffmpeg';
import { attachFile } from '../submissions/files';
import { addUser, api, dialects, lastMailTo, login, startTestApp, type TestApp } from '../testing/harness';
import { contrast, readableBox, toHex } from './colour';
import { captionImage, captionStyle, reframe } from './clip';
import { cuesFor, wordsOf } from './timing';

const t = texts.content;
const dir = mkdtempSync(path.join(tmpdir(), 'ca-content-'));
const timing = {
  text: 'Ich habe hier angefangen. Heute leite ich ein Team von zwölf Leuten.',
  segments: [
    { start: 0.2, end: 1.9, text: 'Ich habe hier angefangen.' },
    { start: 2.0, end: 4.8, text: 'Heute leite ich ein Team von zwölf Leuten.' },
  ],
};

/** A picture as raw RGB and its size. */
/** The most frequent colour of RGB pixels and the most frequent one far from it (box and text). */
function twoColours(data: Buffer): [string, string] {
  const bins = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let i = 0; i < data.length; i += 3) {
    const key = ((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4);
    const bin = bins.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    bin.n++;
    bin.r += data[i]!;
    bin.g += data[i + 1]!;
    bin.b += data[i + 2]!;
    bins.set(key, bin);
  }
  const sorted = [...bins.values()].sort((a, b) => b.n - a.n);
  const mean = (x: { n: number; r: number; g: number; b: number }) =>
    toHex([x.r / x.n, x.g / x.n, x.b / x.n]) as string;
  const first = sorted[0]!;
  const far = sorted.find(
    (x) =>
      Math.abs(x.r / x.n - first.r / first.n) +
        Math.abs(x.g / x.n - first.g / first.n) +
        Math.abs(x.b / x.n - first.b / first.n) >
      300,
  );
  return [mean(first), far ? mean(far) : mean(first)];
}

async function raw(file: string | Buffer) {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, info };
}

describe.each(dialects)('content on %s', (dialect) => {
  let tApp: TestApp;
  let editor: string;
  let id = 0;
  let bare = 0;
  let video = 0;
  let audio = 0;
  let photo = 0;

  async function submission(fields: Record<string, unknown>) {
    const res = await api(tApp, 'POST', '/api/submissions', {
      cookie: editor,
      body: { tenant: 'vdi', kind: 'interview' },
    });
    await tApp.app.db.updateTable('submissions').set(fields).where('id', '=', res.body.contentId).execute();
    return res.body.contentId as number;
  }
  const overview = async (contentId: number) =>
    (await api(tApp, 'GET', `/api/content/${contentId}`, { cookie: editor })).body as ContentOverview;
  const bytes = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${tApp.url}${url}`, { headers: { cookie: editor, ...headers } });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      cache: res.headers.get('cache-control'),
      body: Buffer.from(await res.arrayBuffer()),
    };
  };

  beforeAll(async () => {
    tApp = await startTestApp(dialect);
    tApp.app.mediaJobs.start();
    await addUser(tApp.app, 'redaktion@example.de', 'vdi_admin');
    editor = await login(tApp, 'redaktion@example.de');
    const fields = {
      transcript:
        'Interviewer: Wie ging es los?\n\nDu: Ich habe hier angefangen. Heute leite ich ein Team von zwölf Leuten.',
      contact_first_name: 'Erika',
      contact_last_name: 'Muster',
      contact_role: 'Teamleiterin',
      contact_email: 'erika@example.de',
    };
    id = await submission(fields);
    bare = await submission(fields);
    for (const kind of ['publication', 'naming', 'photo_rights']) {
      await tApp.app.db
        .insertInto('consents')
        .values({ submission_id: id, kind, text: 'wie gezeigt', given_at: new Date().toISOString() })
        .execute();
    }
    if (dialect === 'sqlite') {
      execFileSync('ffmpeg', [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=s=640x360:r=25:d=5',
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
        path.join(dir, 'src.mp4'),
      ]);
      const row = await attachFile(tApp.app, {
        contentId: id,
        kind: 'video',
        body: readFileSync(path.join(dir, 'src.mp4')),
        originalName: 'antwort.mp4',
        contentType: 'video/mp4',
        extension: 'mp4',
      });
      video = Number(row.id);
      await tApp.app.db
        .updateTable('media')
        .set({ timing: JSON.stringify(timing), duration_ms: 5000, width: 640, height: 360 })
        .where('id', '=', row.id)
        .execute();
    } else {
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
        path.join(dir, 'voice.ogg'),
      ]);
      const row = await attachFile(tApp.app, {
        contentId: id,
        kind: 'audio',
        body: readFileSync(path.join(dir, 'voice.ogg')),
        originalName: 'interview.ogg',
        contentType: 'audio/ogg',
        extension: 'ogg',
      });
      audio = Number(row.id);
      await tApp.app.db
        .updateTable('media')
        .set({ timing: JSON.stringify(timing), duration_ms: 5000 })
        .where('id', '=', row.id)
        .execute();
    }
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c05020' } })
      .jpeg()
      .toBuffer();
    photo = Number(
      (
        await attachFile(tApp.app, {
          contentId: id,
          kind: 'photo',
          body: jpeg,
          originalName: 'portrait.jpg',
          contentType: 'image/jpeg',
          extension: 'jpg',
        })
      ).id,
    );
  });
  afterAll(() => tApp.close());

  let card: ContentItem;

  it('makes quote cards at 1080×1350 and 1080×1080 in the tenant colour with the quote drawn and as alt text', async () => {
    const res = await api(tApp, 'POST', `/api/content/${id}/cards`, {
      cookie: editor,
      body: { format: '4:5', quote: 'Heute leite ich ein Team von zwölf Leuten.', showName: true, photoMediaId: photo },
    });
    expect(res.status).toBe(201);
    card = res.body;
    expect(card).toMatchObject({
      kind: 'card',
      state: 'ready',
      fileType: 'image/png',
      alt: t.cardAlt('Heute leite ich ein Team von zwölf Leuten.', 'Erika Muster'),
    });
    const file = await bytes(card.url!);
    expect(file.type).toBe('image/png');
    const { data, info } = await raw(file.body);
    expect([info.width, info.height]).toEqual([1080, 1350]);
    // Text pixels: white glyphs on the VDI blue, within the quote's area.
    const background = readableBox('#005ea8').box;
    let white = 0;
    let brand = 0;
    for (let i = 0; i < data.length; i += 3) {
      if (data[i]! > 240 && data[i + 1]! > 240 && data[i + 2]! > 240) white++;
      if (
        Math.abs(data[i]! - parseInt(background.slice(1, 3), 16)) < 4 &&
        Math.abs(data[i + 2]! - parseInt(background.slice(5, 7), 16)) < 4
      )
        brand++;
    }
    expect(white).toBeGreaterThan(20_000);
    expect(brand).toBeGreaterThan(info.width * info.height * 0.6);
    // The photo's orange lies in the card.
    let orange = 0;
    for (let i = 0; i < data.length; i += 3) if (data[i]! > 170 && data[i + 1]! < 110 && data[i + 2]! < 60) orange++;
    expect(orange).toBeGreaterThan(5000);

    const square = await api(tApp, 'POST', `/api/content/${id}/cards`, {
      cookie: editor,
      body: { format: '1:1', quote: 'Ich habe hier angefangen.' },
    });
    expect((await raw((await bytes(square.body.url)).body)).info).toMatchObject({ width: 1080, height: 1080 });
  });

  it('shows the name only with consent and refuses to attach what the consent does not cover', async () => {
    const named = await api(tApp, 'POST', `/api/content/${bare}/cards`, {
      cookie: editor,
      body: { format: '1:1', quote: 'Ein Satz.', showName: true },
    });
    expect(named.status).toBe(409);
    expect(named.body.message).toBe(t.noNamingConsent);
    const unnamed = await api(tApp, 'POST', `/api/content/${bare}/cards`, {
      cookie: editor,
      body: { format: '1:1', quote: 'Ein Satz.' },
    });
    expect(unnamed.status).toBe(201);
    expect(unnamed.body.attachable).toBe(false);
    const attach = await api(tApp, 'POST', `/api/posts/${bare}/linkedin/versions`, {
      cookie: editor,
      body: { body: 'Text', items: [{ itemId: unnamed.body.id, alt: 'Zitat' }] },
    });
    expect(attach.status).toBe(409);
    expect(attach.body.message).toBe(t.noPublicationConsent);
    // Another submission's item is not this one's.
    const foreign = await api(tApp, 'POST', `/api/posts/${id}/linkedin/versions`, {
      cookie: editor,
      body: { body: 'Text', items: [{ itemId: unnamed.body.id, alt: 'Zitat' }] },
    });
    expect(foreign.status).toBe(400);
    expect((await overview(id)).consent).toEqual({ publication: true, naming: true, photo: true, video: false });
  });

  let rendered: ContentItem;

  it('renders a passage as a clip (video) or audiogram (audio) in a job with progress, snapped to the words', async () => {
    const mediaId = dialect === 'sqlite' ? video : audio;
    const proposals = await api(tApp, 'GET', `/api/content/${id}/proposals?mediaId=${mediaId}`, { cookie: editor });
    expect(proposals.body.kind).toBe('rules');
    expect(proposals.body.passages.length).toBeGreaterThan(0);
    const res = await api(tApp, 'POST', `/api/content/${id}/clips`, {
      cookie: editor,
      body: { mediaId, start: 2.3, end: 4.5, format: '9:16', photoMediaId: dialect === 'sqlite' ? null : photo },
    });
    expect(res.status).toBe(201);
    expect(res.body.kind).toBe(dialect === 'sqlite' ? 'clip' : 'audiogram');
    // Snapped out to the start of "Heute" and the end of "Leuten.".
    expect(res.body.spec.start).toBeCloseTo(2.0, 1);
    expect(res.body.spec.end).toBeCloseTo(4.8, 1);
    let item: ContentItem = res.body;
    for (let i = 0; i < 600 && item.state !== 'ready' && item.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      item = (await overview(id)).items.find((x) => x.id === res.body.id)!;
    }
    expect(item.state).toBe('ready');
    rendered = item;
    const file = await bytes(item.url!);
    const out = path.join(dir, `out-${dialect}.mp4`);
    writeFileSync(out, file.body);
    const probe = await ffprobe(out);
    const v = probe.streams.find((s) => s.codec_type === 'video')!;
    expect([v.codec_name, v.width, v.height]).toEqual(['h264', 1080, 1920]);
    expect(probe.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(Number(probe.format?.duration)).toBeGreaterThan(2.6);
    expect(Number(probe.format?.duration)).toBeLessThan(3.1);
    // Range requests (playing and seeking).
    const ranged = await bytes(item.url!, { range: 'bytes=0-99' });
    expect([ranged.status, ranged.cache]).toEqual([206, 'private, no-store']);

    // The caption area differs from the same frame without captions.
    const frame = (file: string, filter: string | null, at: number) =>
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
    const captionArea = { left: 90, top: 1200, width: 900, height: 300 };
    const withCaptions = await raw(
      await sharp(frame(out, null, 1))
        .extract(captionArea)
        .toBuffer(),
    );
    const plain =
      dialect === 'sqlite'
        ? await raw(
            await sharp(frame(path.join(dir, 'src.mp4'), reframe(640, 360, '9:16').filter, 3))
              .extract(captionArea)
              .toBuffer(),
          )
        : null;
    if (plain) {
      let diff = 0;
      for (let i = 0; i < plain.data.length; i++) diff += Math.abs(plain.data[i]! - withCaptions.data[i]!);
      expect(diff / plain.data.length).toBeGreaterThan(20);
    }
    // White caption text is in the area.
    let white = 0;
    for (let i = 0; i < withCaptions.data.length; i += 3)
      if (withCaptions.data[i]! > 235 && withCaptions.data[i + 1]! > 235 && withCaptions.data[i + 2]! > 235) white++;
    expect(white).toBeGreaterThan(2000);

    // On the rendered frame: caption text on its box at ≥ 4.5:1, and an audiogram's box stands out
    // from the brand-coloured background (not the same colour).
    const cue = cuesFor(
      wordsOf(timing),
      Number(item.spec.start),
      Number(item.spec.end),
      captionStyle['9:16'].maxChars,
    ).find((c) => c.start <= 1 && c.end >= 1)!;
    const placed = await captionImage(cue, '9:16', '#005ea8', item.kind === 'audiogram');
    const still = frame(out, null, 1);
    const box = await raw(
      await sharp(still)
        .extract({ left: placed.x + 4, top: placed.y + 4, width: placed.width - 8, height: placed.height - 8 })
        .toBuffer(),
    );
    const [boxColour, textColour] = twoColours(box.data);
    expect(contrast(boxColour, textColour)).toBeGreaterThanOrEqual(4.5);
    if (item.kind === 'audiogram') {
      const background = await raw(
        await sharp(still).extract({ left: 10, top: 900, width: 40, height: 40 }).toBuffer(),
      );
      expect(contrast(boxColour, twoColours(background.data)[0])).toBeGreaterThanOrEqual(4.5);
    }
    // A render measures the loudness first (loudness.ts): on a busy machine it takes more than 30 s.
  }, 120_000);

  it('cancels a render', async () => {
    const mediaId = dialect === 'sqlite' ? video : audio;
    const res = await api(tApp, 'POST', `/api/content/${id}/clips`, {
      cookie: editor,
      body: { mediaId, start: 0, end: 4.8, format: '16:9' },
    });
    expect((await api(tApp, 'POST', `/api/content/${id}/items/${res.body.id}/cancel`, { cookie: editor })).status).toBe(
      200,
    );
    let state = '';
    for (let i = 0; i < 100 && state !== 'cancelled'; i++) {
      state = (await overview(id)).items.find((x) => x.id === res.body.id)!.state;
      if (state !== 'cancelled') await new Promise((r) => setTimeout(r, 200));
    }
    expect(state).toBe('cancelled');
  });

  it('attaches items to a post; the approval page plays them; an edit outdates the approval; the ZIP holds them', async () => {
    if (rendered.kind === 'clip') {
      // A clip shows the person's picture and voice: without the video-rights consent it is refused.
      expect(rendered.needs.video).toBe(true);
      expect(rendered.attachable).toBe(false);
      const refused = await api(tApp, 'POST', `/api/posts/${id}/linkedin/versions`, {
        cookie: editor,
        body: { body: 'Unser neuer Beitrag', items: [{ itemId: rendered.id, alt: 'Clip' }] },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(t.noVideoConsent);
      await tApp.app.db
        .insertInto('consents')
        .values({ submission_id: id, kind: 'video_rights', text: 'wie gezeigt', given_at: new Date().toISOString() })
        .execute();
      const after = (await overview(id)).items.find((x) => x.id === rendered.id)!;
      expect(after.attachable).toBe(true);
    } else expect(rendered.needs.video).toBe(false);
    // Photos and items in one order: the clip, the photo, the card.
    const ordered = {
      body: 'Unser neuer Beitrag',
      images: [{ mediaId: photo, alt: 'Portrait', position: 1 }],
      items: [
        { itemId: rendered.id, alt: 'Clip mit Untertiteln', position: 0 },
        { itemId: card.id, alt: card.alt, position: 2 },
      ],
    };
    const twice = await api(tApp, 'POST', `/api/posts/${id}/linkedin/versions`, {
      cookie: editor,
      body: { ...ordered, images: [{ mediaId: photo, alt: 'Portrait', position: 0 }] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(texts.post.orderInvalid);
    const save = await api(tApp, 'POST', `/api/posts/${id}/linkedin/versions`, { cookie: editor, body: ordered });
    expect(save.status).toBe(201);
    expect((await api(tApp, 'POST', `/api/posts/${id}/linkedin/approvals`, { cookie: editor })).status).toBe(201);
    const mail = await lastMailTo(tApp.app.db, 'erika@example.de');
    const token = /\/freigabe\/([A-Za-z0-9_-]{40,})/.exec(mail.body)![1]!;
    const page = (await api(tApp, 'GET', `/api/freigabe/${token}`)).body as PublicApproval;
    expect(page.items.map((i) => [i.kind, i.video, i.alt])).toEqual([
      [rendered.kind, true, 'Clip mit Untertiteln'],
      ['card', false, card.alt],
    ]);
    expect(page.media.map((i) => [i.kind, i.video, i.alt])).toEqual([
      [rendered.kind, true, 'Clip mit Untertiteln'],
      ['photo', false, 'Portrait'],
      ['card', false, card.alt],
    ]);
    expect(page.media[1]!.url).toBe(page.images[0]!.url);
    const clip = await fetch(`${tApp.url}${page.items[0]!.url}`, { headers: { range: 'bytes=0-' } });
    expect(clip.status).toBe(206);
    expect(clip.headers.get('content-type')).toBe('video/mp4');
    expect((await fetch(`${tApp.url}/api/freigabe/${token}/inhalte/5`)).status).toBe(404);

    const edited = await api(tApp, 'POST', `/api/content/${id}/items/${card.id}/edit`, {
      cookie: editor,
      body: { quote: 'Ich habe hier angefangen.' },
    });
    expect(edited.status).toBe(201);
    const post = ((await api(tApp, 'GET', `/api/posts/${id}`, { cookie: editor })).body as PostOverview).channels.find(
      (c) => c.channel === 'linkedin',
    )!;
    expect(post.versions.at(-1)!.items.map((i) => [i.itemId, i.position])).toEqual([
      [rendered.id, 0],
      [edited.body.id, 2],
    ]);
    expect(post.versions.at(-1)!.images.map((i) => i.position)).toEqual([1]);
    expect(post.approvals[0]!.outdated).toBe(true);

    const zip = readZip((await bytes(`/api/inbox/${id}/zip`)).body);
    const names = [...zip.keys()];
    expect(names).toContain(`zitatkarte-${card.id}-4x5.png`);
    expect(names).toContain(`${rendered.kind === 'clip' ? 'clip' : 'audiogramm'}-${rendered.id}-9x16.mp4`);
    // The post's file lists them in the one order.
    const listed = zip.get('beitrag-linkedin.txt')!.toString('utf8');
    const clipName = `${rendered.kind === 'clip' ? 'clip' : 'audiogramm'}-${rendered.id}-9x16.mp4`;
    expect(listed).toContain('Unser neuer Beitrag');
    expect(listed.indexOf(`1. ${clipName}`)).toBeGreaterThan(0);
    expect(listed.indexOf('2. portrait.jpg')).toBeGreaterThan(listed.indexOf(`1. ${clipName}`));
    expect(listed.indexOf(`3. zitatkarte-${edited.body.id}-4x5.png`)).toBeGreaterThan(
      listed.indexOf('2. portrait.jpg'),
    );
  });
});
