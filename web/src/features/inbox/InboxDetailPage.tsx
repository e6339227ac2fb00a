import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Archive, Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { lazy, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { SubmissionStatus } from '../../../../common/schemas/inbox';
import type { InboxNote } from '../../../../common/contracts/inbox';
import { submissionStatuses } from '../../../../common/schemas/values';
import { texts } from '../../../../common/texts';
import { apiUrl, call } from '../../api/client';
import { failureMessage, notify, notifyFailure } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { optionsOf, SelectField, TextareaField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { AfterFirstPaint } from '../../ui/AfterFirstPaint';
import { Spinner } from '../../ui/Spinner';
import { useTenantLabels } from '../../current-tenant/labels';
import { formatDateTime } from '../admin';
import { ContentSectionFrame, ContentToolsPlaceholder } from '../content';
import { PostSectionPlaceholder } from '../post';
import { MediaPreview } from './MediaPreview';

// The first screen shows the submission; its tools (cards, clips, audiograms, the post and zod with
// them) load beside it, so a phone sees the material before the tools' code has run.
const ContentSection = lazy(() => import('../content/ContentSection').then((m) => ({ default: m.ContentSection })));
const PostSection = lazy(() => import('../post/PostSection').then((m) => ({ default: m.PostSection })));

const t = texts.admin;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <section aria-label={title}>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
        {children}
      </section>
    </Card>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[fit-content(45%)_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value || t.notGiven}</dd>
        </div>
      ))}
    </dl>
  );
}

