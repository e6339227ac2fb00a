import { Camera, Circle, RotateCcw, Send, SkipForward, Square, SwitchCamera } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { texts } from '../../../../common/texts';
import { recorderAnnouncement, type SpokenPhase, useKeepFocus } from '../../lib/recorder';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LiveStatus } from '../../ui/LiveStatus';
import { Page } from '../../ui/Page';
import { Progress as Bar } from '../../ui/Progress';
import { IdHint } from '../uploads';
import type { Answer, Progress } from './clips';
import type { ClipState } from './useClipQueue';
import type { VideoAnswer } from './useVideoAnswer';

const v = texts.videoAnswers;

/** mm:ss */
const clock = (seconds: number) => {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** One question above the camera: countdown, recording with its clock, review, send or retake, skip. */
export function RecordStep({ answer, progress, back }: { answer: VideoAnswer; progress: Progress; back: ReactNode }) {
  const { lost, maxSeconds, questions, local, kept, queue, recorder } = answer;
  const question = questions[progress.index] ?? '';
  const phase = recorder.phase;
  const busy = phase === 'countdown' || phase === 'recording';
  const portrait = recorder.orientation === 'portrait';
  return (
    <Page title={v.title} actions={back}>
      {local && <IdHint contentId={kept.contentId ?? progress.contentId} />}
      {lost && (
        <p
          role="status"
          data-testid="lost-on-reload"
          className="mb-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {v.lostOnReload(lost.question, lost.seconds)}
        </p>
      )}
      <section
        aria-label={v.questionOf(progress.index + 1, questions.length)}
        className="mb-3 rounded-xl bg-slate-900 px-5 py-4 text-white shadow-sm"
      >
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-300">
          {v.questionOf(progress.index + 1, questions.length)}
        </p>
        <p
          className="mt-1 text-lg font-semibold leading-snug sm:text-2xl"
          data-testid="teleprompter"
          aria-live="polite"
        >
          {question}
        </p>
      </section>

      <div
        className={`relative mx-auto overflow-hidden rounded-xl bg-black ${portrait ? 'aspect-[3/4] max-h-[42vh] sm:aspect-[9/16] sm:max-h-[60vh]' : 'aspect-video'}`}
        style={portrait ? { maxWidth: 'min(100%, calc(42vh * 3 / 4))' } : undefined}
      >
        {phase === 'review' && recorder.clip ? (
          <video
            key={recorder.clip.url}
            src={recorder.clip.url}
            controls
            playsInline
            className="h-full w-full object-contain"
            aria-label={v.reviewTitle}
          />
        ) : (
          <video
            ref={recorder.attach}
            autoPlay
            muted
            playsInline
            aria-label={v.cameraPreview}
            className="h-full w-full object-cover"
            style={recorder.facing === 'user' ? { transform: 'scaleX(-1)' } : undefined}
          />
        )}
        {phase === 'countdown' && (
          <div
            className="absolute inset-0 flex flex-col items-center justify-center bg-black/40 text-white"
            role="status"
            aria-live="assertive"
          >
            <span className="text-7xl font-bold tabular-nums" data-testid="countdown">
              {recorder.countdown}
            </span>
            <span className="sr-only">{v.countdown(recorder.countdown)}</span>
          </div>
        )}
        {(phase === 'recording' || phase === 'preview') && (
          <div className="absolute inset-x-0 top-0 flex items-center justify-between gap-2 bg-gradient-to-b from-black/60 to-transparent px-3 py-2 text-sm font-medium text-white">
            {phase === 'recording' ? (
              <span className="inline-flex items-center gap-1.5">
                <Circle size={12} className="animate-pulse fill-red-500 text-red-500" aria-hidden="true" />
                {v.recording}
              </span>
            ) : (
              <span>{v.maxLength(clock(maxSeconds))}</span>
            )}
            {phase === 'recording' && (
              <span className="font-mono tabular-nums" data-testid="remaining">
                {v.remaining(clock(maxSeconds - recorder.elapsed))}
              </span>
            )}
          </div>
        )}
      </div>
      {phase === 'recording' && (
        <Bar value={(recorder.elapsed / maxSeconds) * 100} label={v.recording} className="mx-auto mt-2 max-w-md" />
      )}

      {recorder.error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-4 py-3 text-center text-sm text-red-700">
          {recorder.error}
        </p>
      )}

      {phase !== 'review' && (
        <div className="mt-3 flex flex-wrap items-center justify-center gap-2">
          <Button
            variant="secondary"
            className="px-3"
            onClick={recorder.switchCamera}
            disabled={busy || phase === 'off'}
            aria-label={`${v.switchCamera} (${recorder.facing === 'user' ? v.frontCamera : v.rearCamera})`}
            title={v.switchCamera}
          >
            <SwitchCamera size={18} aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{recorder.facing === 'user' ? v.frontCamera : v.rearCamera}</span>
          </Button>
          <div
            role="radiogroup"
            aria-label={`${v.portrait} / ${v.landscape}`}
            className="inline-flex overflow-hidden rounded-lg border border-slate-300"
          >
            {(['portrait', 'landscape'] as const).map((o) => (
              <button
                key={o}
                type="button"
                role="radio"
                aria-checked={recorder.orientation === o}
                disabled={busy}
                onClick={() => recorder.turn(o)}
                className={`min-h-11 px-2.5 text-sm font-medium ${recorder.orientation === o ? 'bg-brand text-white' : 'bg-white text-slate-700 hover:bg-slate-50'} disabled:opacity-50`}
              >
                {o === 'portrait' ? v.portrait : v.landscape}
              </button>
            ))}
          </div>
        </div>
      )}

      {phase === 'review' && <p className="mt-3 text-center text-sm text-slate-600">{v.reviewHint}</p>}
      <RecordActions answer={answer} />

      {Object.keys(progress.answers).length > 0 && (
        <Card className="mt-6">
          <Transfers questions={questions} progress={progress} states={queue.states} />
        </Card>
      )}
    </Page>
  );
}

