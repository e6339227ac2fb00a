import { ArrowRight, Mic, Pause, Play, RotateCcw, Square } from 'lucide-react';
import { BackLink } from '../navigation';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isLocalId } from '../../../../common/content-id';
import { MAX_RECORDING_SECONDS } from '../../../../common/schemas/voice-messages';
import { tenantPath } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { apiUrl, call } from '../../api/client';
import { ApiError } from '../../lib/api';
import { failureMessage, notify } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Progress } from '../../ui/Progress';
import {
  contentIdState,
  DraftStorageFull,
  keepRecording,
  uploadRecording,
  useContentId,
  useDraftBase,
  waitForTranscript,
} from '../submissions';
import { useTenant } from '../../current-tenant/TenantContext';
import { clock, useRecorder } from './useRecorder';
import { storageKeys } from '../../lib/storage';
import { KeptPanel } from './KeptPanel';
import { useKeptRecording } from './useKeptRecording';

const t = texts.voiceMessages;

type Work =
  | { phase: 'none' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'queued' | 'running' }
  | { phase: 'failed'; message: string; manual: boolean }
  | { phase: 'unavailable'; offline: boolean };

/** /voice-message and /bank/voice-message: record, listen, then upload and transcribe. */
export function VoiceMessagePage() {
  const tenant = useTenant();
  const navigate = useNavigate();
  // The submission is created when the recording is sent, not by opening the page.
  // The bank goes on with a local id silently, as the spec says (its row's announceLocalId).
  const id = useContentId({
    kind: 'voice',
    variant: tenant.style.voiceVariant,
    lazy: true,
    announceLocal: tenant.style.announceLocalId,
  });
  const sentTo = useRef<string | null>(null);
  const recorder = useRecorder({ onAutoStop: () => notify.info(texts.common.hintTitle, t.autoStopped) });
  const [work, setWork] = useState<Work>({ phase: 'none' });
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const audio = useRef<HTMLAudioElement>(null);
  const abort = useRef<AbortController | null>(null);
  const uploaded = useRef<{ mediaId: number; jobId: number | null } | null>(null);
  const draftBase = useDraftBase('voice');
  /** The recording already kept in the local id's draft (so 'Weiter' again keeps it once). */
  const keptBlob = useRef<Blob | null>(null);
  // Back on the page (after "Zurück"): the recording sent or kept before is shown as kept.
  const earlier = useKeptRecording(id.contentId);
  const [recordAgain, setRecordAgain] = useState(false);
  const showKept = !!earlier && !recordAgain && recorder.state === 'idle';
  const continueKept = () => {
    if (!earlier) return;
    const typed = sessionStorage.getItem(
      tenant.style.ownStorageKeys ? storageKeys.latestBankTranscript : storageKeys.latestTranscript,
    );
    navigate(tenantPath(tenant, 'transcript-edit'), {
      state: {
        transcript: typed ?? '',
        ...contentIdState(id.contentId),
        audioUrl: earlier.url,
        manual: typed === null && earlier.where === 'device' ? 'offline' : undefined,
      },
    });
  };

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (recorder.error) notify.error(t.recordingErrorTitle, recorder.error);
  }, [recorder.error]);

  const busy = work.phase === 'uploading' || work.phase === 'queued' || work.phase === 'running';
  const rec = recorder.recording;

  /** `manual` says why the user types the text: no transcriber, no server, or a failed transcription. */
  const toEdit = (transcript: string, manual?: 'unavailable' | 'offline' | 'failed') => {
    const audioUrl = uploaded.current
      ? apiUrl('GET /media/:mediaId/file', { mediaId: uploaded.current.mediaId })
      : rec?.url;
    navigate(tenantPath(tenant, 'transcript-edit'), {
      state: { transcript, ...contentIdState(sentTo.current ?? id.contentId), audioUrl, manual },
    });
  };

  const failed = (message: string, title: string = t.transcriptionErrorTitle) => {
    notify.error(title, message);
    setWork({ phase: 'failed', message, manual: !!uploaded.current });
  };

  const next = async (retry = false) => {
    if (!rec) {
      notify.error(t.noRecordingTitle, t.noRecording);
      return;
    }
    const { contentId } = id.contentId ? id : await id.ensure();
    if (!contentId) {
      notify.error(texts.common.errorTitle, texts.common.contentIdNotFound);
      return;
    }
    sentTo.current = contentId;
    if (isLocalId(contentId)) {
      // Without the server there is nothing to transcribe with: the user types the text. The
      // recording waits in the local id's draft and is uploaded when the server answers again.
      if (keptBlob.current !== rec.blob) {
        try {
          await keepRecording(contentId, draftBase, rec.blob);
          keptBlob.current = rec.blob;
        } catch (error) {
          notify.error(
            error instanceof DraftStorageFull ? texts.uploads.localStoreFullTitle : t.recordingErrorTitle,
            texts.finish.recordingNotKept,
          );
        }
      }
      setWork({ phase: 'unavailable', offline: true });
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      if (!uploaded.current) {
        setWork({ phase: 'uploading', percent: 0 });
        const result = await uploadRecording(contentId, rec.blob, (percent) =>
          setWork({ phase: 'uploading', percent }),
        );
        uploaded.current = result;
      }
      let jobId = uploaded.current.jobId;
      if (retry && jobId !== null) {
        jobId = (
          await call(
            'POST /submissions/:contentId/transcriptions',
            { params: { contentId }, body: { mediaId: uploaded.current.mediaId } },
            { contentId },
          )
        ).jobId;
        uploaded.current.jobId = jobId;
      }
      if (jobId === null) {
        setWork({ phase: 'unavailable', offline: false });
        return;
      }
      setWork({ phase: 'queued' });
      const status = await waitForTranscript(
        contentId,
        jobId,
        (s) => setWork(s === 'running' ? { phase: 'running' } : { phase: 'queued' }),
        controller.signal,
      );
      if (status.status === 'failed') return failed(status.message ?? t.transcriptionFailed);
      if (!status.text?.trim()) return failed(t.noTranscriptReceived);
      toEdit(status.text);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      // A limit of the public link keeps its own title ('Limit erreicht'); the text can still be typed.
      if (error instanceof ApiError && error.status === 429)
        return failed(error.message, error.title ?? texts.common.errorTitle);
      failed(failureMessage(error, t.transcriptionFailed));
    }
  };

  const reset = () => {
    abort.current?.abort();
    audio.current?.pause();
    uploaded.current = null;
    setWork({ phase: 'none' });
    setPlaying(false);
    setPosition(0);
    recorder.reset();
  };

  const togglePlay = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play();
    else el.pause();
  };

  const shown =
    recorder.state === 'recorded' && rec
      ? `${clock(position)} / ${clock(rec.seconds)}`
      : `${clock(recorder.elapsed)} / ${clock(MAX_RECORDING_SECONDS)}`;
  const statusText = recorder.state === 'recording' ? t.recording : recorder.state === 'recorded' ? t.recorded : t.idle;

  return (
    <Page title={t.voiceTitle} intro={t.voiceIntro} back={<BackLink to={tenant.homePath} />}>
      {showKept && earlier ? (
        <KeptPanel kept={earlier} onContinue={continueKept} onRecordAgain={() => setRecordAgain(true)} />
      ) : (
        <>
          <Card className="flex flex-col items-center gap-5 py-8">
            <div
              className={`flex h-24 w-24 items-center justify-center rounded-full ${recorder.state === 'recording' ? 'animate-pulse bg-red-100 text-red-600' : 'bg-slate-100 text-brand'}`}
              aria-hidden="true"
            >
              <Mic size={40} />
            </div>
            <p className="text-sm font-medium text-slate-600" aria-live="polite">
              {statusText}
            </p>
            <p className="font-mono text-3xl tabular-nums text-slate-900" data-testid="recording-clock">
              {shown}
            </p>
            <Progress
              value={(recorder.elapsed / MAX_RECORDING_SECONDS) * 100}
              label={t.recording}
              className="max-w-sm"
            />

            {recorder.error && (
              <p role="alert" className="max-w-md rounded-lg bg-red-50 px-4 py-3 text-center text-sm text-red-700">
                {recorder.error}
              </p>
            )}

            <div className="flex w-full max-w-md flex-col gap-3 sm:flex-row sm:justify-center">
              {recorder.state === 'idle' && (
                <Button
                  onClick={() => void recorder.start()}
                  style={{ backgroundColor: tenant.startButtonColor }}
                  block
                >
                  <Mic size={18} aria-hidden="true" />
                  {t.start}
                </Button>
              )}
              {recorder.state === 'recording' && (
                <Button variant="danger" onClick={recorder.stop} block>
                  <Square size={18} aria-hidden="true" />
                  {t.stop}
                </Button>
              )}
              {recorder.state === 'recorded' && rec && (
                <>
                  <Button variant="secondary" onClick={togglePlay} disabled={busy} block>
                    {playing ? <Pause size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />}
                    {playing ? t.pause : t.play}
                  </Button>
                  <Button variant="secondary" onClick={reset} disabled={busy} block>
                    <RotateCcw size={18} aria-hidden="true" />
                    {t.reset}
                  </Button>
                  <audio
                    ref={audio}
                    src={rec.url}
                    onPlay={() => setPlaying(true)}
                    onPause={() => setPlaying(false)}
                    onEnded={() => {
                      setPlaying(false);
                      setPosition(0);
                    }}
                    onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
                    className="hidden"
                  />
                </>
              )}
            </div>
          </Card>

          <div className="mt-6 space-y-4">
            {work.phase === 'uploading' && (
              <div className="space-y-2" role="status">
                <p className="text-sm text-slate-700">{t.uploading}</p>
                <Progress value={work.percent} label={t.uploading} />
              </div>
            )}
            {(work.phase === 'queued' || work.phase === 'running') && (
              <div
                className="flex items-center gap-3 rounded-lg bg-slate-50 px-4 py-3"
                role="status"
                aria-live="polite"
              >
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
                  <Button variant="secondary" onClick={() => void next(true)}>
                    {t.retry}
                  </Button>
                  <Button onClick={() => toEdit('', 'failed')}>{t.typeYourself}</Button>
                </div>
              </div>
            )}
            {work.phase === 'unavailable' && (
              <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3">
                <p className="text-sm text-amber-900">{work.offline ? t.offline : t.noTranscriber}</p>
                <Button className="mt-3" onClick={() => toEdit('', work.offline ? 'offline' : 'unavailable')}>
                  {t.typeYourself}
                </Button>
              </div>
            )}

            <Button
              block
              onClick={() => void next(work.phase === 'failed')}
              disabled={busy || recorder.state === 'recording' || id.loading}
            >
              {t.next}
              <ArrowRight size={18} aria-hidden="true" />
            </Button>
          </div>
        </>
      )}
    </Page>
  );
}
