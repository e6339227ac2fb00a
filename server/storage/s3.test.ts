import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3BlobStore } from './s3';
import { startS3rver } from './s3-test-server';
import type { BlobStore } from './blob-store';

async function text(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

describe('S3 blob store against s3rver', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let store: BlobStore;
  beforeAll(async () => {
    s3 = await startS3rver();
    store = s3BlobStore({
      endpoint: s3.env.S3_ENDPOINT,
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
  });
  afterAll(async () => s3?.close());

  it('stores a buffer and reads it back, whole and by range', async () => {
    await store.put('1/123_abc.txt', Buffer.from('Hallo Welt'), { contentType: 'text/plain' });
    expect((await text(await store.get('1/123_abc.txt'))).toString()).toBe('Hallo Welt');
    expect((await text(await store.get('1/123_abc.txt', { start: 6, end: 9 }))).toString()).toBe('Welt');
    expect(await store.stat('1/123_abc.txt')).toMatchObject({ size: 10 });
  });

  it('streams a file larger than one part as a multipart upload, byte for byte', async () => {
    const bytes = Buffer.alloc(19 * 1024 * 1024 + 123);
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32LE(i, i);
    const parts = [bytes.subarray(0, 5_000_000), bytes.subarray(5_000_000, 12_345_678), bytes.subarray(12_345_678)];
    await store.put('2/big.bin', Readable.from(parts));
    expect(await store.stat('2/big.bin')).toMatchObject({ size: bytes.length });
    expect((await text(await store.get('2/big.bin'))).equals(bytes)).toBe(true);
  });

  it('reports a missing key as null and deletes keys', async () => {
    expect(await store.stat('3/none.txt')).toBeNull();
    await store.put('3/gone.txt', Buffer.from('x'));
    await store.delete('3/gone.txt');
    expect(await store.stat('3/gone.txt')).toBeNull();
  });

  it('lists every stored key, for backups', async () => {
    await store.put('4/a.txt', Buffer.from('a'));
    await store.put('4/b/c.txt', Buffer.from('c'));
    const keys: string[] = [];
    for await (const key of store.list()) keys.push(key);
    expect(keys).toEqual(expect.arrayContaining(['1/123_abc.txt', '2/big.bin', '4/a.txt', '4/b/c.txt']));
    expect(keys).not.toContain('3/gone.txt');
  });

  it('is healthy with its bucket and unhealthy without', async () => {
    expect(await store.healthy()).toBe(true);
    const missing = s3BlobStore({
      endpoint: s3.env.S3_ENDPOINT,
      bucket: 'fehlt',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    expect(await missing.healthy()).toBe(false);
  });
});
