import { ArrowRight } from 'lucide-react';
import { BackLink } from '../navigation';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLocalId, isNumericId } from '../../../../common/content-id';
import { tenantPath } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { withKnownDuration } from '../../lib/audio-duration';
import { ApiError } from '../../lib/api';
import { call } from '../../api/client';
import { notify } from '../../lib/notify';
import { storageKeys } from '../../lib/storage';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextareaField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import {
  type ContentIdNavState,
  contentIdState,
  forgetKept,
  keepDraft,
  keepForSubmission,
  useDraftBase,
  useKnownContentId,
} from '../submissions';
import { useTenant } from '../../current-tenant/TenantContext';
import { ignoreFailure } from '../../../../common/best-effort';

const t = texts.voiceMessages;
/** The spec's delays: the bank waits 1 s for a transcript, and goes on 1 s after saving. */
const WAIT_FOR_TRANSCRIPT_MS = 1000;
const REDIRECT_AFTER_SAVE_MS = 1000;

type EditState =
  | (ContentIdNavState & {
      transcript?: string;
      audioUrl?: string;
      manual?: 'unavailable' | 'offline' | 'failed';
    })
  | null;

/**
 * /transcript-edit for every tenant: opened after a voice message (transcript, Content-ID,
 * audioUrl) or an interview (transcript, Content-ID). The bank saves with 'Speichern und weiter'.
 */
