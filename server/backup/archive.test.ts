import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { localBlobStore } from '../storage/local';
import { readTar, TarWriter } from './archive';

const dir = mkdtempSync(path.join(tmpdir(), 'ca-tar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('backup archive', () => {
  const long = `files/${'1234/'.repeat(30)}sehr-langer-name_äöü.pdf`;
  const entries: [string, Buffer][] = [
    ['backup.json', Buffer.from('{"format":1}')],
    ['leer.txt', Buffer.alloc(0)],
    [long, Buffer.from('x'.repeat(1500))],
    ['files/1/genau-512.bin', Buffer.alloc(512, 7)],
  ];

  it('reads back every entry byte for byte, long and non-ASCII names included', async () => {
    const file = path.join(dir, 'a.tar');
    const tar = new TarWriter(file);
    for (const [name, bytes] of entries)
      await tar.add(
        name,
        bytes.length,
        name.endsWith('.bin') ? Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]) : bytes,
      );
    await tar.close();
    const read: [string, Buffer][] = [];
    for await (const entry of readTar(file)) read.push([entry.name, await entry.read()]);
    expect(read).toEqual(entries);
  });

  it('is written for its owner only (0600)', () => {
    expect(statSync(path.join(dir, 'a.tar')).mode & 0o777).toBe(0o600);
  });

  it('is a tar file that tar itself lists', async () => {
    const listing = execFileSync('tar', ['-tf', path.join(dir, 'a.tar')], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(listing).toEqual(entries.map(([name]) => name));
  });

  it('refuses a body shorter than announced', async () => {
    const tar = new TarWriter(path.join(dir, 'b.tar'));
    await expect(tar.add('kurz.txt', 10, Buffer.from('abc'))).rejects.toThrow(/expected 10 bytes/);
    await tar.abort();
  });

  it('lists the local store without half-written files', async () => {
    const root = path.join(dir, 'files');
    const store = localBlobStore(root);
    await store.put('7/a.jpg', Buffer.from('a'));
    await store.put('7/b/c.jpg', Buffer.from('c'));
    writeFileSync(path.join(root, '7', 'd.jpg.123.part'), 'halb');
    await store.healthy();
    const keys: string[] = [];
    for await (const key of store.list()) keys.push(key);
    expect(keys.sort()).toEqual(['7/a.jpg', '7/b/c.jpg']);
  });
});
