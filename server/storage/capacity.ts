import { randomUUID } from 'node:crypto';
import { mkdir, rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { texts } from '../../common/texts';
import { ignoreFailure } from '../../common/best-effort';
import type { AppConfig } from '../config';
import type { Dialect } from '../db/database';
import type { Log } from '../log';
import type { BlobStore, FileStorage } from './blob-store';

/** What the storage checks use (the parts of server/deps.ts; this folder sits below it). */
type StorageDeps = { config: AppConfig; dialect: Dialect; blobs: BlobStore; files: FileStorage; log: Log };

/** The local directories the app writes to, with the name an operator reads (never the path). */
function localPlaces(deps: StorageDeps): { label: string; dir: string }[] {
  const database = deps.dialect === 'sqlite' ? [{ label: 'Datenverzeichnis', dir: deps.config.dataDir }] : [];
  return [...database, ...deps.files.localDirs];
}

/** Writes and removes a small new file: fails on a full, read-only or refusing file system. */
async function probeWrite(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const probe = path.join(dir, `.health-${randomUUID()}.part`);
  try {
    await writeFile(probe, 'ok');
  } finally {
    await rm(probe, { force: true }).catch(ignoreFailure('remove the write probe'));
  }
}

/**
 * What keeps the storage from being ready, in German (empty: ready). Local directories must be
 * writable and keep MIN_FREE_DISK_MB free; an S3 store must take and give back a small object.
 */
export async function storageProblems(deps: StorageDeps): Promise<string[]> {
  const problems: string[] = [];
  const minMb = deps.config.MIN_FREE_DISK_MB;
  for (const { label, dir } of localPlaces(deps)) {
    try {
      await probeWrite(dir);
    } catch (error) {
      deps.log.warn({ err: error, dir }, 'storage not writable');
      problems.push(texts.common.healthStorageNotWritable(label));
      continue;
    }
    const fs = await statfs(dir).catch(ignoreFailure('read free disk space', null, { level: 'debug', fallback: null }));
    if (fs) {
      const freeMb = Math.floor((fs.bavail * fs.bsize) / (1024 * 1024));
      if (freeMb < minMb) problems.push(texts.common.healthDiskLow(label, freeMb, minMb));
    }
  }
  if (deps.files.objectStore) {
    const key = `health/${randomUUID()}.txt`;
    try {
      await deps.blobs.put(key, Buffer.from('ok'), { contentType: 'text/plain' });
      await deps.blobs.delete(key);
    } catch (error) {
      deps.log.warn({ err: error }, 'object storage not writable');
      problems.push(texts.common.healthStorageNotWritable(deps.files.label));
    }
  }
  return problems;
}

/** A probe result older than this is not reported without a fresh probe (a hung disk shows). */
const MAX_STALE_MS = 10_000;

type Readiness = { reachable: boolean; problems: string[] };

/**
 * The storage's readiness as /api/health reports it. A probe (blob store write and
 * storageProblems) writes and removes files and asks the disk for free space: a dozen
 * file-system calls, each a turn of the event loop and a wait in libuv's thread pool behind the
 * uploads and downloads that run, which a load balancer polling several times a second must
 * neither multiply nor wait for. So one probe serves every check for HEALTH_PROBE_MS; after that
 * a check starts the next probe and answers with the last result meanwhile, unless that result
 * is older than MAX_STALE_MS (then it waits for the probe). HEALTH_PROBE_MS=0 probes on every
 * check and waits for it.
 */
export function storageReadiness(deps: StorageDeps): () => Promise<Readiness> {
  let last: { at: number; result: Readiness } | null = null;
  let running: Promise<Readiness> | null = null;
  const probe = () =>
    (running ??= (async () => {
      try {
        const [reachable, problems] = await Promise.all([deps.blobs.healthy(), storageProblems(deps)]);
        const result = { reachable, problems };
        last = { at: performance.now(), result };
        return result;
      } finally {
        running = null;
      }
    })());
  return async () => {
    const interval = deps.config.HEALTH_PROBE_MS;
    if (interval === 0) return probe();
    const age = last ? performance.now() - last.at : Infinity;
    if (age < interval) return last!.result;
    const fresh = probe();
    return age < MAX_STALE_MS ? last!.result : fresh;
  };
}
