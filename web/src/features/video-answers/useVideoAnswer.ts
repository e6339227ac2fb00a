import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isLocalId } from '../../../../common/content-id';
import { interviewTopics, tenantPath, type InterviewTopic } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { VIDEO_ANSWER_DEFAULT_SECONDS, videoQuestions } from '../../../../common/video-answers';
import { notify } from '../../lib/notify';
import {
  closeDraft,
  contentIdState,
  keepClip,
  openDraft,
  recordConsent,
  useConsentTexts,
  useContentId,
  useDraftBase,
} from '../submissions';
import { ApiError } from '../../lib/api';
import { useTenant } from '../../current-tenant/TenantContext';
import { clearProgress, loadProgress, saveProgress, type Progress } from './clips';
import { useClipQueue, useKeptClips } from './useClipQueue';
import { useVideoRecorder } from './useVideoRecorder';

const v = texts.videoAnswers;

export type Step = 'topic' | 'consent' | 'record' | 'done';

/**
 * The state of a video answer (VideoAnswerPage shows it): the step, the topic and its questions,
 * the progress kept across reloads, the camera, and the clips on their way (online with tus, or
 * under a local id in the draft of that id).
 */
export function useVideoAnswer() {
  const tenant = useTenant();
  const navigate = useNavigate();
  // The tenant's current words of the video rights, shown and recorded with their version.
  const rightsShown = useConsentTexts().video_rights;
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
  // A clip being recorded is noted with the progress; a reload finds the note and says what was lost.
  const [lost, setLost] = useState<{ question: number; seconds: number } | null>(null);
  useEffect(() => {
    const note = progress?.recording;
    if (!note) return;
    const seconds = Math.max(1, Math.round(((progress.savedAt ?? Date.now()) - note.startedAt) / 1000));
    setLost({ question: note.index + 1, seconds });
    notify.warning(texts.common.warningTitle, v.lostOnReload(note.index + 1, seconds));
    setProgress((p) => ({ ...p, recording: undefined, savedAt: undefined }));
  }, []); // once, on opening
  const recording = recorder.phase === 'recording';
  useEffect(() => {
    if (!progress) return;
    if (recording) {
      const startedAt = Date.now();
      setProgress((p) => ({ ...p, recording: { index: p.index, startedAt } }));
      // The moment the page goes (reload, closed tab) tells how much was recorded.
      const gone = () => {
        const kept = loadProgress(scope);
        if (kept?.recording) saveProgress(scope, { ...kept, savedAt: Date.now() });
      };
      window.addEventListener('pagehide', gone);
      return () => window.removeEventListener('pagehide', gone);
    }
    if (progress.recording) setProgress((p) => ({ ...p, recording: undefined }));
    return undefined;
  }, [recording]);

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
          await openDraft(contentId, draftBase, { videoRights: rightsShown.text });
        } catch {
          notify.error(v.errorTitle, v.notStored);
          return;
        }
      } else {
        const refused = await recordConsent(contentId, 'video_rights', rightsShown).then(
          () => null,
          (error: unknown) => {
            // Words replaced meanwhile: the person reads the new ones first.
            if (error instanceof ApiError && error.status === 409) return error.message;
            notify.warning(texts.common.hintTitle, texts.common.serverUnavailable);
            return null;
          },
        );
        if (refused) {
          setConsent(false);
          setConsentError(refused);
          return;
        }
      }
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

  return {
    tenant,
    consentWords: rightsShown.text,
    lost,
    maxSeconds,
    step,
    setStep,
    topics,
    chosen,
    setTopic,
    questions,
    consent,
    setConsent,
    consentError,
    setConsentError,
    starting,
    idLoading: id.loading,
    progress,
    local,
    kept,
    queue,
    recorder,
    start,
    send,
    skip,
    finish,
    startOver,
  };
}

export type VideoAnswer = ReturnType<typeof useVideoAnswer>;
