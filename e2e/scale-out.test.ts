import { writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import * as fixture from '../server/uploads/testing/fixtures';
import { startS3rver } from '../server/storage/s3-test-server';
import { addUser, freshPostgresDatabase, startTestApp, type TestApp } from '../server/testing/harness';
import { DESKTOP, emailFor, launchBrowser, loginAs, tempDir } from './harness';

const MB = 1024 * 1024;

/**
 * A browser behind a load balancer in front of two app instances on one PostgreSQL database and
 * one S3 bucket. Instance A serves until it is taken out of the balancer in the middle of a video
 * upload; tus-js-client then resumes on instance B.
 */
describe('a resumable upload moving from one app instance to another', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let a: TestApp;
  let b: TestApp;
  let balancer: Server;
  let balancerUrl: string;
  let browser: Browser;
  let target: 'a' | 'b' = 'a';
  const served: { instance: 'a' | 'b'; method: string; offset: number; status?: number }[] = [];
  const sockets = new Set<Socket>();
  let video: string;
  let videoSize: number;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    s3 = await startS3rver();
    // The balancer: every request goes to the instance in service, body and answer streamed.
    balancer = createServer((req, res) => {
      const instance = target;
      const backend = new URL(req.url ?? '/', instance === 'a' ? a.url : b.url);
      const entry = {
        instance,
        method: req.method ?? '',
        offset: Number(req.headers['upload-offset'] ?? -1),
        status: undefined as number | undefined,
      };
      if (req.url?.startsWith('/api/uploads')) served.push(entry);
      const upstream = httpRequest(backend, { method: req.method, headers: req.headers }, (answer) => {
        entry.status = answer.statusCode;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.on('error', () => upstream.destroy());
      req.pipe(upstream);
    });
    balancer.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
    balancerUrl = `http://127.0.0.1:${(balancer.address() as { port: number }).port}`;

    const env = { ...s3.env, DATABASE_URL: database.url, BASE_URL: balancerUrl, MAX_VIDEO_MB: '40' };
    a = await startTestApp('postgres', env);
    b = await startTestApp('postgres', env);
    a.app.jobs.start();
    b.app.jobs.start();
    await addUser(a.app, emailFor('admin'), 'admin'); // else the app asks for its first administrator
    await addUser(a.app, emailFor('vdi_admin'), 'vdi_admin');
    video = path.join(tempDir('ca-e2e-scale-'), 'lang.mp4');
    const bytes = Buffer.concat([fixture.video('mp4'), Buffer.alloc(24 * MB)]);
    videoSize = bytes.length;
    writeFileSync(video, bytes);
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => balancer?.close(resolve));
    await a?.close();
    await b?.close();
    await database?.drop();
    await s3?.close();
  });

  it('resumes on instance B a video upload that instance A was receiving, and registers it once', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: balancerUrl, locale: 'de-DE' });
    const page: Page = await context.newPage();
    await loginAs(page, 'vdi_admin', { from: '/upload' });
    await page.waitForURL('**/upload');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 4 * MB,
    });
    await page.locator('input[type=file]').setInputFiles([video]);
    await page.getByRole('button', { name: texts.uploads.uploadButton(1) }).click();

    // Once A has stored a few MB in the bucket, A leaves the balancer and every connection drops.
    const received = async () =>
      Number((await a.app.db.selectFrom('tus_uploads').select('upload_offset').executeTakeFirst())?.upload_offset ?? 0);
    await expect.poll(received, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(8 * MB);
    target = 'b';
    for (const socket of sockets) socket.destroy();
    a.app.server.closeAllConnections();

    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: texts.uploads.success(1, 1) })
      .waitFor({ timeout: 60_000 });
    const contentId = Number(await page.evaluate(() => sessionStorage.getItem('currentInterviewId')));
    const media = await b.app.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).execute();
    expect(media).toHaveLength(1);
    expect(Number(media[0]!.size)).toBe(videoSize);

    // A took the start, B resumed from what A had stored (not from 0) and finished.
    const patches = served.filter((s) => s.method === 'PATCH');
    expect(patches[0]).toMatchObject({ instance: 'a', offset: 0 });
    // (tus-js-client may first retry from its last known offset; B refuses that with 409 and
    // tells it the real offset with HEAD.)
    const accepted = patches.filter((p) => p.instance === 'b' && p.status === 200);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.offset).toBeGreaterThanOrEqual(8 * MB);
    // B refused stale retries as the protocol says (409 offset, 423 locked) and never failed with
    // a server error; a request cut off before its answer has no status.
    const refusedByB = patches
      .filter((p) => p.instance === 'b' && p.status !== undefined && p.status !== 200)
      .map((p) => p.status!);
    expect(refusedByB.every((status) => status >= 400 && status < 500)).toBe(true);
    expect(await b.app.db.selectFrom('tus_uploads').selectAll().execute()).toEqual([]);
    await context.close();
  }, 120_000);
});
