import { ArrowRight } from 'lucide-react';
import { BackLink } from '../navigation';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isLocalId } from '../../../../common/content-id';
import { tenantPath } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { apiUrl, call } from '../../api/client';
import { ApiError } from '../../lib/api';
import { failureMessage, notify } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
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
import { useRecorder } from './useRecorder';
import { RecorderCard } from './RecorderCard';
import { type Manual, type Work, WorkStatus } from './WorkStatus';
import { storageKeys } from '../../lib/storage';
import { KeptPanel } from './KeptPanel';
import { useKeptRecording } from './useKeptRecording';

const t = texts.voiceMessages;

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
  const toEdit = (transcript: string, manual?: Manual) => {
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

  /** Without the server there is nothing to transcribe with: the user types the text. The
   * recording waits in the local id's draft and is uploaded when the server answers again. */
  const keepOnDevice = async (contentId: string, blob: Blob) => {
    if (keptBlob.current !== blob) {
      try {
        await keepRecording(contentId, draftBase, blob);
        keptBlob.current = blob;
      } catch (error) {
        notify.error(
          error instanceof DraftStorageFull ? texts.uploads.localStoreFullTitle : t.recordingErrorTitle,
          texts.finish.recordingNotKept,
        );
      }
    }
    setWork({ phase: 'unavailable', offline: true });
  };

  /** The recording's upload (once) and its transcription job: a new one when `retry`. */
  const uploadOnce = async (contentId: string, blob: Blob, retry: boolean): Promise<number | null> => {
    if (!uploaded.current) {
      setWork({ phase: 'uploading', percent: 0 });
      uploaded.current = await uploadRecording(contentId, blob, (percent) => setWork({ phase: 'uploading', percent }));
    }
    const sent = uploaded.current;
    if (retry && sent.jobId !== null) {
      sent.jobId = (
        await call(
          'POST /submissions/:contentId/transcriptions',
          { params: { contentId }, body: { mediaId: sent.mediaId } },
          { contentId },
        )
      ).jobId;
    }
    return sent.jobId;
  };

  const transcribe = async (contentId: string, blob: Blob, retry: boolean) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      const jobId = await uploadOnce(contentId, blob, retry);
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
    if (isLocalId(contentId)) return keepOnDevice(contentId, rec.blob);
    return transcribe(contentId, rec.blob, retry);
  };

  const reset = () => {
    abort.current?.abort();
    uploaded.current = null;
    setWork({ phase: 'none' });
    recorder.reset();
  };

  return (
    <Page title={t.voiceTitle} intro={t.voiceIntro} back={<BackLink to={tenant.homePath} />}>
      {showKept && earlier ? (
        <KeptPanel kept={earlier} onContinue={continueKept} onRecordAgain={() => setRecordAgain(true)} />
      ) : (
        <>
          <RecorderCard recorder={recorder} busy={busy} startColor={tenant.startButtonColor} onReset={reset} />

          <div className="mt-6 space-y-4">
            <WorkStatus work={work} onRetry={() => void next(true)} onTypeYourself={(manual) => toEdit('', manual)} />

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
