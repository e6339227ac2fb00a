import { readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ERRORS, Upload } from '@tus/server';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import * as fixture from '../uploads/testing/fixtures';
import { createUpload, patchUpload, uploadOffset } from '../uploads/testing/tus';
import { MultipartTusStore } from '../uploads/tus-blob-store';
import { openMultipartUploads, startS3rver } from '../storage/s3-test-server';
import { addUser, api, freshPostgresDatabase, login, startTestApp, type TestApp } from '../testing/harness';
import { ProtocolClient } from '../interview/testing/protocol-client';

const MB = 1024 * 1024;

/** Solves the ALTCHA proof of work of a challenge from `t`, as the browser widget would. */
async function solveAltcha(t: TestApp): Promise<string> {
  const challenge = (await api(t, 'GET', '/api/public/challenge')).body;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

/** Sends the head of a PATCH body, then drops the connection, as a phone losing its network does. */
async function droppedPatch(url: string, offset: number, bytes: Buffer, cookie: string): Promise<void> {
  await new Promise<void>((resolve) => {
    const req = httpRequest(url, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length + 4 * MB),
        cookie,
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(bytes, () => setTimeout(() => req.destroy(), 500));
  });
}

/**
 * Two app instances on one PostgreSQL database and one S3 bucket, as in production behind a load
 * balancer: nothing a request needs may be kept by the instance that served the one before.
 */
describe('two app instances on one PostgreSQL database and one S3 bucket', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let a: TestApp;
  let b: TestApp;
  let cookieA: string;
  let cookieB: string;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    s3 = await startS3rver();
    const env = {
      ...s3.env,
      DATABASE_URL: database.url,
      ALTCHA_MAX_NUMBER: '2000',
      PUBLIC_SUBMISSIONS_PER_HOUR: '20',
      MAX_VIDEO_MB: '20',
    };
    a = await startTestApp('postgres', env);
    b = await startTestApp('postgres', env);
    a.app.jobs.start();
    b.app.jobs.start();
    await addUser(a.app, 'vdi@example.org', 'vdi_admin');
    cookieA = await login(a, 'vdi@example.org');
    cookieB = await login(b, 'vdi@example.org');
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
    await s3?.close();
  });

  it('finishes on instance B an upload started on A, and registers it once', async () => {
    const contentId = (
      await api(a, 'POST', '/api/submissions', { cookie: cookieA, body: { tenant: 'vdi', kind: 'upload' } })
    ).body.contentId as number;
    // A real MP4, padded to 14 MB: the last request carries more than one 8 MB piece.
    const clip = fixture.video('mp4');
    const bytes = Buffer.concat([clip, Buffer.alloc(14 * MB - clip.length, 7)]);

    const created = await createUpload(a, {
      size: bytes.length,
      contentId,
      page: 'upload',
      filename: 'Baustelle.mp4',
      headers: { cookie: cookieA },
    });
    expect(created.status).toBe(201);
    const onA = created.location!;
    const onB = onA.replace(a.url, b.url);

    // A sends the first 5 MB, then loses the connection in the middle of the next request.
    expect((await patchUpload(onA, 0, bytes.subarray(0, 5 * MB), { cookie: cookieA })).offset).toBe(5 * MB);
    await droppedPatch(onA, 5 * MB, bytes.subarray(5 * MB, 6 * MB), cookieA);

    // B knows the upload and how much of it arrived, including the bytes of the dropped request.
    let offset = 0;
    await expect
      .poll(async () => (offset = (await uploadOffset(onB, { cookie: cookieB })).offset), { timeout: 10_000 })
      .toBeGreaterThan(5 * MB);
    expect(offset).toBeLessThanOrEqual(6 * MB);
    // Someone else may not look at it on B either (the ownership rule hides it).
    expect((await uploadOffset(onB)).status).toBe(404);

    // B takes the rest and registers the file.
    const finished = await patchUpload(onB, offset, bytes.subarray(offset), { cookie: cookieB });
    expect(finished.status).toBe(200);
    expect(finished.body.media).toMatchObject({
      kind: 'video',
      fileType: 'video/mp4',
      originalName: 'Baustelle.mp4',
      size: bytes.length,
    });

    const rows = await a.app.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).execute();
    expect(rows).toHaveLength(1);
    // The stored file is exactly what was sent, and A serves it too.
    const stored = await fetch(`${a.url}${finished.body.media.url}`);
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer()).equals(bytes)).toBe(true);
    const listedOnA = (await api(a, 'GET', `/api/submissions/${contentId}/media`, { cookie: cookieA })).body;
    expect(listedOnA.map((m: { id: number }) => m.id)).toEqual([rows[0]!.id]);

    // The partial upload is gone everywhere: its row and its pieces. Its tus URL reports it complete
    // on both instances to its owner (a client that lost the answer does not send it again), to
    // nobody else, and asking registers nothing more.
    expect(await a.app.db.selectFrom('tus_uploads').selectAll().execute()).toEqual([]);
    for (const [url, cookie] of [
      [onA, cookieA],
      [onB, cookieB],
    ] as const) {
      const head = await uploadOffset(url, { cookie });
      expect(head.status).toBe(200);
      expect(head.offset).toBe(bytes.length);
      expect((await uploadOffset(url)).status).toBe(404);
    }
    expect(
      await a.app.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).execute(),
    ).toHaveLength(1);
  }, 90_000);

  it('lets only one of two instances writing the same upload at the same offset extend it', async () => {
    const storeA = new MultipartTusStore(a.app.db, a.app.blobs, 60_000, () => 'race/final.bin');
    const storeB = new MultipartTusStore(b.app.db, b.app.blobs, 60_000, () => 'race/final.bin');
    await storeA.create(new Upload({ id: 'race', size: 20, offset: 0, metadata: {} }));
    const results = await Promise.allSettled([
      storeA.write(Readable.from([Buffer.from('aaaaaaaaaa')]), 'race', 0),
      storeB.write(Readable.from([Buffer.from('bbbbbbbbbbbb')]), 'race', 0),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: ERRORS.INVALID_OFFSET });
    const offset = (won[0] as PromiseFulfilledResult<number>).value;
    expect((await storeB.getUpload('race')).offset).toBe(offset);
    // Fewer bytes than a part: they wait in the upload's tail object.
    const { tail } = await storeB.state('race');
    const stored = Buffer.concat(await (await b.app.blobs.get(tail!.key)).toArray());
    expect(stored.toString()).toBe(offset === 10 ? 'aaaaaaaaaa' : 'bbbbbbbbbbbb');
    // The loser's tail was deleted: one object under tus/race/ (s3rver keeps each as key._S3rver_object).
    const pieces = () =>
      readdirSync(s3.directory, { recursive: true })
        .map(String)
        .filter((f) => f.includes('race') && statSync(path.join(s3.directory, f)).isFile());
    expect(pieces().filter((f) => f.endsWith('._S3rver_object'))).toHaveLength(1);
    await storeA.remove('race');
    expect(pieces()).toEqual([]);
    expect(openMultipartUploads(s3.directory)).toEqual([]);
    await expect(storeB.getUpload('race')).rejects.toBe(ERRORS.FILE_NOT_FOUND);
  });

  it('refuses on B a solved ALTCHA challenge already used on A', async () => {
    const altcha = await solveAltcha(a);
    expect((await api(a, 'POST', '/api/public/submissions', { body: { tenant: 'vdi', altcha } })).status).toBe(201);
    const replay = await api(b, 'POST', '/api/public/submissions', { body: { tenant: 'vdi', altcha } });
    expect(replay.status).toBe(403);
    expect(replay.body.message).toBe(texts.uploads.challengeFailed);
    // A challenge issued by A and not used yet counts on B (once).
    const fresh = await solveAltcha(a);
    expect((await api(b, 'POST', '/api/public/submissions', { body: { tenant: 'vdi', altcha: fresh } })).status).toBe(
      201,
    );
    expect((await api(a, 'POST', '/api/public/submissions', { body: { tenant: 'vdi', altcha: fresh } })).status).toBe(
      403,
    );
  }, 30_000);

  it('refuses on B a voice session token already used on A', async () => {
    const res = await api(a, 'GET', '/api/voice/signed-url?tenant=vdi&topic=tech-dive', { cookie: cookieA });
    expect(res.status).toBe(200);
    const signedUrl = res.body.signedUrl as string;
    expect(signedUrl.startsWith(a.url.replace('http', 'ws'))).toBe(true);

    const first = await ProtocolClient.connect(signedUrl);
    await first.until(() => first.of('conversation_initiation_metadata').length === 1);

    const replayOnB = await ProtocolClient.connect(
      signedUrl.replace(a.url.replace('http', 'ws'), b.url.replace('http', 'ws')),
    );
    expect(await replayOnB.closedWith()).toEqual({ code: 1008, reason: texts.interview.sessionExpired });
    const replayOnA = await ProtocolClient.connect(signedUrl);
    expect(await replayOnA.closedWith()).toEqual({ code: 1008, reason: texts.interview.sessionExpired });
    expect(first.closed).toBeNull();
    first.close();

    // A fresh token from A opens a conversation on B.
    const next = (await api(a, 'GET', '/api/voice/signed-url?tenant=vdi&topic=tech-dive', { cookie: cookieA })).body
      .signedUrl as string;
    const onB = await ProtocolClient.connect(next.replace(a.url.replace('http', 'ws'), b.url.replace('http', 'ws')));
    await onB.until(() => onB.of('conversation_initiation_metadata').length === 1);
    onB.close();
  }, 30_000);

  it('counts the per-address limit of the public link over both instances together', async () => {
    const send = (t: TestApp) => api(t, 'POST', '/api/public/submissions', { body: { tenant: 'vdi', altcha: 'e30=' } });
    const first = await send(a);
    expect(first.status).toBe(403);
    const left = Number(first.headers.get('x-ratelimit-remaining'));
    expect(left).toBeGreaterThan(2);
    expect(Number((await send(b)).headers.get('x-ratelimit-remaining'))).toBe(left - 1);
    expect(Number((await send(a)).headers.get('x-ratelimit-remaining'))).toBe(left - 2);
    for (let i = 3; i <= left; i++) expect((await send(i % 2 ? b : a)).status).toBe(403);
    // 20 requests an hour from this address, wherever they went: the next is refused on both.
    for (const t of [a, b]) {
      const refused = await send(t);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(texts.uploads.tooManyPublic);
    }
  });

  it('sweeps keys whose time is over and keeps the others', async () => {
    const { claimOnce, sweepUsedOnce } = await import('./used-once');
    expect(await claimOnce(a.app.db, 'test', 'old', new Date(Date.now() - 1000))).toBe(true);
    expect(await claimOnce(b.app.db, 'test', 'old', new Date(Date.now() - 1000))).toBe(false);
    expect(await claimOnce(a.app.db, 'test', 'new', new Date(Date.now() + 60_000))).toBe(true);
    expect(await sweepUsedOnce(b.app.db)).toBeGreaterThanOrEqual(1);
    const left = await a.app.db.selectFrom('used_once').select('key').where('purpose', '=', 'test').execute();
    expect(left.map((r) => r.key)).toEqual(['new']);
    expect(await claimOnce(b.app.db, 'test', 'new', new Date(Date.now() + 60_000))).toBe(false);
  });
});
