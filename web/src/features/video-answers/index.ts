/** The front door of web/src/features/video-answers: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { VideoAnswerLabel } from './VideoAnswerLabel';
