import { AlertTriangle, ArrowRight, CheckCircle2, RotateCcw } from 'lucide-react';
import { BackLink, NotFoundPage } from '../navigation';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { VoiceTopic } from '../../../../common/schemas/interview';
import { voiceTopics } from '../../../../common/schemas/values';
import { tenantPath, type Tenant } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { contentIdState, isNumericId, useContentId } from '../submissions';
import { useTenant } from '../../current-tenant/TenantContext';
import { TranscriptPanel } from './TranscriptPanel';
import { useVoiceInterview } from './useVoiceInterview';
import { VoiceButton } from './VoiceButton';

const t = texts.interview;

/** Word of a local id per topic (spec: engineering, behind_scenes, tech_dive, free_topic, image_interview). */
const localVariant: Record<VoiceTopic, string> = {
  'engineering-path': 'engineering',
  'behind-scenes': 'behind_scenes',
  'tech-dive': 'tech_dive',
  'free-topic': 'free_topic',
  general: 'general',
  image: 'image_interview',
};

/** Source tag the bank hands to the image upload after the interview. */
const sourceTag = (topic: VoiceTopic) => (topic === 'general' ? 'general-interview' : topic);

function topicTitle(tenant: Tenant, topic: VoiceTopic): string {
  if (topic === 'image') return t.imageTopicTitle;
  if (topic === 'general') return texts.nav.topics.general.title;
  return texts.nav.topics[tenant.wording][topic].title;
}

/** interview/:topic — the four topics and the image interview, for every tenant. */
export function TopicInterviewPage() {
  const { topic } = useParams();
  if (!topic || topic === 'general' || !(voiceTopics as readonly string[]).includes(topic)) return <NotFoundPage />;
  return <InterviewScreen key={topic} topic={topic as VoiceTopic} />;
}

/** interview — the standalone interview screen (the bank's general interview). */
export function GeneralInterviewPage() {
  return <InterviewScreen topic="general" standalone />;
}

/** A topic's category intro (tenant data decides which topics show one): what the interview is about. */
function CategoryIntro({ paragraphs, onContinue }: { paragraphs: readonly string[]; onContinue(): void }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t.categoryIntroTitle}</h2>
      {paragraphs.map((text) => (
        <p key={text} className="mt-2 text-slate-700">
          {text}
        </p>
      ))}
      <Button className="mt-6" block onClick={onContinue}>
        {t.categoryIntroContinue}
        <ArrowRight size={18} aria-hidden="true" />
      </Button>
    </Card>
  );
}

/** After the end: says whether a transcript was captured; without one it offers to try again. */
function EndReport({ captured, onRetry }: { captured: boolean; onRetry(): void }) {
  if (captured)
    return (
      <p
        role="status"
        className="flex w-full items-start gap-2 rounded-xl border border-green-200 bg-green-50 p-4 text-sm font-medium text-green-900"
      >
        <CheckCircle2 className="mt-px shrink-0" size={18} aria-hidden="true" />
        {t.endedWithTranscript}
      </p>
    );
  return (
    <div role="status" className="w-full rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="flex items-start gap-2 font-semibold">
        <AlertTriangle className="mt-0.5 shrink-0" size={18} aria-hidden="true" />
        {t.endedWithoutTranscript}
      </p>
      <p className="mt-1 pl-[26px] text-sm">{t.endedWithoutTranscriptHint}</p>
      <Button className="mt-3 sm:ml-[26px]" variant="secondary" onClick={onRetry}>
        <RotateCcw size={18} aria-hidden="true" />
        {t.retry}
      </Button>
    </div>
  );
}

function Instructions({ onRead }: { onRead(): void }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t.instructionsTitle}</h2>
      <p className="mt-1 text-sm text-slate-600">{t.instructionsIntro}</p>
      <ul className="mt-4 flex list-disc flex-col gap-2 pl-5 text-slate-800">
        {t.instructions.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Button className="mt-6" block onClick={onRead}>
        <CheckCircle2 size={18} aria-hidden="true" />
        {t.instructionsRead}
      </Button>
    </Card>
  );
}

