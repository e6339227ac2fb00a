/** A video's preparation as the inbox polls it (GET /api/media/:id/video-state). */
export type { VideoState } from '../contracts/uploads';
