import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import type { Dialect } from '../db/database';
import { startS3rver } from '../storage/s3-test-server';
import { addUser, api, login, startTestApp, type TestApp } from '../testing/harness';
import * as fixture from './testing/fixtures';
import { processPhoto } from './service';
import { createUpload, patchUpload, tusUpload, uploadOffset } from './testing/tus';

const combos: [Dialect, 'local' | 's3'][] = [
  ['sqlite', 'local'],
  ['postgres', 'local'],
  ['sqlite', 's3'],
  ['postgres', 's3'],
];

/** Solves the ALTCHA proof of work as the browser widget would, and returns the form value. */
// biome-ignore lint/suspicious/noExportsInTest: other API tests solve the captcha the same way
export async function solveAltcha(t: TestApp): Promise<string> {
  const challenge = (await api(t, 'GET', '/api/public/challenge')).body;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

async function fetchBytes(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${url}`, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe.each(combos)('uploads on %s with the %s blob store', (dialect, storeKind) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3rver>> | null = null;
  let owner: string;
  let other: string;
  let admin: string;
  let bankUser: string;

  beforeAll(async () => {
    s3 = storeKind === 's3' ? await startS3rver() : null;
    t = await startTestApp(dialect, {
      ALTCHA_MAX_NUMBER: '2000',
      PUBLIC_SUBMISSIONS_PER_HOUR: '100',
      MAX_VIDEO_MB: '3',
      ...(s3?.env ?? {}),
    });
    t.app.jobs.start();
    t.app.mediaJobs.start();
    await addUser(t.app, 'vdi@example.org', 'vdi_admin');
    await addUser(t.app, 'andere@example.org', 'firma_a');
    await addUser(t.app, 'admin@example.org', 'admin');
    await addUser(t.app, 'bank@example.org', 'bank');
    owner = await login(t, 'vdi@example.org');
    other = await login(t, 'andere@example.org');
    admin = await login(t, 'admin@example.org');
    bankUser = await login(t, 'bank@example.org');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  async function newSubmission(cookie = owner, tenant = 'vdi'): Promise<number> {
    const res = await api(t, 'POST', '/api/submissions', { cookie, body: { tenant, kind: 'upload' } });
    expect(res.status).toBe(201);
    return res.body.contentId;
  }

  async function mediaRows(contentId: number) {
    return t.app.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).execute();
  }

  it('stores a photo without EXIF (GPS) and with its orientation applied, with a thumbnail', async () => {
    const contentId = await newSubmission();
    const original = await fixture.jpegWithGps();
    expect(await fixture.hasGps(original)).toBe(true);
    const res = await tusUpload(t, {
      bytes: original,
      contentId,
      page: 'upload',
      filename: 'Straße/../Foto mit GPS.jpg',
      headers: { cookie: owner },
    });
    expect(res.status).toBe(200);
    expect(res.body.media).toMatchObject({ kind: 'photo', fileType: 'image/jpeg', originalName: 'Foto mit GPS.jpg' });
    expect(res.body.media.thumbnailUrl).toMatch(/^\/api\/media\/\d+\/thumbnail\?/);

    const stored = await fetchBytes(t, res.body.media.url);
    expect(stored.status).toBe(200);
    const meta = await sharp(stored.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(await fixture.hasGps(stored.bytes)).toBe(false);
    expect([meta.width, meta.height]).toEqual([32, 64]);
    const thumb = await fetchBytes(t, res.body.media.thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect((await sharp(thumb.bytes).metadata()).format).toBe('jpeg');

    const [row] = await mediaRows(contentId);
    expect(row!.file_path).toMatch(new RegExp(`^${contentId}/\\d+_[0-9a-f]+\\.jpg$`));
    expect(Number(row!.size)).toBe(stored.bytes.length);
  });

  it('registers a photo once even when its job runs again after a crash', async () => {
    const contentId = await newSubmission();
    await tusUpload(t, {
      bytes: await fixture.png(),
      contentId,
      page: 'upload',
      filename: 'einmal.png',
      headers: { cookie: owner },
    });
    const [row] = await mediaRows(contentId);
    const stagingKey = `${contentId}/incoming_again.png`;
    await t.app.blobs.put(stagingKey, await fixture.png());
    const again = await processPhoto(t.app, {
      uploadId: row!.upload_id!,
      stagingKey,
      contentId,
      surface: 'media',
      format: 'png',
      originalName: 'einmal.png',
    });
    expect(again).toEqual({ mediaId: row!.id });
    expect(await mediaRows(contentId)).toHaveLength(1);
    expect(await t.app.blobs.stat(stagingKey)).toBeNull();
  });

  it('accepts PNG, WebP, MP4, MOV, WebM, PDF, DOCX and TXT on the media page, typed by their bytes', async () => {
    const contentId = await newSubmission();
    const files: [string, Buffer, string, string][] = [
      ['bild.png', await fixture.png(), 'photo', 'image/png'],
      ['bild.webp', await fixture.webp(), 'photo', 'image/webp'],
      ['clip.mp4', fixture.video('mp4'), 'video', 'video/mp4'],
      ['clip.mov', fixture.video('mov'), 'video', 'video/quicktime'],
      ['clip.webm', fixture.video('webm'), 'video', 'video/webm'],
      ['bericht.pdf', fixture.pdf(), 'document', 'application/pdf'],
      [
        'bericht.docx',
        await fixture.docx(),
        'document',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['notiz.txt', fixture.txt(), 'document', 'text/plain'],
    ];
    for (const [name, bytes, kind, fileType] of files) {
      const res = await tusUpload(t, { bytes, contentId, page: 'upload', filename: name, headers: { cookie: owner } });
      expect(res.status, name).toBe(200);
      expect(res.body.media, name).toMatchObject({ kind, fileType, originalName: name, size: expect.any(Number) });
    }
    const list = await api(t, 'GET', `/api/submissions/${contentId}/media`, { cookie: owner });
    expect(list.body).toHaveLength(8);
    // Videos get a poster frame from the background job.
    await expect
      .poll(async () => (await mediaRows(contentId)).filter((m) => m.kind === 'video' && m.thumbnail_path).length, {
        timeout: 20_000,
      })
      .toBe(3);
    const listed = (await api(t, 'GET', `/api/submissions/${contentId}/media`, { cookie: owner })).body;
    const mp4 = listed.find((m: { originalName: string }) => m.originalName === 'clip.mp4');
    const poster = await fetchBytes(t, mp4.thumbnailUrl);
    expect((await sharp(poster.bytes).metadata()).width).toBeGreaterThan(0);
    const txt = await fetchBytes(t, listed.find((m: { originalName: string }) => m.originalName === 'notiz.txt').url);
    expect(txt.bytes.toString('utf8')).toBe(fixture.txt().toString('utf8'));
    expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  }, 60_000);

  it('refuses a renamed executable and an HTML file called .jpg, deletes them and registers nothing', async () => {
    const contentId = await newSubmission();
    for (const [name, bytes] of [
      ['urlaub.jpg', fixture.exe()],
      ['bild.jpg', fixture.html()],
    ] as const) {
      const res = await tusUpload(t, { bytes, contentId, page: 'upload', filename: name, headers: { cookie: owner } });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        title: texts.uploads.invalidTypeTitle,
        message: texts.uploads.contentMismatch(name),
      });
      expect((await uploadOffset(res.location!, { cookie: owner })).status).toBe(404);
    }
    expect(await mediaRows(contentId)).toHaveLength(0);
    if (storeKind === 'local') {
      // The partial upload's file is gone from the tus directory.
      expect(readdirSync(path.join(t.config.dataDir, 'uploads')).filter((f) => !f.startsWith('.'))).toEqual([]);
    } else {
      // The partial upload's row and its pieces in the bucket are gone.
      expect(await t.app.db.selectFrom('tus_uploads').selectAll().execute()).toEqual([]);
      const files = readdirSync(s3!.directory, { recursive: true }).map(String);
      expect(files.filter((f) => f.includes('tus') && statSync(path.join(s3!.directory, f)).isFile())).toEqual([]);
    }
    if (storeKind === 'local') {
      expect(readdirSync(path.join(t.config.dataDir, 'files')).filter((f) => f === String(contentId))).toEqual([]);
    }
  });

  it('refuses a 5 MB document on the media page with "Datei zu groß"', async () => {
    const contentId = await newSubmission();
    const big = Buffer.concat([fixture.pdf(), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    const res = await tusUpload(t, {
      bytes: big,
      contentId,
      page: 'upload',
      filename: 'gross.pdf',
      headers: { cookie: owner },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      title: 'Datei zu groß',
      message: 'gross.pdf ist zu groß. Maximale Dateigröße: 4MB',
    });
    expect(await mediaRows(contentId)).toHaveLength(0);
  });

  it('refuses a video above MAX_VIDEO_MB before a byte is sent', async () => {
    const contentId = await newSubmission();
    const res = await createUpload(t, {
      size: 4 * 1024 * 1024,
      contentId,
      page: 'upload',
      filename: 'lang.mp4',
      headers: { cookie: owner },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('lang.mp4 ist zu groß. Maximale Dateigröße: 3MB');
  });

  it('refuses every photo without the photo-rights answer, on every page that takes photos and on the public link, with the German text', async () => {
    const refused = { title: texts.uploads.rightsTitle, message: texts.uploads.rightsText };
    const photoPages: [string, string][] = [
      [owner, 'upload'],
      [owner, 'image-upload'],
      [owner, 'document-image-upload'],
      [owner, 'image-upload-after-voice'],
      // The bank's combined page (documents and photos) and its photo pages.
      [bankUser, 'document-image-upload'],
      [bankUser, 'image-upload'],
      [bankUser, 'image-upload-after-voice'],
    ];
    for (const [cookie, page] of photoPages) {
      const contentId = await newSubmission(cookie, cookie === bankUser ? 'bank' : 'vdi');
      const bytes = await fixture.png();
      // Named as a photo: refused before any byte is sent.
      const early = await createUpload(t, {
        size: bytes.length,
        contentId,
        page,
        filename: 'a.png',
        headers: { cookie },
        rights: false,
      });
      expect(early.status, page).toBe(400);
      expect(early.body, page).toMatchObject(refused);
      // Named as something else: its bytes are a photo, refused when the upload finishes, nothing kept.
      const late = await tusUpload(t, { bytes, contentId, page, filename: 'scan', headers: { cookie }, rights: false });
      expect(late.status, page).toBe(400);
      expect(late.body, page).toMatchObject(refused);
      expect(await mediaRows(contentId), page).toHaveLength(0);
    }
    // A document on the bank's combined page needs no answer; with the answer a photo is taken.
    const bank = await newSubmission(bankUser, 'bank');
    const doc = { contentId: bank, page: 'document-image-upload', headers: { cookie: bankUser } };
    expect((await tusUpload(t, { ...doc, bytes: fixture.pdf(), filename: 'a.pdf', rights: false })).status).toBe(200);
    expect((await tusUpload(t, { ...doc, bytes: await fixture.png(), filename: 'b.png' })).status).toBe(200);

    const altcha = await solveAltcha(t);
    const created = await api(t, 'POST', '/api/public/submissions', { body: { tenant: 'vdi', altcha } });
    const mine = { 'x-submission-token': created.body.accessToken };
    const bytes = await fixture.png();
    const anonymous = {
      bytes,
      contentId: created.body.contentId,
      page: 'public-upload',
      filename: 'c.png',
      headers: mine,
    };
    const res = await tusUpload(t, { ...anonymous, rights: false });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(refused);
    expect((await tusUpload(t, anonymous)).status).toBe(200);
  });

  it('takes one photo on the image page, and no document there', async () => {
    const contentId = await newSubmission();
    const doc = await tusUpload(t, {
      bytes: fixture.pdf(),
      contentId,
      page: 'image-upload',
      filename: 'a.pdf',
      headers: { cookie: owner },
    });
    expect(doc.status).toBe(415);
    const first = await tusUpload(t, {
      bytes: await fixture.png(),
      contentId,
      page: 'image-upload',
      filename: 'a.png',
      headers: { cookie: owner },
    });
    expect(first.status).toBe(200);
    const second = await tusUpload(t, {
      bytes: await fixture.png(),
      contentId,
      page: 'image-upload',
      filename: 'b.png',
      headers: { cookie: owner },
    });
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ title: 'Zu viele Dateien', message: 'Sie können maximal 1 Datei hochladen.' });
  });

  it("accepts CSV on the bank's document page but not on the association's", async () => {
    const csv = Buffer.from('Name;Betrag\nMüller;12,50\n');
    const bank = await newSubmission(bankUser, 'bank');
    expect(
      (
        await tusUpload(t, {
          bytes: csv,
          contentId: bank,
          page: 'document-upload',
          filename: 'zahlen.csv',
          headers: { cookie: bankUser },
        })
      ).body.media,
    ).toMatchObject({ fileType: 'text/csv' });
    const vdi = await newSubmission();
    expect(
      (
        await tusUpload(t, {
          bytes: await fixture.webp(),
          contentId: bank,
          page: 'image-upload',
          filename: 'x.webp',
          headers: { cookie: bankUser },
        })
      ).status,
    ).toBe(415);
    const res = await tusUpload(t, {
      bytes: fixture.exe(),
      contentId: vdi,
      page: 'document-upload',
      filename: 'zahlen.csv',
      headers: { cookie: owner },
    });
    expect(res.status).toBe(415);
  });

  it('resumes an interrupted upload where it stopped', async () => {
    const contentId = await newSubmission();
    const bytes = fixture.video('mp4');
    const created = await createUpload(t, {
      size: bytes.length,
      contentId,
      page: 'upload',
      filename: 'unterbrochen.mp4',
      headers: { cookie: owner },
    });
    expect(created.status).toBe(201);
    const half = Math.floor(bytes.length / 2);
    // The connection drops after the first half: the server keeps what arrived.
    const first = await patchUpload(created.location!, 0, bytes.subarray(0, half), { cookie: owner });
    expect(first.status).toBe(204);
    const head = await uploadOffset(created.location!, { cookie: owner });
    expect(head.offset).toBe(half);
    const rest = await patchUpload(created.location!, head.offset, bytes.subarray(head.offset), { cookie: owner });
    expect(rest.status).toBe(200);
    const stored = await fetchBytes(t, rest.body.media.url);
    expect(stored.bytes.equals(bytes)).toBe(true);
  });

  it('streams byte ranges so videos can seek', async () => {
    const contentId = await newSubmission();
    const bytes = fixture.video('webm');
    const res = await tusUpload(t, {
      bytes,
      contentId,
      page: 'upload',
      filename: 'clip.webm',
      headers: { cookie: owner },
    });
    const part = await fetchBytes(t, res.body.media.url, { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`);
    expect(part.bytes.equals(bytes.subarray(10, 20))).toBe(true);
    // Personal media never stays in the browser's cache; ranges still play and seek.
    expect(part.headers.get('cache-control')).toBe('private, no-store');
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    const tail = await fetchBytes(t, `/api/media/${res.body.media.id}/file?download=1`, {
      range: 'bytes=-5',
      cookie: owner,
    });
    expect(tail.bytes.equals(bytes.subarray(-5))).toBe(true);
    expect(tail.headers.get('content-disposition')).toMatch(/^attachment; filename="clip.webm"/);
    expect((await fetchBytes(t, res.body.media.url, { range: `bytes=${bytes.length + 5}-` })).status).toBe(416);
  });

  it('keeps file names with path parts, control characters and umlauts harmless', async () => {
    const contentId = await newSubmission();
    const res = await tusUpload(t, {
      bytes: fixture.txt(),
      contentId,
      page: 'upload',
      filename: 'C:\\temp\\..\\Ärger\u0007\u0001 über "Öl".txt',
      headers: { cookie: owner },
    });
    expect(res.status).toBe(200);
    expect(res.body.media.originalName).toBe('Ärger über Öl.txt');
    const file = await fetchBytes(t, `/api/media/${res.body.media.id}/file?download=1`, { cookie: owner });
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="_rger _ber _l.txt"; filename*=UTF-8''${encodeURIComponent('Ärger über Öl.txt')}`,
    );
    const [row] = await mediaRows(contentId);
    expect(row!.file_path).toMatch(new RegExp(`^${contentId}/\\d+_[0-9a-f]+\\.txt$`));
  });

  it('serves only pictures, videos and sound inline; a text file goes out as a download even without ?download', async () => {
    const contentId = await newSubmission();
    const text = await tusUpload(t, {
      bytes: fixture.txt(),
      contentId,
      page: 'upload',
      filename: 'notiz.txt',
      headers: { cookie: owner },
    });
    const plain = await fetchBytes(t, `/api/media/${text.body.media.id}/file`, { cookie: owner });
    expect(plain.headers.get('content-disposition')).toMatch(/^attachment; filename="notiz.txt"/);
    const video = await tusUpload(t, {
      bytes: fixture.video('webm'),
      contentId,
      page: 'upload',
      filename: 'clip.webm',
      headers: { cookie: owner },
    });
    const shown = await fetchBytes(t, `/api/media/${video.body.media.id}/file`, { cookie: owner });
    expect(shown.headers.get('content-disposition')).toMatch(/^inline; filename="clip.webm"/);
  });

  it('lets only the owner and editors read the files; another user and guessed ids get nothing', async () => {
    const contentId = await newSubmission();
    const res = await tusUpload(t, {
      bytes: await fixture.png(),
      contentId,
      page: 'upload',
      filename: 'privat.png',
      headers: { cookie: owner },
    });
    const id = res.body.media.id;
    expect((await api(t, 'GET', `/api/submissions/${contentId}/media`, { cookie: other })).status).toBe(404);
    expect((await api(t, 'GET', `/api/submissions/${contentId}/media`)).status).toBe(404);
    expect((await fetchBytes(t, `/api/media/${id}/file`, { cookie: other })).status).toBe(404);
    expect((await fetchBytes(t, `/api/media/${id}/file`)).status).toBe(404);
    expect((await fetchBytes(t, res.body.media.url.replace(/sig=.{4}/, 'sig=AAAA'))).status).toBe(404);
    expect((await fetchBytes(t, `/api/media/${id}/file`, { cookie: admin })).status).toBe(200);
    expect((await api(t, 'GET', `/api/submissions/${contentId}/media`, { cookie: admin })).body).toHaveLength(1);
    // Nobody else may add files to the submission either.
    expect(
      (await createUpload(t, { size: 10, contentId, page: 'upload', filename: 'x.txt', headers: { cookie: other } }))
        .status,
    ).toBe(404);
  });

  it('runs the anonymous public flow with a proof of work and keeps other browsers out', async () => {
    const altcha = await solveAltcha(t);
    const created = await api(t, 'POST', '/api/public/submissions', { body: { tenant: 'firma-a', altcha } });
    expect(created.status).toBe(201);
    const { contentId, accessToken } = created.body;
    expect(accessToken).toMatch(/^[\w-]{40,}$/);
    const mine = { 'x-submission-token': accessToken };
    const up = await tusUpload(t, {
      bytes: await fixture.jpegWithGps(),
      contentId,
      page: 'public-upload',
      filename: 'anonym.jpg',
      headers: mine,
    });
    expect(up.status).toBe(200);
    expect((await api(t, 'GET', `/api/submissions/${contentId}/media`, { headers: mine })).body).toHaveLength(1);
    expect((await fetchBytes(t, `/api/media/${up.body.media.id}/file`, mine)).status).toBe(200);

    // Another browser: no token, a wrong token, or a logged-in stranger.
    for (const headers of [{}, { 'x-submission-token': 'x'.repeat(43) }, { cookie: other }] as Record<
      string,
      string
    >[]) {
      expect((await api(t, 'GET', `/api/submissions/${contentId}/media`, { headers })).status).toBe(404);
      expect((await fetchBytes(t, `/api/media/${up.body.media.id}/file`, headers)).status).toBe(404);
      expect(
        (await createUpload(t, { size: 10, contentId, page: 'public-upload', filename: 'x.txt', headers })).status,
      ).toBe(404);
    }
    // A half-done upload of the owner cannot be continued or inspected by anyone else.
    const pending = await createUpload(t, {
      size: 100,
      contentId,
      page: 'public-upload',
      filename: 'b.txt',
      headers: mine,
    });
    expect((await uploadOffset(pending.location!, {})).status).toBe(404);
    expect((await patchUpload(pending.location!, 0, Buffer.alloc(100, 0x61), {})).status).toBe(404);
    expect((await uploadOffset(pending.location!, mine)).offset).toBe(0);
  });

  it('refuses anonymous creation without a solved challenge, or with one used twice', async () => {
    expect(
      (await api(t, 'POST', '/api/public/submissions', { body: { tenant: 'vdi', altcha: 'e30=' } })).body.message,
    ).toBe(texts.uploads.challengeFailed);
    const altcha = await solveAltcha(t);
    expect((await api(t, 'POST', '/api/public/submissions', { body: { tenant: 'vdi', altcha } })).status).toBe(201);
    expect((await api(t, 'POST', '/api/public/submissions', { body: { tenant: 'vdi', altcha } })).status).toBe(403);
    expect(
      (await api(t, 'POST', '/api/public/submissions', { body: { tenant: 'nirgendwo', altcha: await solveAltcha(t) } }))
        .status,
    ).toBe(404);
  });

  it('reports the blob store in the health check', async () => {
    expect((await api(t, 'GET', '/api/health')).body).toMatchObject({ status: 'ready', storage: true });
  });
});

describe('rate limit of the public link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { ALTCHA_MAX_NUMBER: '1000', PUBLIC_SUBMISSIONS_PER_HOUR: '2' });
  });
  afterAll(async () => t?.close());

  it('allows a few anonymous submissions per address and hour, then says so in German', async () => {
    for (let i = 0; i < 2; i++)
      expect(
        (await api(t, 'POST', '/api/public/submissions', { body: { tenant: 'bank', altcha: await solveAltcha(t) } }))
          .status,
      ).toBe(201);
    const res = await api(t, 'POST', '/api/public/submissions', {
      body: { tenant: 'bank', altcha: await solveAltcha(t) },
    });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(texts.uploads.tooManyPublic);
  });
});
