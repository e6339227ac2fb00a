import {
  ArrowLeft,
  ArrowRight,
  Camera,
  Circle,
  RotateCcw,
  Send,
  SkipForward,
  Square,
  SwitchCamera,
  Video,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isLocalId } from '../../../../common/content-id';
import { interviewTopics, tenantPath, type InterviewTopic } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { VIDEO_ANSWER_DEFAULT_SECONDS, videoQuestions } from '../../../../common/video-answers';
import { notify } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card, CardGrid } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Progress as Bar } from '../../ui/Progress';
import {
  closeDraft,
  contentIdState,
  keepClip,
  openDraft,
  recordConsent,
  useContentId,
  useDraftBase,
} from '../submissions';
import { IdHint } from '../uploads';
import { useTenant } from '../../current-tenant/TenantContext';
import { clearProgress, loadProgress, saveProgress, type Answer, type Progress } from './clips';
import { useClipQueue, useKeptClips, type ClipState } from './useClipQueue';
import { useVideoRecorder } from './useVideoRecorder';

const v = texts.videoAnswers;

/** mm:ss */
const clock = (seconds: number) => {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

type Step = 'topic' | 'consent' | 'record' | 'done';

/**
 * /video-answer (and /p/<tenant>/video-answer): the topic's questions one at a time above the
 * camera, a clip per question (countdown, limit, review, retake, skip), each clip sent with tus
 * while the next is recorded; then the thank-you page with its contact form.
 */
export function VideoAnswerPage() {
  const tenant = useTenant();
  const navigate = useNavigate();
  const scope = tenant.basePath || `/${tenant.key}`;
  const maxSeconds = tenant.videoMaxSeconds ?? VIDEO_ANSWER_DEFAULT_SECONDS;
  const [progress, setProgressState] = useState<Progress | null>(() => loadProgress(scope));
  const [topic, setTopic] = useState<InterviewTopic | null>(progress?.topic ?? null);
  const topics = tenant.topics ?? interviewTopics;
  const [step, setStep] = useState<Step>(() =>
    progress
      ? progress.index >= videoQuestions(tenant.wording, progress.topic).length
        ? 'done'
        : 'record'
      : topics.length === 1
        ? 'consent'
        : 'topic',
  );
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const chosen = topic ?? (topics.length === 1 ? topics[0]! : null);
  const questions = useMemo(() => (chosen ? videoQuestions(tenant.wording, chosen) : []), [chosen, tenant.wording]);
  // A new submission for every video answer: a stored id of another flow has another kind and topic.
  const id = useContentId({
    kind: 'video',
    topic: chosen ?? undefined,
    variant: 'video',
    lazy: true,
    forceNew: true,
  });
  // Under a local id (the server could not make the Content-ID) the clips are kept in the draft of
  // that id and go out with the drafts, under the server's id, once it answers.
  const local = progress ? isLocalId(progress.contentId) : false;
  const draftBase = { ...useDraftBase('video'), topic: chosen ?? undefined };

  const setProgress = useCallback(
    (update: (p: Progress) => Progress) => {
      setProgressState((old) => {
        if (!old) return old;
        const next = update(old);
        saveProgress(scope, next);
        return next;
      });
    },
    [scope],
  );

  const markSent = (index: number) => setProgress((p) => ({ ...p, answers: { ...p.answers, [index]: 'sent' } }));
  const online = useClipQueue(progress && !local ? progress.contentId : null, markSent);
  const kept = useKeptClips(
    progress && local ? progress.contentId : null,
    Object.entries(progress?.answers ?? {})
      .filter(([, a]) => a === 'queued')
      .map(([i]) => Number(i)),
    markSent,
  );
  const queue = local ? kept : online;
  const recorder = useVideoRecorder({
    maxSeconds,
    onAutoStop: () => notify.info(texts.common.hintTitle, v.autoStopped(maxSeconds)),
  });
  const resumedOnce = useRef(false);

  useEffect(() => {
    if (progress && step === 'record' && !resumedOnce.current) {
      resumedOnce.current = true;
      if (progress.index > 0) notify.info(texts.common.hintTitle, v.resumed(progress.index + 1));
    }
  }, [progress, step]);

  // The camera runs while questions are asked, and goes off afterwards.
  const { open: openCamera, close: closeCamera } = recorder;
  useEffect(() => {
    if (step === 'record') void openCamera();
    else closeCamera();
  }, [step]); // once per step, not per render

  useEffect(() => {
    if (recorder.error) notify.error(v.errorTitle, recorder.error);
  }, [recorder.error]);

  const start = async () => {
    if (!consent) {
      setConsentError(v.consentRequired);
      return;
    }
    if (!chosen) return;
    setStarting(true);
    try {
      const { contentId, isLocal } = await id.ensure();
      if (!contentId) return;
      if (isLocal) {
        // The consent waits in the draft with the clips; the draft stays open until the last question.
        try {
          await openDraft(contentId, draftBase, { videoRights: v.consentLabel });
        } catch {
          notify.error(v.errorTitle, v.notStored);
          return;
        }
      } else
        await recordConsent(contentId, 'video_rights', v.consentLabel).catch(() =>
          notify.warning(texts.common.hintTitle, texts.common.serverUnavailable),
        );
      const fresh: Progress = { contentId, topic: chosen, index: 0, answers: {} };
      saveProgress(scope, fresh);
      setProgressState(fresh);
      setStep('record');
    } finally {
      setStarting(false);
    }
  };

  const advance = (answer: 'queued' | 'skipped') => {
    if (!progress) return;
    const index = progress.index;
    const next = index + 1;
    // A clip sent meanwhile (fast connection) stays 'sent'.
    setProgress((p) => ({
      ...p,
      index: next,
      answers: { ...p.answers, [index]: p.answers[index] === 'sent' ? 'sent' : answer },
    }));
    if (next >= questions.length) setStep('done');
  };

  const send = async () => {
    const clip = recorder.take();
    if (!clip || !progress) return;
    if (local) {
      const { blob, mimeType, seconds, recordedAt } = clip;
      try {
        await keepClip(progress.contentId, draftBase, { index: progress.index, blob, mimeType, seconds, recordedAt });
      } catch {
        // Without room on the device the clip cannot wait for the server: the person records again.
        notify.error(v.errorTitle, v.notStored);
        URL.revokeObjectURL(clip.url);
        return;
      }
      kept.kept(progress.index);
      URL.revokeObjectURL(clip.url);
      advance('queued');
      return;
    }
    void online.add({
      contentId: progress.contentId,
      index: progress.index,
      blob: clip.blob,
      mimeType: clip.mimeType,
      seconds: clip.seconds,
      recordedAt: clip.recordedAt,
    });
    URL.revokeObjectURL(clip.url);
    advance('queued');
  };

  const skip = () => {
    recorder.discard();
    advance('skipped');
  };

  const finish = () => {
    if (!progress) return;
    clearProgress(scope);
    // Under a local id whose clips have all arrived, the thank-you page goes on under the server's id.
    const contentId = local && !kept.pending && kept.contentId ? kept.contentId : progress.contentId;
    navigate(tenantPath(tenant, 'thank-you'), { state: contentIdState(contentId) });
  };

  // Under a local id the draft is released to the team once every clip has arrived, not before the last question.
  const draftId = progress && local && step === 'done' ? progress.contentId : null;
  useEffect(() => {
    if (draftId) void closeDraft(draftId, draftBase).catch(() => undefined);
  }, [draftId]); // once per finished local answer

  const startOver = () => {
    if (progress && local) void closeDraft(progress.contentId, draftBase, true).catch(() => undefined);
    setProgress((p) => ({
      ...p,
      index: 0,
      answers: Object.fromEntries(Object.entries(p.answers).filter(([, a]) => a !== 'skipped')),
    }));
    setStep('record');
  };

  const back = (
    <Link
      to={tenant.homePath}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      <ArrowLeft size={16} aria-hidden="true" />
      {v.back}
    </Link>
  );

  if (step === 'topic') {
    const wording = texts.nav.topics[tenant.wording];
    return (
      <Page title={v.title} intro={v.intro} width="lg" actions={back}>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">{v.chooseTopic}</h2>
        <CardGrid>
          {topics.map((key) => (
            <button
              key={key}
              type="button"
              onClick={() => {
                setTopic(key);
                setStep('consent');
              }}
              className="group flex items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 text-left shadow-sm transition hover:border-brand hover:shadow-md"
            >
              <span className="mt-0.5 shrink-0 rounded-lg bg-slate-100 p-2.5 text-brand">
                <Video size={22} aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block text-base font-semibold text-slate-900 group-hover:text-brand">
                  {wording[key].title}
                </span>
                <span className="mt-1 block text-sm text-slate-600">{wording[key].text}</span>
              </span>
            </button>
          ))}
        </CardGrid>
      </Page>
    );
  }

  if (step === 'consent') {
    return (
      <Page title={v.title} intro={chosen ? texts.nav.topics[tenant.wording][chosen].title : undefined} actions={back}>
        <Card className="space-y-4">
          <h2 className="text-lg font-semibold text-slate-900">{v.consentTitle}</h2>
          <p className="text-slate-700">{v.consentText(maxSeconds)}</p>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600">
            {questions.map((q) => (
              <li key={q}>{q}</li>
            ))}
          </ol>
          <label className="flex items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-1 h-4 w-4"
              checked={consent}
              onChange={(e) => {
                setConsent(e.target.checked);
                setConsentError(null);
              }}
            />
            <span>{v.consentLabel}</span>
          </label>
          {consentError && (
            <p role="alert" className="text-sm text-red-600">
              {consentError}
            </p>
          )}
          <Button block onClick={() => void start()} disabled={starting || id.loading}>
            <Camera size={18} aria-hidden="true" />
            {v.startCamera}
          </Button>
        </Card>
      </Page>
    );
  }

  if (step === 'done' || !progress) {
    const answers = Object.values(progress?.answers ?? {});
    const sentCount = answers.filter((a) => a !== 'skipped').length;
    const pending = queue.pending || answers.includes('queued');
    return (
      <Page title={v.doneTitle} actions={back}>
        {local && progress && <IdHint contentId={kept.contentId ?? progress.contentId} />}
        <Card className="space-y-4">
          <Transfers questions={questions} progress={progress} states={queue.states} />
          {sentCount === 0 ? (
            <p className="text-sm text-slate-700">{v.noAnswers}</p>
          ) : (
            <p className="text-sm text-slate-700" role="status" aria-live="polite">
              {pending ? (local ? v.doneKept : v.doneWaiting) : v.doneSent}
            </p>
          )}
          <div className="flex flex-col gap-2 sm:flex-row">
            {sentCount === 0 && (
              <Button variant="secondary" onClick={startOver} block>
                <RotateCcw size={18} aria-hidden="true" />
                {v.startOver}
              </Button>
            )}
            <Button onClick={finish} disabled={(pending && !local) || sentCount === 0} block>
              {v.finish}
              <ArrowRight size={18} aria-hidden="true" />
            </Button>
          </div>
        </Card>
      </Page>
    );
  }

  const question = questions[progress.index] ?? '';
  const phase = recorder.phase;
  const busy = phase === 'countdown' || phase === 'recording';
  const portrait = recorder.orientation === 'portrait';
  return (
    <Page title={v.title} actions={back}>
      {local && <IdHint contentId={kept.contentId ?? progress.contentId} />}
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

      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-center">
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

      {Object.keys(progress.answers).length > 0 && (
        <Card className="mt-6">
          <Transfers questions={questions} progress={progress} states={queue.states} />
        </Card>
      )}
    </Page>
  );
}

/** Each question answered or skipped so far, with its clip's transfer. */
function Transfers({
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
