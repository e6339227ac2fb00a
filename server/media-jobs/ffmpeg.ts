import { spawn, type ChildProcess } from 'node:child_process';
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
export async function ffprobe(file: string, opts: { signal?: AbortSignal } = {}): Promise<FfprobeResult> {
  const out = await runTool(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
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

function runTool(command: string, args: string[], opts: FfmpegOptions & { collect?: boolean }): Promise<string> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(opts.signal.reason);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
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
