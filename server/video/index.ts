/** The front door of server/video: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { captionsOf, queueCaptions, queueVideo, registerVideoJobs, storeTiming } from './service';
