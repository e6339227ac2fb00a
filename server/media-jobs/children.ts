import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Log } from '../log';

/** The job lease records its ffmpeg child: pid and host (migration 0031). */
export async function recordChild(db: Kysely<DB>, jobId: number, pid: number): Promise<void> {
  await db.updateTable('jobs').set({ child_pid: pid, child_host: hostname() }).where('id', '=', jobId).execute();
}

/** Whether `pid` runs ffmpeg or ffprobe now (a recycled pid of another program is left alone). */
async function isMediaTool(pid: number): Promise<boolean> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  const program = cmdline.split('\0')[0] ?? '';
  // (A child recorded in the instant before its launchers replaced themselves still shows them.)
  return /(^|\/)(ffmpeg|ffprobe|setpriv|prlimit)$/.test(program);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether `pid` has ended: gone, or a zombie or dead entry (a dying process is not yet either). */
async function ended(pid: number): Promise<boolean> {
  if (!alive(pid)) return true;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === '' || state === 'Z' || state === 'X';
}

/**
 * Before a media job is taken up (again): the child its last attempt recorded, when it still runs
 * on this host, is ended and awaited, so one job never has two encodes (an instance that died
 * without its children going, or a lease lost while the encode went on). Returns the pid ended.
 */
export async function endStaleChild(db: Kysely<DB>, jobId: number, log: Log): Promise<number | null> {
  const row = await db
    .selectFrom('jobs')
    .select(['child_pid', 'child_host'])
    .where('id', '=', jobId)
    .executeTakeFirst();
  const pid = row?.child_pid;
  if (!pid || row.child_host !== hostname() || !alive(pid) || !(await isMediaTool(pid))) return null;
  log.warn({ job: jobId, pid }, 'media job taken up again: its earlier ffmpeg still ran and is ended');
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 100 && !(await ended(pid)); i++) await new Promise((r) => setTimeout(r, 20));
  await db.updateTable('jobs').set({ child_pid: null, child_host: null }).where('id', '=', jobId).execute();
  return pid;
}
