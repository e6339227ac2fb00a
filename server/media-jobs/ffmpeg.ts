import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Every ffmpeg/ffprobe child of this process, so shutdown (and a crash) can end them. */
const children = new Set<ChildProcess>();

process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Ends every media child process now (shutdown). */
export function killMediaChildren(): void {
  for (const child of children) child.kill('SIGKILL');
}

/** How many media child processes run now (tests, metrics). */
export function mediaChildCount(): number {
  return children.size;
}

/** The largest frame a decoder here may allocate: 8K (7680×4320). */
export const MAX_PIXELS = 7680 * 4320;
/** Address space of each ffmpeg/ffprobe child: a crafted file cannot take the machine's memory. */
export const MEDIA_MEMORY_BYTES = 2048 * 1024 * 1024;

/** The demuxer of each type the bytes were recognised as: ffmpeg never guesses from the file. */
const demuxers: Record<string, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'audio/mp4': 'mov',
  'video/webm': 'matroska',
  'audio/webm': 'matroska',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/aac': 'aac',
};

/** The demuxer for a recognised type (its parameters ignored); undefined: not one of ours. */
export const demuxerOf = (mime: string | null | undefined): string | undefined =>
  demuxers[(mime ?? '').split(';')[0]!.trim().toLowerCase()];

/**
 * The input options of a stored file: local files and pipes only (no network, no other protocol a
 * crafted playlist could name), the demuxer fixed to the recognised type, frames at most 8K.
 */
export function fencedInput(file: string, mime?: string | null): string[] {
  const demuxer = demuxerOf(mime);
  return [...FENCE, ...(demuxer ? ['-f', demuxer] : []), '-i', file];
}

const FENCE = ['-protocol_whitelist', 'file,pipe', '-max_pixels', String(MAX_PIXELS)];

/**
 * Every `-i` that is not a filter graph of our own (`-f lavfi`) gets the fence, whoever built the
 * arguments: a caller that forgot it still cannot reach the network or allocate a 16K frame.
 */
export function fenceArgs(args: string[]): string[] {
  const out: string[] = [];
  let since = 0;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-i') {
      const options = args.slice(since, i);
      const lavfi = options.some((a, j) => a === '-f' && options[j + 1] === 'lavfi');
      if (!lavfi && !options.includes('-protocol_whitelist')) out.push(...FENCE);
      out.push(args[i]!, args[i + 1]!);
      i++;
      since = i + 1;
      continue;
    }
    out.push(args[i]!);
  }
  return out;
}

/**
 * The command line of a media child: its memory bounded (prlimit) and killed by the kernel when
 * this process dies, whatever ends it (setpriv --pdeathsig, even after kill -9): no encode
 * outlives its server. Both tools replace themselves with ffmpeg, so the pid is ffmpeg's.
 * Spawn media children from the main thread only: the kernel's "parent" is the spawning thread,
 * so a child started from a worker thread would die with that worker.
 */
export function childCommand(command: string, args: string[]): [string, string[]] {
  if (!fencedLaunch) return [command, args];
  return ['setpriv', ['--pdeathsig', 'KILL', '--', 'prlimit', `--as=${MEDIA_MEMORY_BYTES}`, '--', command, ...args]];
}
const fencedLaunch = existsSync('/usr/bin/setpriv') && existsSync('/usr/bin/prlimit');

export class FfmpegFailed extends Error {
  constructor(
    message: string,
    /** The end of ffmpeg's error output, for the log (never shown to users). */
    readonly detail: string,
  ) {
    super(message);
  }
}

export type FfmpegOptions = {
  /** Length of the input in seconds: progress is out_time / duration. */
  durationSeconds?: number;
  onProgress?: (fraction: number) => void;
  /** Aborting kills the process (SIGTERM, SIGKILL after 2 s); the promise rejects with the reason. */
  signal?: AbortSignal;
  /** Niceness of the child: heavy media work yields the CPU to the server's event loop. */
  nice?: number;
  /** Called with the child's pid once it runs (the job lease records it). */
  onSpawn?: (pid: number) => void;
};

/**
 * Runs ffmpeg as a child process with `-progress pipe:1` and reports progress from its
 * `out_time_us` lines. The event loop only reads short key=value lines.
 */
export function runFfmpeg(args: string[], opts: FfmpegOptions = {}): Promise<void> {
  return runTool(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-progress', 'pipe:1', ...args],
    opts,
  ).then(() => undefined);
}

/** ffprobe's JSON about a file. */
export async function ffprobe(
  file: string,
  opts: { signal?: AbortSignal; mime?: string | null } = {},
): Promise<FfprobeResult> {
  const out = await runTool(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...fencedInput(file, opts.mime)],
    { signal: opts.signal, collect: true },
  );
  return JSON.parse(out) as FfprobeResult;
}

export type FfprobeStream = {
  index: number;
  codec_type: 'video' | 'audio' | 'subtitle' | 'data' | string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  /** Frames per second as a fraction ("30000/1001"). */
  avg_frame_rate?: string;
  r_frame_rate?: string;
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
  disposition?: { attached_pic?: number };
};
/** A stream's frame rate from ffprobe's fraction, or null. */
export function frameRate(stream: FfprobeStream | undefined): number | null {
  for (const value of [stream?.avg_frame_rate, stream?.r_frame_rate]) {
    const [n, d] = (value ?? '').split('/').map(Number);
    if (n && d && Number.isFinite(n / d) && n / d > 0) return n / d;
  }
  return null;
}

export type FfprobeResult = { streams: FfprobeStream[]; format?: { duration?: string; format_name?: string } };

/** Runs ffprobe with these arguments (fenced like every media child) and returns its output. */
export function probeTool(args: string[], opts: { signal?: AbortSignal } = {}): Promise<string> {
  return runTool('ffprobe', ['-v', 'error', ...args], { signal: opts.signal, collect: true });
}

function runTool(command: string, args: string[], opts: FfmpegOptions & { collect?: boolean }): Promise<string> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(opts.signal.reason);
    const [file, argv] = childCommand(command, fenceArgs(args));
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    if (child.pid) opts.onSpawn?.(child.pid);
    if (child.pid && opts.nice) {
      try {
        setPriority(child.pid, opts.nice);
      } catch {
        // not allowed here: the child runs at the server's priority
      }
    }
    let out = '';
    let pending = '';
    let err = '';
    let killTimer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), 2000);
      killTimer.unref();
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (opts.collect) {
        out += chunk;
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const eq = line.indexOf('=');
        if (eq < 0) continue;
        const key = line.slice(0, eq);
        const value = line.slice(eq + 1).trim();
        if ((key === 'out_time_us' || key === 'out_time_ms') && opts.durationSeconds && opts.onProgress) {
          // ffmpeg's out_time_ms is in microseconds too (a long-standing misnomer).
          const seconds = Number(value) / 1e6;
          if (Number.isFinite(seconds) && seconds >= 0) opts.onProgress(Math.min(1, seconds / opts.durationSeconds));
        } else if (key === 'progress' && value === 'end') opts.onProgress?.(1);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      err = (err + chunk).slice(-4000);
    });
    const done = () => {
      children.delete(child);
      opts.signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
    };
    child.on('error', (error) => {
      done();
      reject(new FfmpegFailed(`${command} could not start: ${error.message}`, ''));
    });
    child.on('close', (code, signal) => {
      done();
      if (opts.signal?.aborted) return reject(opts.signal.reason);
      if (code === 0) return resolve(out);
      reject(new FfmpegFailed(`${command} exited with ${code ?? signal}`, err.trim().slice(-1000)));
    });
  });
}
