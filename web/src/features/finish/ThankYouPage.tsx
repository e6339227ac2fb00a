import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isLocalId, isNumericId } from '../../../../common/content-id';
import type { SubmissionKind } from '../../../../common/schemas/submissions';
import { tenantPath } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { clearAllStorage, clearStoredIds } from '../../lib/storage';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { BackLink } from '../navigation';
import { useDraftSync, useKnownContentId, useWaitingDraft } from '../submissions';
import { useTenant } from '../../current-tenant/TenantContext';
import { OwnPageLink } from '../own-page';
import { ContactForm } from './ContactForm';
import { MediaList } from './MediaList';
import { LocalIdValue, WaitingList } from './WaitingList';
import { finishedPath, finishProfileOf, newContentPath, type FinishProfile } from './profile';
import { sentFiles, thankYouIntro } from './thank-you';
import { TranscriptPreview } from './TranscriptPreview';
import { useFinishedSubmission } from './useFinishedSubmission';

const f = texts.finish;

type Paths = { finished: string; newContent: string; upload: string; back: string | null };

/** Thank-you page of a tenant flow: /thank-you, /firma-a/thank-you, /firma-b/thank-you, /bank/thank-you. */
export function ThankYouPage() {
  const tenant = useTenant();
  const known = useKnownContentId();
  const [contentId] = useState(known);
  const profile = finishProfileOf(tenant);
  const paths: Paths = {
    finished: finishedPath(tenant),
    newContent: newContentPath(tenant),
    upload: tenantPath(tenant, 'upload'),
    back: profile.backLabel ? tenant.homePath : null,
  };
  return <ThankYouView profile={profile} contentId={contentId} paths={paths} />;
}

/** Thank-you page of the anonymous public link (/p/:tenant/thank-you); the browser's token proves ownership. */
export function PublicThankYouPage() {
  const tenant = useTenant();
  const known = useKnownContentId();
  const [contentId] = useState(known);
  const upload = tenantPath(tenant, 'upload');
  const profile = { ...finishProfileOf(tenant), backLabel: null, clearsAllStorage: false };
  return (
    <ThankYouView
      profile={profile}
      contentId={contentId}
      paths={{ finished: tenant.homePath, newContent: tenant.homePath, upload, back: null }}
    />
  );
}

function ThankYouView({
  profile,
  contentId: given,
  paths,
}: {
  profile: FinishProfile;
  contentId: string | null;
  paths: Paths;
}) {
  const navigate = useNavigate();
  // Under a local id the material may still be on the device: the page says so, lists it, and
  // becomes the page of the server's Content-ID once everything has arrived.
  const waiting = useWaitingDraft(isLocalId(given) ? given : null);
  const contentId = waiting.arrivedAs !== null ? String(waiting.arrivedAs) : given;
  const local = isLocalId(contentId);
  const { summary, media } = useFinishedSubmission(contentId);
  useDraftSync();
  // Saved: the page stays (no redirect that loses focus and message, WCAG 2.2.1/3.2.5); the message
  // takes the focus and a link leads on.
  const [saved, setSaved] = useState<string | null>(null);
  const savedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);
  // Not found (or not the caller's) means the id is gone; an unreachable server does not.
  const unreachable = summary.error instanceof ApiError && summary.error.unreachable;
  const loadFailed = summary.isError && !unreachable;
  useEffect(() => {
    if (loadFailed) notify.error(texts.common.errorTitle, texts.common.contentIdMissing);
  }, [loadFailed]);

  // Sent without an account or a personal link: the way to the own page comes with the saved contact.
  const [ownPage, setOwnPage] = useState<string | null>(null);
  const onContactSaved = (message: string, code?: string | null) => {
    if (profile.clearsAllStorage) clearAllStorage();
    else clearStoredIds();
    setOwnPage(code ?? null);
    setSaved(message);
  };
  const startNew = () => {
    clearStoredIds();
    navigate(paths.newContent);
  };

  const missing = !contentId || loadFailed;
  if (isNumericId(contentId) && summary.isPending) return <Spinner fill text={f.loadingInfo} />;

  const data = summary.data;
  const kind = (data?.kind ?? null) as SubmissionKind | null;
  const files = sentFiles(media.data ?? [], kind);
  const transcript = data?.transcript?.trim() ? data.transcript : null;
  const intro = thankYouIntro({
    local,
    stillWaiting: !waiting.loaded || waiting.waiting,
    missing,
    empty: !!data && !data.hasContent,
  });

  return (
    <Page
      title={profile.title}
      intro={intro === 'waiting' ? f.waitingIntro : intro === 'nothingSent' ? f.nothingSentIntro : profile.intro}
      back={<BackLink to={paths.newContent} />}
    >
      <div className="space-y-5">
        <OwnPageLink />
        {missing ? (
          <MissingContentCard loadFailed={loadFailed} uploadPath={paths.upload} />
        ) : (
          <SummaryCard
            contentId={contentId!}
            local={local}
            kind={kind}
            summary={data && { transcript: !!transcript, images: files.filter((m) => m.kind === 'photo').length }}
          />
        )}

        {local && <WaitingList items={waiting.items} textsWaiting={waiting.textsWaiting} />}

        {unreachable && (
          <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {texts.common.serverUnavailable}
          </p>
        )}

        {data && (
          <Card>
            <h2 className="mb-2 text-lg font-semibold text-slate-900">{f.filesTitle}</h2>
            {media.isPending ? <p className="text-sm text-slate-500">{f.loadingInfo}</p> : <MediaList media={files} />}
          </Card>
        )}

        {transcript && (
          <Card>
            <h2 className="mb-2 text-lg font-semibold text-slate-900">{f.transcriptTitle}</h2>
            <TranscriptPreview transcript={transcript} />
          </Card>
        )}

        <Card>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">{f.nextStepsTitle}</h2>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
            {profile.nextSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </Card>

        <ContactCard
          contentId={contentId}
          variant={profile.variant}
          saved={saved}
          savedRef={savedRef}
          ownPage={ownPage}
          finishedPath={paths.finished}
          onSaved={onContactSaved}
        />

        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          {paths.back && profile.backLabel && (
            <Button variant="secondary" onClick={() => navigate(paths.back!)}>
              {profile.backLabel}
            </Button>
          )}
          <Button variant="secondary" onClick={startNew}>
            {f.newContent}
          </Button>
        </div>
      </div>
    </Page>
  );
}

