/** A video's preparation as the inbox polls it (GET /api/media/:id/video-state). */
export type VideoState = {
  /** processing | ready | unreadable | cancelled; null for media without a proxy job. */
  mediaState: 'processing' | 'ready' | 'unreadable' | 'cancelled' | null;
  jobStatus: 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | null;
  /** 0..1 while the job runs. */
  progress: number | null;
  /** ready | pending | none (no speech) | failed; null = no transcription. */
  captionState: 'ready' | 'pending' | 'none' | 'failed' | null;
  hasProxy: boolean;
  hasThumbnail: boolean;
  /** Display size of the proxy (rotation applied). */
  width: number | null;
  height: number | null;
};
