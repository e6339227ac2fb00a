/** The front door of web/src/features/video: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { AudioCaptions, CaptionLinks, VideoPlayer } from './VideoPlayer';