/** No Content-ID, or one the server does not know: the way back to the upload. */
function MissingContentCard({ loadFailed, uploadPath }: { loadFailed: boolean; uploadPath: string }) {
  return (
    <Card className="border-amber-300 bg-amber-50">
      <p role="status" className="font-semibold text-amber-900">
        {f.noContentIdHint}
      </p>
      <p className="mt-1 text-sm text-amber-900">{loadFailed ? texts.common.contentIdMissing : f.noContentIdAdvice}</p>
      <Link to={uploadPath} className="mt-3 inline-block text-sm font-semibold text-brand underline">
        {f.backToUpload}
      </Link>
    </Card>
  );
}

/** The Content-ID, the kind of submission and, once loaded, whether it has a transcript and how many images. */
function SummaryCard({
  contentId,
  local,
  kind,
  summary,
}: {
  contentId: string;
  local: boolean;
  kind: SubmissionKind | null;
  summary: { transcript: boolean; images: number } | undefined;
}) {
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{f.summaryTitle}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-500">{f.contentIdLabel}</dt>
        <dd className="min-w-0 font-mono font-semibold text-slate-900">
          {local ? <LocalIdValue id={contentId} /> : <span data-testid="content-id">{contentId}</span>}
        </dd>
        {kind && (
          <>
            <dt className="text-slate-500">{f.summaryType}</dt>
            <dd className="text-slate-900">{f.kindLabels[kind] ?? kind}</dd>
          </>
        )}
        {summary && (
          <>
            <dt className="text-slate-500">{f.summaryTranscript}</dt>
            <dd className="text-slate-900">{summary.transcript ? f.transcriptPresent : f.transcriptAbsent}</dd>
            <dt className="text-slate-500">{f.summaryImages}</dt>
            <dd className="text-slate-900" data-testid="image-count">
              {summary.images}
            </dd>
          </>
        )}
      </dl>
    </Card>
  );
}

/** The contact form, and once it is saved the message that takes the focus and the link that leads on. */
function ContactCard({
  contentId,
  variant,
  saved,
  savedRef,
  ownPage,
  finishedPath,
  onSaved,
}: {
  contentId: string | null;
  variant: FinishProfile['variant'];
  saved: string | null;
  savedRef: RefObject<HTMLDivElement | null>;
  /** The code of the own page's personal link, when the saved contact brought one. */
  ownPage: string | null;
  finishedPath: string;
  onSaved(message: string, code?: string | null): void;
}) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{f.contactTitle}</h2>
      <p className="mb-4 mt-1 text-sm text-slate-600">{f.contactIntro}</p>
      {saved ? (
        <div
          ref={savedRef}
          tabIndex={-1}
          className="rounded-lg bg-green-50 px-4 py-3 text-green-900"
          data-testid="contact-saved"
        >
          <p className="font-semibold">{f.contactSavedTitle}</p>
          <p className="mt-1 text-sm">{saved}</p>
          {ownPage && <OwnPageLink code={ownPage} />}
          <Link to={finishedPath} className="mt-3 inline-block font-semibold text-brand underline">
            {f.finishedLink}
          </Link>
        </div>
      ) : (
        <ContactForm contentId={contentId} variant={variant} onSaved={onSaved} />
      )}
    </Card>
  );
}
