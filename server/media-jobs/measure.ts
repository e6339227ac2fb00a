import { fencedInput, MAX_PIXELS, probeTool } from './ffmpeg';

/** What a media file holds, measured from its packets (demuxing only, no decoding). */
export type Measured = {
  /** From the first packet's start to the last packet's end; null: no packet could be read. */
  seconds: number | null;
  /** Packets run past `limitSeconds` (reading stopped there: `seconds` is then at least the limit). */
  over: boolean;
  video: boolean;
  audio: boolean;
  /** A video frame larger than 8K (or of no size that can be decoded): refused like an unreadable file. */
  oversized: boolean;
};

/**
 * Measures a stored file by reading its packets, never believing a header's duration (a WebM's
 * Segment Duration or an MP4's mvhd can say anything). Reading stops a second past
 * `limitSeconds`, so a 10-hour file costs no more than a file of the limit. ffprobe runs fenced
 * (protocols, demuxer fixed to `mime`, frame size, memory), in its own process.
 */
export async function measureMedia(
  file: string,
  opts: { mime?: string | null; limitSeconds: number; signal?: AbortSignal },
): Promise<Measured> {
  const out = await probeTool(
    [
      '-read_intervals',
      `%+${Math.ceil(opts.limitSeconds) + 1}`,
      '-show_entries',
      'stream=codec_type,width,height:packet=pts_time,dts_time,duration_time',
      '-of',
      'csv=p=1:nk=1',
      ...fencedInput(file, opts.mime),
    ],
    { signal: opts.signal },
  );
  let first = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  let video = false;
  let audio = false;
  let oversized = false;
  for (const line of out.split('\n')) {
    const [section, a, b, c] = line.trim().split(',');
    if (section === 'packet') {
      const start = Number(a !== '' && a !== 'N/A' ? a : b);
      if (!Number.isFinite(start)) continue;
      const duration = Number(c);
      first = Math.min(first, start);
      end = Math.max(end, start + (Number.isFinite(duration) ? duration : 0));
    } else if (section === 'stream') {
      if (a === 'video') {
        video = true;
        // A frame past 8K is not decoded at all (-max_pixels): ffprobe then states no size.
        const pixels = Number(b) * Number(c);
        if (!(pixels > 0) || pixels > MAX_PIXELS) oversized = true;
      } else if (a === 'audio') audio = true;
    }
  }
  const seconds = Number.isFinite(first) && end > first ? end - first : null;
  return { seconds, over: seconds !== null && seconds > opts.limitSeconds, video, audio, oversized };
}
