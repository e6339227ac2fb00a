import { ArrowLeft, ArrowRight, Camera, RotateCcw, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { tenantPath } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { useTenant } from '../../current-tenant/TenantContext';
import { useTenantInfo } from '../../current-tenant/tenantInfo';
import { Spinner } from '../../ui/Spinner';
import { BackLink, EntryCards } from '../navigation';
import { PublicFlowCards } from '../public-link';
import { Button } from '../../ui/Button';
import { Card, CardGrid } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { IdHint } from '../uploads';
import { RecordStep, Transfers } from './RecordStep';
import { useVideoAnswer } from './useVideoAnswer';

const v = texts.videoAnswers;

/**
 * /video-answer (and /p/<tenant>/video-answer): the topic's questions one at a time above the
 * camera, a clip per question (countdown, limit, review, retake, skip), each clip sent with tus
 * while the next is recorded; then the thank-you page with its contact form.
 */
export function VideoAnswerPage() {
  const offered = useVideoOffered();
  if (offered === null) return <Spinner fill text={texts.common.loading} />;
  return offered ? <VideoAnswerFlow /> : <NotOffered />;
}

/**
 * Whether the page's tenant offers video answers, asked of the server once the page opens (its
 * row may have changed since the session began); the known row when the server cannot be asked.
 */
function useVideoOffered(): boolean | null {
  const tenant = useTenant();
  const info = useTenantInfo(tenant.key);
  const [asked, setAsked] = useState(false);
  const { refetch } = info;
  useEffect(() => {
    void refetch().finally(() => setAsked(true));
  }, [refetch]);
  if (!asked) return null;
  return (info.data?.entryCards ?? tenant.dashboardCards).includes('video-answer');
}

/** The tenant has no video answers (a saved link, or switched off meanwhile): its other flows instead, no camera. */
function NotOffered() {
  const tenant = useTenant();
  const cards = (
    tenant.homePath === tenantPath(tenant, 'content-selection') ? tenant.contentSelectionCards : tenant.dashboardCards
  ).filter((card) => card !== 'video-answer');
  return (
    <Page title={v.title} intro={v.notOfferedIntro} width="lg" back={<BackLink to={tenant.homePath} />}>
      {tenant.viaPublicLink ? <PublicFlowCards without="video-answer" /> : <EntryCards tenant={tenant} cards={cards} />}
    </Page>
  );
}

function VideoAnswerFlow() {
  const answer = useVideoAnswer();
  const {
    tenant,
    consentWords,
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
    idLoading,
    progress,
    local,
    kept,
    queue,
    start,
    finish,
    startOver,
  } = answer;

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
                <span className="block hyphens-auto text-base font-semibold text-slate-900 group-hover:text-brand">
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
            <span>{consentWords}</span>
          </label>
          {consentError && (
            <p role="alert" className="text-sm text-red-600">
              {consentError}
            </p>
          )}
          <Button block onClick={() => void start()} disabled={starting || idLoading}>
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

  return <RecordStep answer={answer} progress={progress} back={back} />;
}