/** After the interview: edit the transcript, then on to the images (the bank in a card, with its source tag) or the end. */
function NextSteps({
  topic,
  transcript,
  contentId,
}: {
  topic: VoiceTopic;
  transcript: string;
  contentId: string | null;
}) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const editTranscript = () =>
    navigate(tenantPath(tenant, 'transcript-edit'), { state: { transcript, ...contentIdState(contentId) } });
  if (tenant.wording === 'banker')
    return (
      <Card className="w-full">
        <h2 className="text-lg font-semibold text-slate-900">{t.bankCardTitle}</h2>
        <p className="mt-1 text-sm text-slate-600">{t.bankCardText}</p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Button variant="secondary" block onClick={editTranscript}>
            {t.editTranscript}
          </Button>
          <Button
            block
            onClick={() =>
              navigate(tenantPath(tenant, 'image-upload-after-voice'), {
                state: { transcript, ...contentIdState(contentId), source: sourceTag(topic) },
              })
            }
          >
            {t.toImages}
          </Button>
        </div>
      </Card>
    );
  return (
    <div className="flex w-full flex-col gap-3 sm:flex-row">
      <Button variant="secondary" block onClick={editTranscript}>
        {t.editTranscript}
      </Button>
      {topic === 'image' ? (
        <Button block onClick={() => navigate(tenantPath(tenant, 'thank-you'), { state: contentIdState(contentId) })}>
          {t.next}
        </Button>
      ) : (
        <Button
          block
          onClick={() => navigate(tenantPath(tenant, 'image-upload-after-voice'), { state: contentIdState(contentId) })}
        >
          {t.toImageUpload}
        </Button>
      )}
    </div>
  );
}

function InterviewScreen({ topic, standalone = false }: { topic: VoiceTopic; standalone?: boolean }) {
  const tenant = useTenant();
  const intro =
    topic !== 'general' && topic !== 'image' && tenant.topicIntros.includes(topic)
      ? t.categoryIntros[tenant.wording][topic]
      : null;
  const [step, setStep] = useState<'intro' | 'instructions' | 'ready'>(
    standalone ? 'ready' : intro ? 'intro' : 'instructions',
  );
  const read = step === 'ready';
  const [requested, setRequested] = useState(false);
  const voice = useVoiceInterview({ tenant, topic });
  const id = useContentId({
    kind: 'interview',
    topic,
    // The bank's local ids carry no variant word (plain `local_` and a timestamp) and come silently,
    // as on its upload screens (spec, second document).
    variant: tenant.style.fileUploadScreens ? '' : localVariant[topic],
    announceLocal: tenant.style.announceLocalId,
    forceNew: topic !== 'image',
    enabled: requested,
  });

  // On the public link an interview needs its submission (made with the proof of work); without one
  // the page has already said why (a limit, or the failed proof).
  const begin = (contentId: string | null) => {
    if (tenant.viaPublicLink && !isNumericId(contentId)) return;
    // "Erneut versuchen" after a lost connection: the server continues the same interview.
    void voice.start(contentId, { goOn: voice.status === 'error' });
  };

  // The submission is created when the interview starts; then the agent is called.
  useEffect(() => {
    if (!requested || id.loading) return;
    setRequested(false);
    begin(id.contentId);
  }, [requested, id.loading, id.contentId, voice]);

  const start = () => {
    if (!id.loading && (id.contentId || !tenant.viaPublicLink)) begin(id.contentId);
    else if (!id.loading) void id.ensure().then((r) => begin(r.contentId));
    else setRequested(true);
  };

  const back =
    topic === 'image'
      ? { to: tenantPath(tenant, 'image-description'), state: contentIdState(id.contentId) }
      : { to: topic === 'general' ? tenant.homePath : tenantPath(tenant, 'interview-category'), state: undefined };
  const contentId = id.contentId;

  return (
    <Page
      title={standalone && !tenant.hasGeneralInterview ? texts.nav.interviewAppTitle : topicTitle(tenant, topic)}
      intro={read ? (voice.finished ? t.finishedIntro : standalone ? t.standaloneIntro : t.readyIntro) : undefined}
      back={<BackLink to={back.to} state={back.state} />}
    >
      {step === 'intro' && intro ? (
        <CategoryIntro paragraphs={intro} onContinue={() => setStep('instructions')} />
      ) : !read ? (
        <Instructions onRead={() => setStep('ready')} />
      ) : (
        <div className="flex flex-col items-center gap-6">
          {!standalone && voice.status !== 'connected' && !voice.finished && (
            <h2 className="text-xl font-semibold text-slate-900">{t.readyTitle}</h2>
          )}
          <VoiceButton
            status={voice.status}
            preload={voice.preload}
            finished={voice.finished}
            progress={voice.progress}
            mode={voice.mode}
            error={voice.error}
            color={tenant.startButtonColor}
            confirmRepeat={voice.transcript.trim() !== ''}
            onStart={start}
            onStop={() => void voice.stop()}
          />
          {voice.finished && !voice.active && <EndReport captured={voice.transcript.trim() !== ''} onRetry={start} />}
          <TranscriptPanel
            turns={voice.turns}
            onChange={voice.setTurns}
            editable={!voice.active}
            contentId={contentId}
          />
          {!voice.finished ? (
            <p className="text-center text-sm text-slate-500">{t.buttonsHint}</p>
          ) : (
            <NextSteps topic={topic} transcript={voice.transcript} contentId={contentId} />
          )}
        </div>
      )}
    </Page>
  );
}
