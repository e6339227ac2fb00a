import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../testing/faults';
import { dialects, startTestApp, type TestApp } from '../testing/harness';
import { childCommand, MEDIA_MEMORY_BYTES, runFfmpeg } from './ffmpeg';
import { measureMedia } from './measure';

/**
 * Issue 37, points 9 and 4: ffmpeg and ffprobe run fenced (protocols, demuxer, frame size,
 * memory), and no ffmpeg child outlives its server or runs twice for one job.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'ca-fence-'));
let http: Server;
let hits = 0;
let port = 0;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
};
/** An ffmpeg that runs for a minute unless ended (real-time reading of a test pattern). */
const slow = ['-re', '-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5:duration=60', '-f', 'null', '-'];

beforeAll(async () => {
  http = createServer((_req, res) => {
    hits++;
    res.end('#EXTM3U\n');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('ffmpeg and ffprobe run fenced', () => {
  it('a playlist that names a URL or a local file reaches neither (protocol whitelist, fixed demuxer)', async () => {
    const playlist = path.join(dir, 'clip.mp4');
    writeFileSync(
      playlist,
      `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nhttp://127.0.0.1:${port}/a.ts\n#EXTINF:1,\n/etc/passwd\n#EXT-X-ENDLIST\n`,
    );
    // Even without a demuxer named, the whitelist keeps ffmpeg off the network.
    await expect(runFfmpeg(['-i', playlist, '-f', 'null', '-'])).rejects.toThrow();
    // Recognised as MP4 (what the upload's bytes would have to be), it is read as MP4 only.
    await expect(measureMedia(playlist, { mime: 'video/mp4', limitSeconds: 60 })).rejects.toThrow();
    expect(hits).toBe(0);
  });

  it('a frame larger than 8K is not decoded and is reported as oversized', async () => {
    const big = path.join(dir, 'gross.mov');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=blue:s=8200x4400', '-frames:v', '1'],
      ...['-c:v', 'mjpeg', '-y', big],
    ]);
    expect((await measureMedia(big, { mime: 'video/quicktime', limitSeconds: 60 })).oversized).toBe(true);
    await expect(runFfmpeg(['-f', 'mov', '-i', big, '-f', 'null', '-'])).rejects.toThrow(/ffmpeg exited/);
  }, 30_000);

  it('each child runs with bounded memory', async () => {
    const controller = new AbortController();
    let pid = 0;
    const run = runFfmpeg(slow, { signal: controller.signal, onSpawn: (p) => (pid = p) }).catch(() => undefined);
    // The pid is ffmpeg's own once the launchers (setpriv, prlimit) have replaced themselves.
    await until(
      async () => pid > 0 && readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('ffmpeg'),
      'the child',
      5000,
    );
    const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
    expect(limits).toMatch(new RegExp(`Max address space\\s+${MEDIA_MEMORY_BYTES}\\s`));
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]).toBe('ffmpeg');
    controller.abort(new Error('done'));
    await run;
  });

  it('a server killed with kill -9 takes its ffmpeg child with it', async () => {
    // A stand-in server: a Node process that starts ffmpeg exactly as the job runner does.
    const [file, args] = childCommand('ffmpeg', slow);
    const server = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(${JSON.stringify(file)}, ${JSON.stringify(args)}, { stdio: 'ignore' });
         console.log(c.pid); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const pid = await new Promise<number>((resolve) => server.stdout!.once('data', (d) => resolve(Number(String(d)))));
    await until(async () => readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('ffmpeg'), 'ffmpeg runs', 5000);
    server.kill('SIGKILL');
    await until(async () => !alive(pid), 'ffmpeg ended with its server', 5000);
  });
});

describe.each(dialects)('one job, one encode on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { MEDIA_JOBS: '1' }, { listen: false });
  }, 60_000);
  afterAll(() => t?.close());

  it('a job taken up again first ends the ffmpeg its dead instance left running on this host', async () => {
    // The orphan of a dead instance: an encode of the job still running, its parent gone.
    const orphan = spawn('ffmpeg', ['-v', 'error', ...slow], { stdio: 'ignore', detached: true });
    orphan.unref();
    const orphanPid = orphan.pid!;
    let orphanAliveWhenRun: boolean | null = null;
    t.app.mediaJobs.register('test.encode', async () => {
      orphanAliveWhenRun = alive(orphanPid);
      return { encoded: true };
    });
    const id = await t.app.mediaJobs.enqueue('test.encode', {});
    await t.app.db
      .updateTable('jobs')
      .set({ status: 'running', attempts: 1, locked_until: new Date(Date.now() - 1000).toISOString() })
      .set({ child_pid: orphanPid, child_host: hostname() })
      .where('id', '=', id)
      .execute();
    expect(alive(orphanPid)).toBe(true);
    t.app.mediaJobs.start();
    await until(async () => orphanAliveWhenRun !== null, 'the job taken up again', 20_000);
    await t.app.mediaJobs.stop();
    expect(orphanAliveWhenRun).toBe(false);
    expect(alive(orphanPid)).toBe(false);
  }, 30_000);
});
