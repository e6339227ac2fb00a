import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/build/precompress';
import { startTestApp, type TestApp } from '../testing/harness';
import { compressesOnTheFly, IMMUTABLE, registerCompression, registerWebRoot, spaFallback } from './delivery';

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `wort-${i}`))};\n`;
const shell = `<!doctype html><html lang="de"><head><title>Test</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Eintrag ${i}` })) };

describe('static delivery and compression', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'ca-web-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'assets', 'index-AbC123.js'), script);
    writeFileSync(path.join(root, 'index.html'), shell);
    await precompressDir(root);
    app = Fastify();
    await registerCompression(app);
    app.get('/api/big', async () => big);
    app.get('/api/small', async () => ({ ok: true }));
    app.get('/api/media/:id/file', (_req, reply) =>
      reply.type('application/json').send(Readable.from([JSON.stringify(big)])),
    );
    await registerWebRoot(app, root);
    app.setNotFoundHandler(spaFallback(root));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes .br and .gz next to the build output, both decoding to the original', () => {
    const js = path.join(root, 'assets', 'index-AbC123.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
  });

  it('serves a hashed asset precompressed by Accept-Encoding, immutable for a year', async () => {
    const br = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers a missing asset with 404, never with the HTML shell', async () => {
    const res = await app.inject({ url: '/assets/index-Old999.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('serves the SPA shell for app paths, compressed and revalidated', async () => {
    for (const url of ['/', '/login', '/p/vdi/upload', '/index.html']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(shell);
    }
  });

  it('compresses API JSON above the threshold on the fly, small answers stay plain', async () => {
    const res = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(big);
    const gz = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const small = await app.inject({ url: '/api/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('leaves media, upload and socket routes alone', async () => {
    const res = await app.inject({ url: '/api/media/1/file', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual(big);
    expect(compressesOnTheFly({ url: '/api/uploads' })).toBe(false);
    expect(compressesOnTheFly({ url: '/api/uploads/:id' })).toBe(false);
    expect(compressesOnTheFly({ url: '/api/submissions/:contentId/voice-message' })).toBe(false);
    expect(compressesOnTheFly({ url: '/api/inbox/:contentId/zip' })).toBe(false);
    expect(compressesOnTheFly({ url: '/api/inbox/export.csv' })).toBe(false);
    expect(compressesOnTheFly({ url: '/api/voice/assets/:file' })).toBe(false);
    expect(compressesOnTheFly({ url: '/api/posts/:contentId/:channel/draft' })).toBe(false);
    expect(compressesOnTheFly({ url: '/api/freigabe/:token/bilder/:position' })).toBe(false);
    expect(compressesOnTheFly({ url: '/api/posts/:contentId' })).toBe(true);
    expect(compressesOnTheFly({ url: '/api/voice/agent', websocket: true })).toBe(false);
    expect(compressesOnTheFly({ url: '/api/inbox' })).toBe(true);
    expect(compressesOnTheFly({ url: '/api/auth/*' })).toBe(true);
  });
});

describe('delivery in the real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers a missing build asset with 404 and an unknown API path with JSON 404', async () => {
    const asset = await t.app.inject({ url: '/assets/gone-123abc.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('<div id="root">');
    const api = await t.app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe('not_found');
  });

  it('leaves a small API answer plain and readable', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    // The health answer is small: it stays plain and readable.
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });
});
