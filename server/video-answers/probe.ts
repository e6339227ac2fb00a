import { measureMedia } from '../media-jobs/measure';

export type ClipProbe = { video: boolean; seconds: number | null; over: boolean };

/**
 * What a recorded clip holds: a video stream or not, and its length measured from its packets
 * (demuxing only, no decoding), never from its header: a WebM whose Segment Duration was
 * rewritten says nothing here. Reading stops a second past `limitSeconds`.
 */
export async function probeClip(
  file: string,
  opts: { mime?: string | null; limitSeconds: number },
): Promise<ClipProbe> {
  const measured = await measureMedia(file, opts);
  return { video: measured.video && !measured.oversized, seconds: measured.seconds, over: measured.over };
}
