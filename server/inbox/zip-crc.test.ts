import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { submissionZip } from './export';
import { readZip } from './read-zip';

const detail = {
  contentId: 7,
  tenant: 'vdi',
  kind: 'upload',
  status: 'neu',
  topic: null,
  source: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  completedAt: null,
  userEmail: null,
  transcript: null,
  wAnswers: null,
  contact: { firstName: null, lastName: null, email: null },
  post: { email: null, link: null, description: null },
  media: [],
  notes: [],
  consents: [],
} as never;

describe('the submission ZIP', () => {
  it('checksums natively with the same result, stores media and deflates text', async () => {
    const video = randomBytes(3 * 1024 * 1024 + 17);
    const text = Buffer.from('Projekt '.repeat(50_000));
    const blobs = new Map([
      ['a.mp4', video],
      ['b.txt', text],
    ]);
    // Only the blob store is used by submissionZip; chunks of 64 KB as from a file.
    const app = {
      blobs: {
        get: async (key: string) =>
          Readable.from(
            Array.from({ length: Math.ceil(blobs.get(key)!.length / 65536) }, (_, i) =>
              blobs.get(key)!.subarray(i * 65536, (i + 1) * 65536),
            ),
          ),
      },
    } as unknown as FastifyInstance;
    const stream = submissionZip(app, detail, [
      { file_path: 'a.mp4', original_name: 'film.mp4', file_type: 'video/mp4' },
      { file_path: 'b.txt', original_name: 'notiz.txt', file_type: 'text/plain' },
    ]);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    const archive = Buffer.concat(chunks);
    // readZip checks every entry's CRC against zlib.crc32.
    const entries = readZip(archive);
    expect(entries.get('film.mp4')!.equals(video)).toBe(true);
    expect(entries.get('notiz.txt')!.equals(text)).toBe(true);
    // The video went in stored (the archive is not smaller than it), the text deflated.
    expect(archive.length).toBeGreaterThan(video.length);
    expect(archive.length).toBeLessThan(video.length + text.length / 10);
  });
});
