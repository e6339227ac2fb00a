import { useRef } from 'react';
import { texts } from '../../../../common/texts';
import { useKeepFocus } from '../../lib/recorder';
import { Button } from '../../ui/Button';
import { Progress } from '../../ui/Progress';

const t = texts.voiceMessages;

/** Where the sent recording is: uploading, waiting for or in transcription, failed, or no transcription to be had. */
export type Work =
  | { phase: 'none' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'queued' | 'running' }
  | { phase: 'failed'; message: string; manual: boolean }
  | { phase: 'unavailable'; offline: boolean };

/** Why the person types the text: no transcriber, no server, or a failed transcription. */
export type Manual = 'unavailable' | 'offline' | 'failed';

/** The sent recording's way, and what to do when it ends without a transcript (the focus goes there). */
export function WorkStatus({
  work,
  onRetry,
  onTypeYourself,
}: {
  work: Work;
  onRetry(): void;
  onTypeYourself(manual: Manual): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  // "Weiter" waits while the recording goes out: the focus it lost goes to what comes next.
  useKeepFocus(box, work.phase);
  return (
    <div ref={box} className="space-y-4 empty:hidden">
      {work.phase === 'uploading' && (
        <div className="space-y-2" role="status">
          <p className="text-sm text-slate-700">{t.uploading}</p>
          <Progress value={work.percent} label={t.uploading} />
        </div>
      )}
      {(work.phase === 'queued' || work.phase === 'running') && (
        <div className="flex items-center gap-3 rounded-lg bg-slate-50 px-4 py-3" role="status" aria-live="polite">
          <span
            className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand"
            aria-hidden="true"
          />
          <span className="text-sm text-slate-700">{work.phase === 'queued' ? t.queued : t.transcribing}</span>
        </div>
      )}
      {work.phase === 'failed' && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3">
          <p className="font-semibold text-red-800">{t.transcriptionErrorAlert}</p>
          <p className="mt-1 text-sm text-red-700">{work.message}</p>
          {work.manual && <p className="mt-1 text-sm text-red-700">{t.audioKept}</p>}
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <Button variant="secondary" onClick={onRetry}>
              {t.retry}
            </Button>
            <Button onClick={() => onTypeYourself('failed')}>{t.typeYourself}</Button>
          </div>
        </div>
      )}
      {work.phase === 'unavailable' && (
        <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3">
          <p className="text-sm text-amber-900">{work.offline ? t.offline : t.noTranscriber}</p>
          <Button className="mt-3" onClick={() => onTypeYourself(work.offline ? 'offline' : 'unavailable')}>
            {t.typeYourself}
          </Button>
        </div>
      )}
    </div>
  );
}
