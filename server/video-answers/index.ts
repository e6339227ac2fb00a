/** The front door of server/video-answers: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export {
  checkVideoAnswerUpload,
  clipLengthRefusal,
  listVideoAnswers,
  registerVideoAnswer,
  reservePublicVideo,
  toVideoAnswerItem,
} from './service';