export function TranscriptEditPage() {
  const tenant = useTenant();
  const navigate = useNavigate();
  const state = useLocation().state as EditState;
  const contentId = useKnownContentId();
  const bank = tenant.style.transcriptSaveAndContinue;
  const draftKey = tenant.style.ownStorageKeys ? storageKeys.latestBankTranscript : storageKeys.latestTranscript;
  const draftBase = useDraftBase('voice');
  const given = state?.transcript;
  const manual = state?.manual;
  const [transcript, setTranscript] = useState<string | null>(given ?? (manual ? '' : null));
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  /** The server could not store the text (503 or unreachable): it stays in this browser. */
  const [keptLocally, setKeptLocally] = useState(false);
  const leaving = useRef<number | null>(null);
  // Opened directly: the voice message (the bank's flow, a recording or typed text) or the topics.
  const back =
    bank || state?.audioUrl || manual ? tenantPath(tenant, 'voice-message') : tenantPath(tenant, 'interview-category');

  // Without a transcript in the navigation state, the one already stored for the submission is used.
  useEffect(() => {
    if (transcript !== null) return;
    let cancelled = false;
    const lookup = isNumericId(contentId)
      ? call('GET /submissions/:contentId', { params: { contentId: contentId! } }, { contentId: contentId! }).then(
          (s) => s.transcript,
        )
      : Promise.resolve(sessionStorage.getItem(draftKey));
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_FOR_TRANSCRIPT_MS));
    void Promise.race([
      lookup.catch(ignoreFailure('look up a kept transcript', null, { level: 'debug', fallback: null })),
      timeout,
    ]).then((found) => {
      if (cancelled) return;
      if (found?.trim()) return setTranscript(found);
      setMissing(true);
      if (bank) {
        notify.error(texts.common.errorTitle, t.noTranscriptFound);
        navigate(tenant.homePath, { replace: true });
      } else {
        leaving.current = window.setTimeout(() => navigate(back, { replace: true }), 1500);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [transcript, contentId, bank, back, draftKey, navigate, tenant.homePath]);

  useEffect(
    () => () => {
      if (leaving.current !== null) window.clearTimeout(leaving.current);
    },
    [],
  );

  useEffect(() => {
    if (transcript !== null) sessionStorage.setItem(draftKey, transcript);
  }, [transcript, draftKey]);

  if (missing) {
    return (
      <Page title={t.editTitle}>
        <Card>
          <p role="alert" className="text-slate-700">
            {t.noTranscription}
          </p>
        </Card>
      </Page>
    );
  }
  if (transcript === null) return <Spinner fill text={texts.common.loading} />;

  const blank = transcript.trim().length === 0;
  const goOn = () => navigate(tenantPath(tenant, 'image-upload-after-voice'), { state: contentIdState(contentId) });

  const save = async () => {
    if (blank) {
      notify.error(texts.common.transcriptEmptyTitle, texts.common.transcriptEmpty);
      return;
    }
    if (!contentId) {
      notify.warning(t.noContentIdTitle, t.noContentId);
      return;
    }
    if (isLocalId(contentId)) {
      localStorage.setItem(storageKeys.currentTranscript, transcript);
      // Also kept in the local id's draft (with its recording), sent when the server answers again.
      void keepDraft(contentId, draftBase, { transcript }).catch(
        ignoreFailure('keep the transcript on the device', null, { fallback: null }),
      );
      notify.info(texts.common.hintTitle, t.savedLocally);
      if (bank) window.setTimeout(goOn, REDIRECT_AFTER_SAVE_MS);
      else goOn();
      return;
    }
    setSaving(true);
    try {
      await call(
        'PUT /submissions/:contentId/transcript',
        { params: { contentId }, body: { transcript } },
        { contentId },
      );
      setKeptLocally(false);
      void forgetKept(Number(contentId), 'transcript').catch(
        ignoreFailure('forget the kept transcript', null, { level: 'debug', fallback: null }),
      );
      notify.success(t.transcriptSavedTitle, texts.common.transcriptSaved);
      if (bank) {
        window.setTimeout(goOn, REDIRECT_AFTER_SAVE_MS);
        return;
      }
      setSaving(false);
      goOn();
    } catch (error) {
      setSaving(false);
      const status = error instanceof ApiError ? error.status : 0;
      const refused = error instanceof ApiError && status >= 400 && status < 500 ? error.message : undefined;
      // Storage or database down (503) or no connection: the text stays here and, signed in, in
      // the drafts that go to the server once it answers again.
      if (!refused && (!(error instanceof ApiError) || error.unreachable)) {
        sessionStorage.setItem(draftKey, transcript);
        setKeptLocally(true);
        void keepForSubmission(Number(contentId), draftBase, { transcript }).catch(() => false);
      }
      // The bank's editor: 'Fehler' with the reason, or the spec's 'Es gab ein Problem beim Speichern des Transkripts.'
      if (bank) notify.error(texts.common.errorTitle, refused ?? t.saveProblem);
      // The server refused the text (too long, id gone): 'Fehler beim Absenden' with its reason;
      // the server failed: 'Speicherfehler'; it could not be reached: 'Speicherwarnung' (the text stays here).
      else if (refused) notify.error(t.submitErrorTitle, refused);
      else if (status >= 500 && !(error as ApiError).unreachable)
        notify.error(t.saveErrorTitle, texts.common.transcriptSaveFailed);
      else notify.warning(t.saveWarningTitle, t.saveWarning);
    }
  };

  return (
    <Page title={t.editTitle} intro={t.editIntro} back={<BackLink to={back} state={contentIdState(contentId)} />}>
      <Card className="space-y-5">
        <p className="text-sm text-slate-600">
          {t.contentId}:{' '}
          <span className="font-mono font-semibold text-slate-900" data-testid="content-id">
            {contentId ?? texts.common.notAvailable}
          </span>
        </p>
        {manual && (
          <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {manual === 'failed'
              ? `${t.transcriptionFailed} ${t.audioKept}`
              : manual === 'offline'
                ? t.offline
                : t.noTranscriber}
          </p>
        )}
        {keptLocally && (
          <p
            role="status"
            data-testid="kept-locally"
            className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            {texts.common.outageKeptLocally}
          </p>
        )}
        {state?.audioUrl && (
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-slate-800">{t.yourRecording}</p>
            <audio ref={withKnownDuration} controls preload="metadata" src={state.audioUrl} className="w-full" />
          </div>
        )}
        <TextareaField
          label={t.transcriptLabel}
          value={transcript}
          onChange={(e) => setTranscript(e.target.value)}
          rows={12}
          className="min-h-64 leading-relaxed"
          error={blank ? texts.common.transcriptEmpty : undefined}
        />
        <Button block onClick={() => void save()} disabled={blank || saving}>
          {bank ? (saving ? t.saving : t.saveAndContinue) : t.continueToImages}
          {!saving && <ArrowRight size={18} aria-hidden="true" />}
        </Button>
      </Card>
    </Page>
  );
}
