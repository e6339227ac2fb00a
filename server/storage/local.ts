import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { BlobStore } from './blob-store';

const READ_CHUNK_BYTES = 512 * 1024;

/**
 * mkdir -p that reports the real cause: on a read-only file system Node's recursive mkdir says
 * ENOENT (as if a parent were missing), however deep the missing folders go (a tenant's logo
 * lies two folders down); the plain mkdir of the first missing folder then tells EROFS.
 */
export async function ensureDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(dir) === dir) throw error;
    await ensureDir(path.dirname(dir));
    await mkdir(dir).catch((again: NodeJS.ErrnoException) => {
      if (again.code !== 'EEXIST') throw again;
    });
  }
}

/** Files in a directory; writes go to a temporary name first, so a key is never half written. */
export function localBlobStore(root: string): BlobStore {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid blob key: ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const target = resolve(key);
      await ensureDir(path.dirname(target));
      const temp = `${target}.${randomUUID()}.part`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(temp, body);
        else await pipeline(body, createWriteStream(temp));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      const file = resolve(key);
      await stat(file);
      // Reads of 512 KiB: a ZIP or download of a large video costs the event loop an eighth of
      // the turns (and buffers) it would in the default 64 KiB pieces.
      return createReadStream(file, {
        highWaterMark: READ_CHUNK_BYTES,
        ...(range ? { start: range.start, end: range.end } : {}),
      });
    },
    async stat(key) {
      try {
        const s = await stat(resolve(key));
        return { size: s.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        // Half-written files (`.part`) and the health probe are not blobs.
        if (!entry.isFile() || entry.name.endsWith('.part') || entry.name === '.health') continue;
        yield path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      }
    },
    async adopt(key, file) {
      const target = resolve(key);
      await ensureDir(path.dirname(target));
      try {
        await link(file, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') {
          // A retry after a crash: the link may already be there.
          const [a, b] = await Promise.all([stat(file), stat(target)]);
          if (a.ino === b.ino && a.dev === b.dev) return;
          await rm(target, { force: true });
          await link(file, target);
        } else if (code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP') {
          // Another filesystem (or one without hard links): the one case that copies.
          const temp = `${target}.${randomUUID()}.part`;
          await copyFile(file, temp);
          await rename(temp, target);
        } else throw error;
      }
    },
    localPath(key) {
      return resolve(key);
    },
    async healthy() {
      try {
        await mkdir(root, { recursive: true });
        const probe = path.join(root, '.health');
        await writeFile(probe, 'ok');
        return true;
      } catch {
        return false;
      }
    },
  };
}

export function streamFrom(text: string): Readable {
  return Readable.from([Buffer.from(text)]);
}