/** What the person can do now (switch the camera on, record, stop, send or retake, skip), and what a screen reader hears. */
function RecordActions({ answer }: { answer: VideoAnswer }) {
  const { tenant, maxSeconds, recorder, send, skip } = answer;
  const phase = recorder.phase;
  const busy = phase === 'countdown' || phase === 'recording';
  const actions = useRef<HTMLDivElement>(null);
  // "Aufnahme starten" gives way to "Aufnahme beenden", that one to "Antwort senden": the focus follows.
  useKeepFocus(actions, phase);
  // The countdown says itself; the teleprompter says the next question.
  const spoken: SpokenPhase = phase === 'recording' ? 'recording' : phase === 'review' ? 'stopped' : 'before';
  const announcement = recorderAnnouncement(
    spoken,
    recorder.elapsed,
    maxSeconds,
    texts.recorder.videoStopped(recorder.clip?.seconds ?? 0),
  );
  return (
    <>
      <LiveStatus text={announcement} testId="recorder-announcer" />
      <div ref={actions} className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-center">
        {phase === 'off' && (
          <Button onClick={() => void recorder.open()} block>
            <Camera size={18} aria-hidden="true" />
            {v.startCamera}
          </Button>
        )}
        {phase === 'preview' && (
          <Button onClick={recorder.record} style={{ backgroundColor: tenant.startButtonColor }} block>
            <Circle size={18} aria-hidden="true" />
            {v.record}
          </Button>
        )}
        {busy && (
          <Button variant="danger" onClick={recorder.stop} disabled={phase === 'countdown'} block>
            <Square size={18} aria-hidden="true" />
            {v.stop}
          </Button>
        )}
        {phase === 'review' && (
          <>
            <Button onClick={() => void send()} block>
              <Send size={18} aria-hidden="true" />
              {v.send}
            </Button>
            <Button variant="secondary" onClick={recorder.discard} block>
              <RotateCcw size={18} aria-hidden="true" />
              {v.retake}
            </Button>
          </>
        )}
        {!busy && phase !== 'starting' && (
          <Button variant="ghost" onClick={skip} block>
            <SkipForward size={18} aria-hidden="true" />
            {v.skip}
          </Button>
        )}
      </div>
    </>
  );
}

/** Each question answered or skipped so far, with its clip's transfer. */
export function Transfers({
  questions,
  progress,
  states,
}: {
  questions: readonly string[];
  progress: Progress | null;
  states: Record<number, ClipState>;
}) {
  if (!progress) return null;
  const rows = Object.entries(progress.answers)
    .map(([i, answer]) => [Number(i), answer] as const)
    .sort((a, b) => a[0] - b[0]);
  const label = (index: number, answer: Answer) => {
    if (answer === 'skipped') return v.clipStates.skipped;
    const s = states[index];
    if (answer === 'sent' || s?.state === 'sent') return v.clipStates.sent;
    if (!s) return v.clipStates.waiting;
    if (s.state === 'uploading') return v.clipStates.uploading(s.percent);
    if (s.state === 'retrying') return v.clipStates.retrying;
    if (s.state === 'refused') return `${v.clipStates.refused}: ${s.message ?? ''}`;
    return v.clipStates.waiting;
  };
  const waiting = rows.some(([i, a]) => a === 'queued' && states[i]?.state !== 'sent');
  return (
    <div>
      <h2 className="mb-2 text-base font-semibold text-slate-900">{v.transferTitle}</h2>
      <ul className="space-y-2" data-testid="clip-list">
        {rows.map(([index, answer]) => (
          <li key={index} className="text-sm">
            <span className="font-medium text-slate-900">{v.questionOf(index + 1, questions.length)}</span>
            <span className="text-slate-600"> · {label(index, answer)}</span>
            {states[index]?.state === 'uploading' && (
              <Bar value={states[index]!.percent} label={questions[index] ?? ''} className="mt-1" />
            )}
          </li>
        ))}
      </ul>
      {waiting && <p className="mt-3 text-xs text-slate-500">{v.keptOnDevice}</p>}
    </div>
  );
}
