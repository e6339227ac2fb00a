import { execFile } from 'node:child_process';

/**
 * Loudness of what is published: the platforms play speech at about −14 LUFS integrated (EBU R128
 * measurement), so clips and audiograms are normalised to it: ffmpeg's `loudnorm` measures the
 * passage, one linear gain (no pumping) with a peak limiter brings it there in the render's encode.
 */
export const TARGET_LUFS = -14;
export const TRUE_PEAK = -1.5;
const LRA = 11;

export type Loudness = {
  input_i: string;
  input_tp: string;
  input_lra: string;
  input_thresh: string;
  target_offset: string;
};

/** ffmpeg's loudnorm summary (the JSON it prints last on stderr), or null when none is there. */
export function parseLoudnorm(stderr: string): Loudness | null {
  const at = stderr.lastIndexOf('{');
  if (at < 0) return null;
  try {
    const parsed = JSON.parse(stderr.slice(at, stderr.lastIndexOf('}') + 1)) as Loudness;
    return parsed.input_i === undefined ? null : parsed;
  } catch {
    return null;
  }
}

function ffmpegStderr(args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('ffmpeg', args, { signal, maxBuffer: 8 * 1024 * 1024 }, (error, _stdout, stderr) =>
      error ? reject(error) : resolve(String(stderr)),
    );
  });
}

/** First pass: the loudness of [start, start + duration] of the file's first audio stream. */
export async function measureLoudness(
  source: string,
  start: number,
  duration: number,
  signal?: AbortSignal,
): Promise<Loudness | null> {
  const stderr = await ffmpegStderr(
    [
      '-hide_banner',
      '-nostdin',
      '-ss',
      start.toFixed(3),
      '-t',
      duration.toFixed(3),
      '-i',
      source,
      '-vn',
      '-map',
      '0:a:0',
      '-af',
      `loudnorm=I=${TARGET_LUFS}:TP=${TRUE_PEAK}:LRA=${LRA}:print_format=json`,
      '-f',
      'null',
      '-',
    ],
    signal,
  );
  return parseLoudnorm(stderr);
}

/** The linear gain and the peak limiter (−1.5 dBFS) of the second pass, at 48 kHz stereo. */
export const gainFilter = (gainDb: number) =>
  `volume=${gainDb.toFixed(2)}dB,alimiter=limit=${(10 ** (TRUE_PEAK / 20)).toFixed(4)}:level=false:attack=5:release=50,aresample=48000,aformat=channel_layouts=stereo`;

/**
 * The audio filter that brings [start, start + duration] to −14 LUFS: loudnorm's measurement gives
 * the gain; speech recorded quietly has peaks far above its loudness, so a limiter holds them under
 * the ceiling, which takes some loudness away, and the gain is corrected by measuring what comes
 * out (audio only, a fraction of a second each) until it is within 0.3 LU. Silence (no measurable
 * loudness) is left as it is rather than amplified noise. (loudnorm's own dynamic mode stays about
 * 2 LU short on passages of a few seconds, hence the measured correction.)
 */
export async function normalisingFilter(
  source: string,
  start: number,
  duration: number,
  signal?: AbortSignal,
): Promise<string> {
  const measured = await measureLoudness(source, start, duration, signal);
  const input = Number(measured?.input_i);
  if (!Number.isFinite(input) || input < -60) return 'aresample=48000,aformat=channel_layouts=stereo';
  let gain = TARGET_LUFS - input;
  for (let i = 0; i < 3; i++) {
    const out = await integratedLoudness(source, { start, duration, filter: gainFilter(gain), signal });
    if (!Number.isFinite(out) || Math.abs(out - TARGET_LUFS) <= 0.3) break;
    gain = Math.min(40, gain + (TARGET_LUFS - out));
  }
  return gainFilter(gain);
}

/** Integrated loudness in LUFS (ffmpeg's ebur128 summary) of a file, or of a passage through a filter. */
export async function integratedLoudness(
  file: string,
  o: { start?: number; duration?: number; filter?: string; signal?: AbortSignal } = {},
): Promise<number> {
  const stderr = await ffmpegStderr(
    [
      '-hide_banner',
      '-nostdin',
      ...(o.start != null ? ['-ss', o.start.toFixed(3)] : []),
      ...(o.duration != null ? ['-t', o.duration.toFixed(3)] : []),
      '-i',
      file,
      '-map',
      '0:a:0',
      '-af',
      `${o.filter ? `${o.filter},` : ''}ebur128`,
      '-f',
      'null',
      '-',
    ],
    o.signal,
  );
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const m = /I:\s+(-?[\d.]+) LUFS/.exec(summary);
  return m ? Number(m[1]) : Number.NaN;
}
