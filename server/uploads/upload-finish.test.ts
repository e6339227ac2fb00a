import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import type { Dialect } from '../db/database';
import type { BlobStore } from '../storage/blob-store';
import { openMultipartUploads, startS3rver } from '../storage/s3-test-server';
import { addUser, api, login, startTestApp, type TestApp } from '../testing/harness';
import * as fixture from './testing/fixtures';
import { createUpload, patchUpload, tusUpload, uploadOffset } from './testing/tus';
import { MultipartTusStore } from './tus-blob-store';

const MB = 1024 * 1024;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A video the server accepts (an MP4 head) followed by random bytes up to `size`. */
function bigVideo(size: number): Buffer {
  const head = fixture.video('mp4');
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

/** Counts the bytes the server writes into its blob store, per key (puts and multipart parts). */
function countWrites(blobs: BlobStore) {
  const written = new Map<string, number>();
  const add = (key: string, n: number) => written.set(key, (written.get(key) ?? 0) + n);
  const put = blobs.put.bind(blobs);
  blobs.put = async (key, body, opts) => {
    if (Buffer.isBuffer(body)) add(key, body.length);
    else body.on('data', (d: Buffer) => add(key, d.length));
    return put(key, body, opts);
  };
  if (blobs.multipart) {
    const part = blobs.multipart.part.bind(blobs.multipart);
    blobs.multipart.part = async (key, uploadId, n, body) => {
      add(key, body.length);
      return part(key, uploadId, n, body);
    };
  }
  return {
    /** Bytes written, video posters (made later by a job) left out. */
    total: () => [...written.entries()].filter(([key]) => !key.endsWith('.jpg')).reduce((a, [, b]) => a + b, 0),
    reset: () => written.clear(),
  };
}

const combos: [Dialect, 'local' | 's3'][] = [
  ['sqlite', 'local'],
  ['postgres', 'local'],
  ['sqlite', 's3'],
  ['postgres', 's3'],
];

describe.each(combos)('finishing uploads without a copy on %s with the %s store', (dialect, storeKind) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3rver>> | null = null;
  let owner: string;
  let writes: ReturnType<typeof countWrites>;

  beforeAll(async () => {
    s3 = storeKind === 's3' ? await startS3rver() : null;
    t = await startTestApp(dialect, { MAX_VIDEO_MB: '40', ...(s3?.env ?? {}) });
    t.app.jobs.start();
    await addUser(t.app, 'vdi@example.org', 'vdi_admin');
    owner = await login(t, 'vdi@example.org');
    writes = countWrites(t.app.blobs);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  async function newSubmission(): Promise<number> {
    return (await api(t, 'POST', '/api/submissions', { cookie: owner, body: { tenant: 'vdi', kind: 'upload' } })).body
      .contentId;
  }
  const fetchFile = async (url: string) => Buffer.from(await (await fetch(`${t.url}${url}`)).arrayBuffer());
  const tusIdOf = (location: string) => location.split('/').pop()!;

  it('stores the source bytes exactly, writing each byte once (local: the appended file itself)', async () => {
    const contentId = await newSubmission();
    const bytes = bigVideo(21 * MB + 12345);
    const created = await createUpload(t, {
      size: bytes.length,
      contentId,
      page: 'upload',
      filename: 'lang.mp4',
      headers: { cookie: owner },
    });
    expect(created.status).toBe(201);
    writes.reset();
    let offset = 0;
    let inode = 0;
    let last: Awaited<ReturnType<typeof patchUpload>> | null = null;
    // Three PATCHes of at least 5 MiB, as tus-js-client sends with a chunk size.
    for (const size of [6 * MB, 9 * MB, bytes.length - 15 * MB]) {
      last = await patchUpload(created.location!, offset, bytes.subarray(offset, offset + size), { cookie: owner });
      offset += size;
      if (storeKind === 'local' && !inode)
        inode = statSync(path.join(t.config.dataDir, 'uploads', tusIdOf(created.location!))).ino;
    }
    expect(last!.status).toBe(200);
    const media = last!.body.media;
    expect((await fetchFile(media.url)).equals(bytes)).toBe(true);
    const row = await t.app.db.selectFrom('media').selectAll().where('id', '=', media.id).executeTakeFirstOrThrow();
    if (storeKind === 'local') {
      expect(writes.total()).toBe(0);
      const stored = statSync(path.join(t.config.dataDir, 'files', row.file_path));
      expect(stored.ino).toBe(inode);
      expect(existsSync(path.join(t.config.dataDir, 'uploads', tusIdOf(created.location!)))).toBe(false);
    } else {
      expect(writes.total()).toBe(bytes.length);
      expect(openMultipartUploads(s3!.directory)).toEqual([]);
      expect(await t.app.db.selectFrom('tus_uploads').selectAll().execute()).toEqual([]);
    }
  }, 60_000);

  it('stores the bytes exactly when a phone sends small pieces and drops out in between', async () => {
    const contentId = await newSubmission();
    const bytes = bigVideo(11 * MB + 7);
    const created = await createUpload(t, {
      size: bytes.length,
      contentId,
      page: 'upload',
      filename: 'stueckchen.mp4',
      headers: { cookie: owner },
    });
    let offset = 0;
    let last: Awaited<ReturnType<typeof patchUpload>> | null = null;
    for (const size of [1 * MB, 3 * MB, 512 * 1024, 5 * MB, bytes.length]) {
      const end = Math.min(bytes.length, offset + size);
      last = await patchUpload(created.location!, offset, bytes.subarray(offset, end), { cookie: owner });
      offset = end;
      if (offset === bytes.length) break;
      expect((await uploadOffset(created.location!, { cookie: owner })).offset).toBe(end);
    }
    expect(last!.status).toBe(200);
    expect((await fetchFile(last!.body.media.url)).equals(bytes)).toBe(true);
    if (s3) expect(openMultipartUploads(s3.directory)).toEqual([]);
  }, 60_000);

  it('answers a repeated last PATCH (and a HEAD) of a finished upload as the first did, with no second file', async () => {
    const contentId = await newSubmission();
    const bytes = bigVideo(7 * MB + 3);
    // A photo is registered by its job after the upload finished.
    const photo = await fixture.png();
    for (const [file, filename] of [
      [bytes, 'zweimal.mp4'],
      [photo, 'zweimal.png'],
    ] as const) {
      const created = await createUpload(t, {
        size: file.length,
        contentId,
        page: 'upload',
        filename,
        headers: { cookie: owner },
      });
      const split = Math.floor(file.length / 2);
      expect((await patchUpload(created.location!, 0, file.subarray(0, split), { cookie: owner })).status).toBe(204);
      const first = await patchUpload(created.location!, split, file.subarray(split), { cookie: owner });
      expect(first.status, filename).toBe(200);
      expect(first.offset).toBe(file.length);
      // The answer was lost: the client sends the last PATCH again, or asks with HEAD.
      const again = await patchUpload(created.location!, split, file.subarray(split), { cookie: owner });
      expect(again.status, filename).toBe(200);
      expect(again.offset).toBe(file.length);
      expect(again.body.media.id).toBe(first.body.media.id);
      const head = await uploadOffset(created.location!, { cookie: owner });
      expect(head.status).toBe(200);
      expect(head.offset).toBe(file.length);
      // Only its owner hears of it.
      const stranger = await patchUpload(created.location!, split, file.subarray(split));
      expect(stranger.status).toBe(404);
    }
    const rows = await t.app.db.selectFrom('media').select(['kind']).where('submission_id', '=', contentId).execute();
    expect(rows.map((r) => r.kind).sort()).toEqual(['photo', 'video']);
    if (storeKind === 'local')
      expect(
        readdirSync(path.join(t.config.dataDir, 'files', String(contentId))).filter((f) => /\.(mp4|png)$/.test(f)),
      ).toHaveLength(2);
  }, 60_000);

  it('leaves no multipart upload and no bytes behind when an upload is deleted', async () => {
    const contentId = await newSubmission();
    const bytes = bigVideo(12 * MB);
    const created = await createUpload(t, {
      size: bytes.length,
      contentId,
      page: 'upload',
      filename: 'weg.mp4',
      headers: { cookie: owner },
    });
    await patchUpload(created.location!, 0, bytes.subarray(0, 9 * MB), { cookie: owner });
    const res = await fetch(created.location!, {
      method: 'DELETE',
      headers: { 'tus-resumable': '1.0.0', cookie: owner },
    });
    expect(res.status).toBe(204);
    expect((await uploadOffset(created.location!, { cookie: owner })).status).toBe(404);
    if (s3) {
      expect(openMultipartUploads(s3.directory)).toEqual([]);
      const objects = readdirSync(s3.directory, { recursive: true })
        .map(String)
        .filter((f) => f.startsWith(`media/${contentId}/`) || f.startsWith('media/tus/'));
      expect(objects.filter((f) => f.endsWith('_object'))).toEqual([]);
    } else {
      expect(readdirSync(path.join(t.config.dataDir, 'uploads')).filter((f) => !f.startsWith('.'))).toEqual([]);
    }
  });

  it.runIf(storeKind === 's3')('aborts the multipart upload of an expired upload', async () => {
    const contentId = await newSubmission();
    const created = await createUpload(t, {
      size: 12 * MB,
      contentId,
      page: 'upload',
      filename: 'alt.mp4',
      headers: { cookie: owner },
    });
    await patchUpload(created.location!, 0, bigVideo(6 * MB), { cookie: owner });
    expect(openMultipartUploads(s3!.directory)).toHaveLength(1);
    await t.app.db
      .updateTable('tus_uploads')
      .set({ created_at: new Date(Date.now() - 2 * 86_400_000).toISOString() })
      .execute();
    const store = new MultipartTusStore(t.app.db, t.app.blobs, 86_400_000, () => 'unused');
    expect(await store.deleteExpired()).toBe(1);
    expect(openMultipartUploads(s3!.directory)).toEqual([]);
    expect(await t.app.db.selectFrom('tus_uploads').selectAll().execute()).toEqual([]);
  });

  it('lets exactly one of six parallel photos land on the one-photo page', async () => {
    const contentId = await newSubmission();
    const png = await fixture.png();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        tusUpload(t, {
          bytes: png,
          contentId,
          page: 'image-upload',
          filename: `bild${i}.png`,
          headers: { cookie: owner },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(429);
      expect(r.body).toMatchObject({ title: texts.uploads.tooManyTitle, message: texts.uploads.tooMany(1) });
    }
    const rows = await t.app.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).execute();
    expect(rows).toHaveLength(1);
    // Refused photos leave no original behind.
    if (storeKind === 'local')
      expect(readdirSync(path.join(t.config.dataDir, 'files', String(contentId)))).toHaveLength(2);
  }, 60_000);

  it('lets exactly one of six parallel documents land on the one-document page', async () => {
    const contentId = await newSubmission();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        tusUpload(t, {
          bytes: fixture.pdf(),
          contentId,
          page: 'document-upload',
          filename: `doc${i}.pdf`,
          headers: { cookie: owner },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    expect(
      await t.app.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).execute(),
    ).toHaveLength(1);
  }, 60_000);

  it('registers an upload whose finishing failed when the client retries (HEAD), never offset = length without a file', async () => {
    const contentId = await newSubmission();
    const bytes = bigVideo(2 * MB);
    const blobs = t.app.blobs;
    // One storage fault exactly while the file is put into place.
    const restore = storeKind === 'local' ? { adopt: blobs.adopt! } : { complete: blobs.multipart!.complete };
    if (storeKind === 'local') {
      blobs.adopt = async () => {
        blobs.adopt = restore.adopt;
        throw Object.assign(new Error(`ENOSPC: no space left on device, link '${t.config.dataDir}/x'`), {
          code: 'ENOSPC',
        });
      };
    } else {
      blobs.multipart!.complete = async () => {
        blobs.multipart!.complete = restore.complete!;
        throw new Error('InternalError: We encountered an internal error. Please try again.');
      };
    }
    const res = await tusUpload(t, {
      bytes,
      contentId,
      page: 'upload',
      filename: 'fast-fertig.mp4',
      headers: { cookie: owner },
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: 'unavailable', message: texts.uploads.finishPending });
    expect(JSON.stringify(res.body)).not.toMatch(/ENOSPC|InternalError|\/tmp|dataDir/);
    expect(
      await t.app.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).execute(),
    ).toHaveLength(0);
    // The client's retry: HEAD finishes the upload and reports it complete.
    const head = await uploadOffset(res.location!, { cookie: owner });
    expect(head.status).toBe(200);
    expect(head.offset).toBe(bytes.length);
    const rows = await t.app.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).execute();
    expect(rows).toHaveLength(1);
    const list = await api(t, 'GET', `/api/submissions/${contentId}/media`, { cookie: owner });
    expect((await fetchFile(list.body[0].url)).equals(bytes)).toBe(true);
    // Registered once: another HEAD reports it complete and registers nothing more.
    expect(await uploadOffset(res.location!, { cookie: owner })).toEqual({ status: 200, offset: bytes.length });
    expect(
      await t.app.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).execute(),
    ).toHaveLength(1);
  }, 60_000);

  it('answers protocol errors in German JSON, never the library text or a server path', async () => {
    const contentId = await newSubmission();
    const created = await createUpload(t, {
      size: 10,
      contentId,
      page: 'upload',
      filename: 'klein.txt',
      headers: { cookie: owner },
    });
    const tooMuch = await patchUpload(created.location!, 0, Buffer.alloc(20, 0x61), { cookie: owner });
    expect(tooMuch.status).toBe(413);
    expect(tooMuch.body).toMatchObject({ error: 'too_large', title: texts.uploads.tooLargeTitle });
    expect(JSON.stringify(tooMuch.body)).not.toMatch(/exceeded|size/);
    const wrongOffset = await patchUpload(created.location!, 5, Buffer.alloc(5, 0x61), { cookie: owner });
    expect(wrongOffset.status).toBe(409);
    expect(wrongOffset.body).toEqual({ error: 'conflict', message: texts.uploads.uploadConflict });
    const missing = await patchUpload(`${t.url}/api/uploads/123_abc`, 0, Buffer.alloc(5, 0x61), { cookie: owner });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'not_found', message: texts.uploads.uploadGone });
    const noVersion = await fetch(created.location!, {
      method: 'PATCH',
      headers: { cookie: owner, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      body: 'a',
    });
    expect(noVersion.status).toBe(412);
    expect(await noVersion.json()).toEqual({ error: 'invalid', message: texts.uploads.uploadInvalid });
  });

  it('serves the limits the pages state and the server enforces', async () => {
    expect((await api(t, 'GET', '/api/media/limits')).body).toMatchObject({ maxPhotoMb: 50, maxVideoMb: 40 });
    const contentId = await newSubmission();
    const big = await createUpload(t, {
      size: 51 * MB,
      contentId,
      page: 'image-upload',
      filename: 'riesig.jpg',
      headers: { cookie: owner },
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('riesig.jpg ist zu groß. Maximale Dateigröße: 50MB');
    expect(
      (
        await createUpload(t, {
          size: 49 * MB,
          contentId,
          page: 'image-upload',
          filename: 'gross.jpg',
          headers: { cookie: owner },
        })
      ).status,
    ).toBe(201);
  });
});

describe('a 17 MB phone photo', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    t.app.jobs.start();
    await addUser(t.app, 'vdi@example.org', 'vdi_admin');
    owner = await login(t, 'vdi@example.org');
  }, 60_000);
  afterAll(async () => t?.close());

  it('is accepted by default, stored without its EXIF, with a thumbnail', async () => {
    const sharp = (await import('sharp')).default;
    // Noise does not compress: 2600×2200 pixels of it make a JPEG of about 17 MB.
    const raw = randomBytes(2600 * 2200 * 3);
    const jpeg = await sharp(raw, { raw: { width: 2600, height: 2200, channels: 3 } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .withExif({
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 2/1', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 5/1' },
      })
      .toBuffer();
    expect(jpeg.length).toBeGreaterThan(12 * MB);
    expect(await fixture.hasGps(jpeg)).toBe(true);
    const contentId = (
      await api(t, 'POST', '/api/submissions', { cookie: owner, body: { tenant: 'vdi', kind: 'upload' } })
    ).body.contentId;
    const res = await tusUpload(t, {
      bytes: jpeg,
      contentId,
      page: 'image-upload',
      filename: 'handy.jpg',
      headers: { cookie: owner },
    });
    expect(res.status).toBe(200);
    const stored = Buffer.from(await (await fetch(`${t.url}${res.body.media.url}`)).arrayBuffer());
    expect(await fixture.hasGps(stored)).toBe(false);
    expect((await sharp(stored).metadata()).width).toBe(2600);
    expect(res.body.media.thumbnailUrl).toBeTruthy();
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// kill -9 in the middle of a multipart upload: a real server process, killed and started again.

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRANSCRIBER: 'none' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

describe('kill -9 during a multipart upload', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let dataDir: string;
  let child: ChildProcess | null = null;
  beforeAll(async () => {
    s3 = await startS3rver();
    dataDir = mkdtempSync(path.join(tmpdir(), 'ca-kill-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes byte-exact on the restarted server', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      ...s3.env,
      DATA_DIR: dataDir,
      MAX_VIDEO_MB: '60',
      ALTCHA_MAX_NUMBER: '1000',
      AUTH_SECRET: 'kill-test-secret-kill-test-secret-0123',
      BASE_URL: url,
    };
    child = await startServer(env, port);
    const { solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/sha');
    const challenge = await (await fetch(`${url}/api/public/challenge`)).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(
      JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
    ).toString('base64');
    const created = await fetch(`${url}/api/public/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ tenant: 'vdi', altcha }),
    });
    const { contentId, accessToken } = (await created.json()) as { contentId: number; accessToken: string };
    const mine = { 'x-submission-token': accessToken };

    const bytes = bigVideo(40 * MB + 321);
    const tusUrl = await (async () => {
      const res = await fetch(`${url}/api/uploads`, {
        method: 'POST',
        headers: {
          ...mine,
          'tus-resumable': '1.0.0',
          'upload-length': String(bytes.length),
          'upload-metadata': `contentId ${Buffer.from(String(contentId)).toString('base64')},page ${Buffer.from('public-upload').toString('base64')},filename ${Buffer.from('abbruch.mp4').toString('base64')}`,
        },
      });
      expect(res.status).toBe(201);
      return new URL(res.headers.get('location')!, url).toString();
    })();

    // The whole file in one PATCH, sent slowly; the server is killed once 16 MiB are stored.
    const patch = request(tusUrl, {
      method: 'PATCH',
      headers: {
        ...mine,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    patch.on('error', () => undefined);
    let sent = 0;
    const pump = async () => {
      while (sent < 30 * MB && !patch.destroyed) {
        patch.write(bytes.subarray(sent, sent + MB));
        sent += MB;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const pumping = pump();
    let offset = 0;
    for (let i = 0; i < 600 && offset < 16 * MB; i++) {
      await new Promise((r) => setTimeout(r, 50));
      offset = Number(
        (await fetch(tusUrl, { method: 'HEAD', headers: { ...mine, 'tus-resumable': '1.0.0' } })).headers.get(
          'upload-offset',
        ),
      );
    }
    expect(offset).toBeGreaterThanOrEqual(16 * MB);
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    patch.destroy();
    await pumping;

    child = await startServer(env, port);
    const head = await fetch(tusUrl, { method: 'HEAD', headers: { ...mine, 'tus-resumable': '1.0.0' } });
    expect(head.status).toBe(200);
    const resumeAt = Number(head.headers.get('upload-offset'));
    expect(resumeAt).toBeGreaterThanOrEqual(16 * MB);
    expect(resumeAt).toBeLessThan(bytes.length);
    const rest = await patchUpload(tusUrl, resumeAt, bytes.subarray(resumeAt), mine);
    expect(rest.status).toBe(200);
    const stored = Buffer.from(await (await fetch(`${url}${rest.body.media.url}`)).arrayBuffer());
    expect(stored.length).toBe(bytes.length);
    expect(stored.equals(bytes)).toBe(true);
    expect(openMultipartUploads(s3.directory)).toEqual([]);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// A full disk, for real: DATA_DIR on a small tmpfs (needs the right to mount; skipped otherwise).

function canMount(): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'ca-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.runIf(canMount())('a full disk during an upload (local store)', () => {
  let t: TestApp;
  let owner: string;
  let mountDir: string;
  beforeAll(async () => {
    mountDir = mkdtempSync(path.join(tmpdir(), 'ca-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=12m', 'tmpfs', mountDir]);
    t = await startTestApp('postgres', { DATA_DIR: mountDir, MAX_VIDEO_MB: '40' });
    await addUser(t.app, 'vdi@example.org', 'vdi_admin');
    owner = await login(t, 'vdi@example.org');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    execFileSync('umount', [mountDir]);
    rmSync(mountDir, { recursive: true, force: true });
  });

  it('answers 503 in German without a path, keeps what arrived, and resumes byte-exact once there is space', async () => {
    const contentId = (
      await api(t, 'POST', '/api/submissions', { cookie: owner, body: { tenant: 'vdi', kind: 'upload' } })
    ).body.contentId;
    const bytes = bigVideo(20 * MB);
    const created = await createUpload(t, {
      size: bytes.length,
      contentId,
      page: 'upload',
      filename: 'voll.mp4',
      headers: { cookie: owner },
    });
    const full = await patchUpload(created.location!, 0, bytes, { cookie: owner });
    expect(full.status).toBe(503);
    expect(full.body).toEqual({
      error: 'unavailable',
      title: texts.common.outageTitle,
      message: texts.common.storageOutage,
    });
    const kept = await uploadOffset(created.location!, { cookie: owner });
    expect(kept.status).toBe(200);
    expect(kept.offset).toBeGreaterThan(0);
    expect(kept.offset).toBeLessThan(bytes.length);
    execFileSync('mount', ['-o', 'remount,size=64m', 'tmpfs', mountDir]);
    const rest = await patchUpload(created.location!, kept.offset, bytes.subarray(kept.offset), { cookie: owner });
    expect(rest.status).toBe(200);
    expect(Buffer.from(await (await fetch(`${t.url}${rest.body.media.url}`)).arrayBuffer()).equals(bytes)).toBe(true);
  }, 60_000);
});
