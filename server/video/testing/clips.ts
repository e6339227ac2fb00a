import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type ClipOptions = {
  seconds: number;
  /** Stored (coded) size; a phone's portrait video is stored landscape with rotation 90. */
  width: number;
  height: number;
  codec: 'hevc' | 'h264';
  container: 'mov' | 'mp4';
  /** Rotation metadata (display matrix), as phones write it. */
  rotate?: 0 | 90 | 180 | 270;
  /** An audio track: a WAV file to use (e.g. espeak speech), a tone, or none. */
  audio?: { wav: string } | 'tone' | null;
  fps?: number;
  /** Where to write it (default: a temporary directory). */
  out?: string;
};

/** A phone-like clip made with ffmpeg: moving test picture, HEVC or H.264, with rotation metadata. */
export function makeClip(opts: ClipOptions): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ca-clip-'));
  const encoded = path.join(dir, `encoded.${opts.container}`);
  const out = opts.out ?? path.join(dir, `clip.${opts.container}`);
  const fps = opts.fps ?? 30;
  const audioIn = !opts.audio
    ? []
    : opts.audio === 'tone'
      ? ['-f', 'lavfi', '-i', `sine=frequency=330:duration=${opts.seconds}`]
      : ['-stream_loop', '-1', '-i', opts.audio.wav];
  const video =
    opts.codec === 'hevc'
      ? [
          '-c:v',
          'libx265',
          '-preset',
          'ultrafast',
          '-x265-params',
          'log-level=error',
          '-tag:v',
          'hvc1',
          '-pix_fmt',
          'yuv420p',
        ]
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${opts.width}x${opts.height}:rate=${fps}:duration=${opts.seconds}`,
    ...audioIn,
    '-t',
    String(opts.seconds),
    ...video,
    ...(opts.audio ? ['-c:a', 'aac', '-b:a', '96k'] : []),
    '-y',
    encoded,
  ]);
  // ffmpeg 5.1 writes the display matrix from the rotate tag when copying streams into a mov/mp4.
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-i',
    encoded,
    '-map',
    '0',
    '-c',
    'copy',
    '-metadata:s:v:0',
    `rotate=${opts.rotate ?? 0}`,
    '-y',
    out,
  ]);
  rmSync(encoded, { force: true });
  return out;
}

/** The same as bytes, its temporary files removed. */
export function clipBytes(opts: ClipOptions): Buffer {
  const file = makeClip(opts);
  try {
    return readFileSync(file);
  } finally {
    rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** ffprobe's view of a file's streams. */
export function probeStreams(file: string): {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  side_data_list?: { rotation?: number }[];
}[] {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_streams',
    '-show_format',
    file,
  ]).toString();
  return (JSON.parse(out) as { streams: never[] }).streams;
}
