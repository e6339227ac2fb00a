import { texts } from '../../../../common/texts';
import { Page } from '../../ui/Page';

/** /video-answer (and /p/<tenant>/video-answer): the topic's questions, one clip each. */
export function VideoAnswerPage() {
  return <Page title={texts.videoAnswer.title} intro={texts.videoAnswer.intro} />;
}
