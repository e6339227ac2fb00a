import { spawn } from 'node:child_process';

export type ClipProbe = { video: boolean; seconds: number | null };

/** Runs ffprobe in its own process (the event loop only reads its output); rejects on a non-zero exit. */
function ffprobe(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffprobe', ['-v', 'error', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-500)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out).toString()) : reject(new Error(`ffprobe exited with ${code}: ${err}`)),
    );
  });
}

/**
 * What a recorded clip holds: a video stream or not, and its duration. MediaRecorder's WebM has
 * no duration in its header (Chrome writes none), so without one the packets are read through
 * (demuxing only, no decoding) and the last packet's end is the duration.
 */
export async function probeClip(file: string): Promise<ClipProbe> {
  const info = JSON.parse(
    await ffprobe(['-show_entries', 'stream=codec_type:format=duration', '-of', 'json', file]),
  ) as {
    streams?: { codec_type?: string }[];
    format?: { duration?: string };
  };
  const video = (info.streams ?? []).some((s) => s.codec_type === 'video');
  const stated = Number(info.format?.duration);
  if (Number.isFinite(stated) && stated > 0) return { video, seconds: stated };
  const packets = await ffprobe(['-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file]);
  let end = 0;
  for (const line of packets.split('\n')) {
    const [pts, duration] = line.split(',').map(Number);
    if (pts !== undefined && Number.isFinite(pts))
      end = Math.max(end, pts + (Number.isFinite(duration) ? duration! : 0));
  }
  return { video, seconds: end > 0 ? end : null };
}
