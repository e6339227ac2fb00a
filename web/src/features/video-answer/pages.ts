export { VideoAnswerPage } from './VideoAnswerPage';
