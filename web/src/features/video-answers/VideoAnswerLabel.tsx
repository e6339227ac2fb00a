import type { VideoAnswerItem } from '../../../../common/contracts/uploads';
import { texts } from '../../../../common/texts';

const v = texts.videoAnswers;
const clock = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** In the inbox, above a recorded clip: the question it answers, its length, and whether it ran too long. */
export function VideoAnswerLabel({ answer }: { answer: VideoAnswerItem }) {
  return (
    <div className="mb-2" data-testid="video-answer-question">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        {v.inboxQuestion(answer.questionIndex + 1)}
      </p>
      <p className="text-sm font-medium text-slate-900">{answer.question}</p>
      <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-500">
        {answer.durationSeconds !== null && <span>{v.inboxDuration(clock(answer.durationSeconds))}</span>}
        {answer.overLong && (
          <span className="font-medium text-amber-700">{v.inboxOverLong(clock(answer.maxSeconds))}</span>
        )}
        {answer.probe === 'failed' && <span className="font-medium text-red-700">{v.inboxNoVideo}</span>}
      </p>
    </div>
  );
}
