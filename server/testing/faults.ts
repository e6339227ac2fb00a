import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

/**
 * Real faults for tests: a small file system that fills up or turns read-only, and a private
 * PostgreSQL server that can be stopped and started (never the shared one on 5432).
 */

const isRoot = () => process.getuid?.() === 0;

/** Why this machine cannot mount a small file system (null: it can). CI runs as root. */
export function smallFsUnavailable(): string | null {
  if (process.platform !== 'linux') return 'size-limited file system: needs Linux (tmpfs)';
  if (!isRoot()) return `size-limited file system: needs root for mount -t tmpfs (running as ${userInfo().username})`;
  // Root in a container without CAP_SYS_ADMIN cannot mount: tried once.
  const probe = mkdtempSync(path.join(tmpdir(), 'ca-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return `size-limited file system: mount -t tmpfs failed (${String((error as { stderr?: Buffer }).stderr ?? error).trim()})`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

export type SmallFs = {
  dir: string;
  /** Fills the file system until at most `leaveBytes` are free (a file named `.filler`). */
  fill(leaveBytes?: number): void;
  /** Removes the filler again. */
  empty(): void;
  readOnly(): void;
  writable(): void;
  freeBytes(): number;
  unmount(): void;
};

/** Mounts a tmpfs of `sizeMb` at `dir` (created if missing). */
export function mountSmallFs(dir: string, sizeMb: number): SmallFs {
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0755`, 'tmpfs', dir]);
  const filler = path.join(dir, '.filler');
  const fs: SmallFs = {
    dir,
    freeBytes() {
      const s = statfsSync(dir);
      return s.bavail * s.bsize;
    },
    fill(leaveBytes = 0) {
      const size = Math.max(0, fs.freeBytes() - leaveBytes);
      // A sparse file takes no room on tmpfs: write real bytes, in pieces, until the room is gone.
      const piece = Buffer.alloc(1024 * 1024, 1);
      let left = size;
      while (left > 0) {
        const n = Math.min(left, piece.length);
        try {
          writeFileSync(filler, piece.subarray(0, n), { flag: 'a' });
        } catch {
          break;
        }
        left -= n;
      }
    },
    empty() {
      rmSync(filler, { force: true });
    },
    readOnly() {
      execFileSync('mount', ['-o', 'remount,ro', dir]);
    },
    writable() {
      execFileSync('mount', ['-o', 'remount,rw', dir]);
    },
    unmount() {
      try {
        execFileSync('umount', ['-l', dir]);
      } catch {
        // already gone
      }
    },
  };
  return fs;
}

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why this machine cannot run a private PostgreSQL (null: it can). */
export function privatePostgresUnavailable(): string | null {
  if (!existsSync(path.join(PG_BIN, 'initdb')))
    return `private PostgreSQL: ${PG_BIN}/initdb missing (apt-get install -y postgresql)`;
  if (isRoot()) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'private PostgreSQL: running as root but there is no postgres user to run it as';
    }
  }
  return null;
}

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:port/postgres */
  url: string;
  port: number;
  stop(): void;
  start(): void;
  /** Stops it and removes its files. */
  destroy(): void;
};

/** A throw-away PostgreSQL cluster in a temp dir on a free port (as the postgres user when root). */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ca-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asPostgres = (cmd: string, args: string[]) => {
    const bin = path.join(PG_BIN, cmd);
    if (isRoot()) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' });
    else execFileSync(bin, args, { stdio: 'pipe' });
  };
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const log = path.join(dir, 'log');
  const start = () => asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '30', 'start']);
  const stop = () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` holds. */
export async function until(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 20_000,
  everyMs = 50,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
