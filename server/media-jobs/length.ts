import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../config';
import type { Log } from '../log';
import type { BlobStore } from '../storage/blob-store';
import { measureMedia, type Measured } from './measure';

/** The longest media a caller may send, in minutes: signed in, or through the public link. */
export const mediaCapMinutes = (
  config: Pick<AppConfig, 'MEDIA_MAX_MINUTES' | 'PUBLIC_MEDIA_MAX_MINUTES'>,
  viaPublicLink: boolean,
): number => (viaPublicLink ? config.PUBLIC_MEDIA_MAX_MINUTES : config.MEDIA_MAX_MINUTES);

/**
 * Measures a stored file from its packets, reading at most a second past `limitSeconds` (a local
 * file in place; from S3 a temporary copy). Null when its packets cannot be read: the media job
 * that follows marks such a file unreadable.
 */
export async function measureStored(
  deps: { blobs: BlobStore; log: Log },
  key: string,
  opts: { mime: string; limitSeconds: number },
): Promise<Measured | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ca-measure-'));
  try {
    let file: string;
    if (deps.blobs.localPath) file = deps.blobs.localPath(key);
    else {
      file = path.join(dir, 'media');
      await pipeline(await deps.blobs.get(key), createWriteStream(file));
    }
    return await measureMedia(file, opts).catch((error) => {
      deps.log.warn({ err: error, key }, 'media not measured: its packets could not be read');
      return null;
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Measures a recording held in memory (a voice message) through a temporary file. */
export async function measureBuffer(
  deps: { log: Log },
  body: Buffer,
  opts: { mime: string; limitSeconds: number },
): Promise<Measured | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ca-measure-'));
  try {
    const file = path.join(dir, 'recording');
    await pipeline([body], createWriteStream(file));
    return await measureMedia(file, opts).catch((error) => {
      deps.log.warn({ err: error }, 'recording not measured: its packets could not be read');
      return null;
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