function Notes({ contentId, notes }: { contentId: number; notes: InboxNote[] }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const add = useMutation({
    mutationFn: (text: string) => call('POST /inbox/:contentId/notes', { params: { contentId }, body: { body: text } }),
    onSuccess: async () => {
      setBody('');
      notify.success(t.noteSaved);
      await queryClient.invalidateQueries({ queryKey: ['inbox-detail', contentId] });
    },
    onError: notifyFailure,
  });
  return (
    <Section title={t.sectionNotes}>
      {notes.length === 0 ? (
        <p className="mb-3 text-sm text-slate-500">{t.noNotes}</p>
      ) : (
        <ul className="mb-4 space-y-3">
          {notes.map((n) => (
            <li key={n.id} className="rounded-lg bg-amber-50 p-3 text-sm">
              <p className="whitespace-pre-wrap text-slate-800">{n.body}</p>
              <p className="mt-1 text-xs text-slate-500">
                {n.authorEmail} · {formatDateTime(n.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        className="space-y-3"
        onSubmit={async (e) => {
          e.preventDefault();
          const { newNote } = await import('../../../../common/schemas/inbox');
          const parsed = newNote.safeParse({ body });
          if (!parsed.success) return setError(parsed.error.issues[0]?.message);
          setError(undefined);
          add.mutate(parsed.data.body);
        }}
      >
        <TextareaField
          label={t.sectionNotes}
          placeholder={t.notePlaceholder}
          value={body}
          error={error}
          onChange={(e) => setBody(e.target.value)}
        />
        <Button type="submit" disabled={add.isPending}>
          {t.addNote}
        </Button>
      </form>
    </Section>
  );
}

function DeleteButton({ contentId }: { contentId: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => call('DELETE /inbox/:contentId', { params: { contentId } }),
    onSuccess: async () => {
      notify.success(t.deleted, t.deletedText(contentId));
      queryClient.removeQueries({ queryKey: ['inbox-detail', contentId] });
      await queryClient.invalidateQueries({ queryKey: ['inbox'] });
      navigate('/eingang', { replace: true });
    },
    onError: notifyFailure,
  });
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="danger">
          <Trash2 size={16} aria-hidden="true" />
          {t.deleteSubmission}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{t.deleteConfirmTitle}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {t.deleteConfirmText(contentId)}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{texts.common.cancel}</Button>
            </AlertDialog.Cancel>
            <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {t.deleteConfirm}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export function InboxDetailPage() {
  const { label: tenantLabel } = useTenantLabels();
  const contentId = Number(useParams().contentId);
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['inbox-detail', contentId],
    queryFn: () => call('GET /inbox/:contentId', { params: { contentId } }),
    enabled: Number.isInteger(contentId) && contentId > 0,
    retry: false,
  });
  const status = useMutation({
    mutationFn: (next: string) =>
      call('PUT /inbox/:contentId/status', { params: { contentId }, body: { status: next as SubmissionStatus } }),
    onSuccess: async (_data, next) => {
      notify.success(t.statusSaved, t.statusSavedText(t.statuses[next] ?? next));
      await queryClient.invalidateQueries({ queryKey: ['inbox-detail', contentId] });
      await queryClient.invalidateQueries({ queryKey: ['inbox'] });
    },
    onError: notifyFailure,
  });

  const back = (
    <Link to="/eingang" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline">
      <ArrowLeft size={16} aria-hidden="true" />
      {t.detailBack}
    </Link>
  );
  if (detail.isPending && detail.fetchStatus !== 'idle') return <Spinner fill text={texts.common.loading} />;
  if (!detail.data)
    return (
      <Page title={t.detailHeading(contentId || 0)} width="lg">
        {back}
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
          {failureMessage(detail.error, t.loadFailed)}
        </p>
      </Page>
    );

  const d = detail.data;
  const w = d.wAnswers;
  return (
    <Page
      title={t.detailHeading(d.contentId)}
      intro={`${t.kinds[d.kind] ?? d.kind} · ${tenantLabel(d.tenant)} · ${formatDateTime(d.createdAt)}`}
      width="xl"
      actions={
        <div className="flex flex-wrap gap-2">
          <a
            href={apiUrl('GET /inbox/:contentId/zip', { contentId: d.contentId })}
            download
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            <Archive size={16} aria-hidden="true" />
            {t.downloadZip}
          </a>
          <DeleteButton contentId={d.contentId} />
        </div>
      }
    >
      {back}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Section title={t.sectionTranscript}>
            {d.transcript ? (
              <p className="whitespace-pre-wrap text-sm leading-relaxed text-slate-800">{d.transcript}</p>
            ) : (
              <p className="text-sm text-slate-500">{t.noTranscript}</p>
            )}
          </Section>
          {!!d.earlierInterviews?.length && (
            <Section title={t.sectionEarlierInterviews}>
              <p className="mb-3 text-sm text-slate-600">{t.earlierInterviewsHint}</p>
              <div className="space-y-2">
                {d.earlierInterviews.map((e) => (
                  <details key={e.number} className="rounded-lg border border-slate-200 p-3">
                    <summary className="min-h-11 cursor-pointer content-center text-sm font-semibold text-slate-800">
                      {t.earlierInterview(e.number, formatDateTime(e.startedAt))}
                    </summary>
                    <p className="mt-2 whitespace-pre-wrap text-sm leading-relaxed text-slate-800">{e.transcript}</p>
                  </details>
                ))}
              </div>
            </Section>
          )}
          {w && (
            <Section title={t.sectionWAnswers}>
              <Facts rows={(['who', 'what', 'when', 'where', 'why'] as const).map((k) => [t.wQuestions[k]!, w[k]])} />
            </Section>
          )}
          <Section title={t.sectionFiles}>
            {d.media.length === 0 ? (
              <p className="text-sm text-slate-500">{t.noFiles}</p>
            ) : (
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {d.media.map((m) => (
                  <MediaPreview key={m.id} media={m} />
                ))}
              </ul>
            )}
          </Section>
          <ContentSectionFrame>
            <AfterFirstPaint fallback={<ContentToolsPlaceholder />}>
              <ContentSection contentId={d.contentId} />
            </AfterFirstPaint>
          </ContentSectionFrame>
          <AfterFirstPaint fallback={<PostSectionPlaceholder />}>
            <PostSection contentId={d.contentId} tenant={d.tenant} />
          </AfterFirstPaint>
        </div>
        <div className="space-y-6">
          <Card>
            <SelectField
              id="inbox-status"
              label={t.statusLabel}
              options={optionsOf(submissionStatuses, t.statuses)}
              value={d.status}
              disabled={status.isPending}
              onChange={(e) => status.mutate(e.target.value)}
            />
          </Card>
          <Section title={t.sectionMeta}>
            <Facts
              rows={[
                [t.metaCreated, formatDateTime(d.createdAt)],
                [t.metaCompleted, formatDateTime(d.completedAt)],
                [t.metaUser, d.userEmail ?? t.anonymous],
                [t.metaTopic, d.topic],
                [t.metaSource, d.source],
              ]}
            />
          </Section>
          <Section title={t.sectionContact}>
            <Facts
              rows={[
                [t.contactName, [d.contact.firstName, d.contact.lastName].filter(Boolean).join(' ')],
                [
                  t.contactEmail,
                  d.contact.email ? (
                    <a key="email" href={`mailto:${d.contact.email}`} className="text-brand underline">
                      {d.contact.email}
                    </a>
                  ) : null,
                ],
              ]}
            />
          </Section>
          <Section title={t.sectionPost}>
            <Facts
              rows={[
                [t.postEmail, d.post.email],
                [
                  t.postLink,
                  d.post.link ? (
                    <a
                      key="link"
                      href={d.post.link}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="break-all text-brand underline"
                    >
                      {d.post.link}
                    </a>
                  ) : null,
                ],
                [t.postDescription, d.post.description],
              ]}
            />
          </Section>
          <Section title={t.sectionConsents}>
            {d.consents.length === 0 ? (
              <p className="text-sm text-slate-500">{t.noConsents}</p>
            ) : (
              <ul className="space-y-2 text-sm">
                {d.consents.map((c) => (
                  <li key={c.id}>
                    <span className="font-medium text-slate-900">{t.consentKinds[c.kind] ?? c.kind}</span>{' '}
                    <span className={c.withdrawn ? 'text-xs font-medium text-red-700' : 'text-xs text-slate-500'}>
                      (
                      {c.withdrawn
                        ? texts.ownPage.withdrawnOn(formatDateTime(c.givenAt))
                        : `${t.consentGivenAt} ${formatDateTime(c.givenAt)}`}
                      )
                    </span>
                    <p className="text-slate-700">{c.text}</p>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Notes contentId={d.contentId} notes={d.notes} />
        </div>
      </div>
    </Page>
  );
}
