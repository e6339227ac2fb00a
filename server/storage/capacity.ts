import { randomUUID } from 'node:crypto';
import { mkdir, rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { texts } from '../../common/texts';

/** The local directories the app writes to, with the name an operator reads (never the path). */
function localPlaces(app: FastifyInstance): { label: string; dir: string }[] {
  const s3 = Boolean(app.config.S3_ENDPOINT && app.config.S3_BUCKET);
  const places: { label: string; dir: string }[] = [];
  if (app.dialect === 'sqlite') places.push({ label: 'Datenverzeichnis', dir: app.config.dataDir });
  if (!s3) {
    places.push({ label: 'Dateiablage', dir: path.join(app.config.dataDir, 'files') });
    places.push({ label: 'Upload-Zwischenspeicher', dir: path.join(app.config.dataDir, 'uploads') });
  }
  return places;
}

/** Writes and removes a small new file: fails on a full, read-only or refusing file system. */
async function probeWrite(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const probe = path.join(dir, `.health-${randomUUID()}.part`);
  try {
    await writeFile(probe, 'ok');
  } finally {
    await rm(probe, { force: true }).catch(() => undefined);
  }
}

/**
 * What keeps the storage from being ready, in German (empty: ready). Local directories must be
 * writable and keep MIN_FREE_DISK_MB free; an S3 store must take and give back a small object.
 */
export async function storageProblems(app: FastifyInstance): Promise<string[]> {
  const problems: string[] = [];
  const minMb = app.config.MIN_FREE_DISK_MB;
  for (const { label, dir } of localPlaces(app)) {
    try {
      await probeWrite(dir);
    } catch (error) {
      app.log.warn({ err: error, dir }, 'storage not writable');
      problems.push(texts.common.healthStorageNotWritable(label));
      continue;
    }
    const fs = await statfs(dir).catch(() => null);
    if (fs) {
      const freeMb = Math.floor((fs.bavail * fs.bsize) / (1024 * 1024));
      if (freeMb < minMb) problems.push(texts.common.healthDiskLow(label, freeMb, minMb));
    }
  }
  if (app.config.S3_ENDPOINT && app.config.S3_BUCKET) {
    const key = `health/${randomUUID()}.txt`;
    try {
      await app.blobs.put(key, Buffer.from('ok'), { contentType: 'text/plain' });
      await app.blobs.delete(key);
    } catch (error) {
      app.log.warn({ err: error }, 'object storage not writable');
      problems.push(texts.common.healthStorageNotWritable('Objektspeicher (S3)'));
    }
  }
  return problems;
}

/**
 * The storage's readiness as /api/health reports it: one probe (blob store write and
 * storageProblems) serves every health check for HEALTH_PROBE_MS, and checks that arrive while a
 * probe runs wait for that one. A probe writes and removes files and asks the disk for free
 * space: a dozen file-system calls, each a turn of the event loop and of libuv's thread pool, that
 * a load balancer polling several times a second must not multiply.
 */
export function storageReadiness(app: FastifyInstance): () => Promise<{ reachable: boolean; problems: string[] }> {
  let last: { at: number; result: { reachable: boolean; problems: string[] } } | null = null;
  let running: Promise<{ reachable: boolean; problems: string[] }> | null = null;
  return async () => {
    if (last && performance.now() - last.at < app.config.HEALTH_PROBE_MS) return last.result;
    running ??= (async () => {
      try {
        const [reachable, problems] = await Promise.all([app.blobs.healthy(), storageProblems(app)]);
        const result = { reachable, problems };
        last = { at: performance.now(), result };
        return result;
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
