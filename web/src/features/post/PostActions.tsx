import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { publication, type PostChannel } from '../../../../common/schemas/post';
import type { ChannelPost, PostApproval, PostOverview } from '../../../../common/contracts/post';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { notify, notifyFailure } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { InputField } from '../../ui/Field';
import { formatDateTime } from '../admin';
import { ApprovalBadge } from './ApprovalBadge';
import '../../lib/zod-csp';

const t = texts.post;

/** The request that counts: the newest one not withdrawn. */
export const currentApproval = (post: ChannelPost | undefined): PostApproval | undefined =>
  post?.approvals.find((a) => !a.withdrawnAt);

/** Sending the post to the contributor for approval, its state, and withdrawing it. */
export function ApprovalPanel({
  overview,
  channel,
  post,
  unsaved,
}: {
  overview: PostOverview;
  channel: PostChannel;
  post: ChannelPost | undefined;
  unsaved: boolean;
}) {
  const queryClient = useQueryClient();
  const contentId = overview.contentId;
  const approval = currentApproval(post);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['post', contentId] });
    await queryClient.invalidateQueries({ queryKey: ['inbox'] });
  };
  const send = useMutation({
    mutationFn: () => call('POST /posts/:contentId/:channel/approvals', { params: { contentId, channel } }),
    onSuccess: async (sent) => {
      notify.success(t.sentForApproval, t.sentForApprovalText(sent.email));
      await refresh();
    },
    onError: notifyFailure,
  });
  const withdraw = useMutation({
    mutationFn: (id: number) => call('DELETE /posts/approvals/:approvalId', { params: { approvalId: id } }),
    onSuccess: async () => {
      notify.success(t.withdrawn);
      await refresh();
    },
    onError: notifyFailure,
  });
  const hasVersion = !!post?.versions.length;
  const hint = !overview.contributorEmail ? t.noContributorEmail : !hasVersion || unsaved ? t.saveFirst : null;

  return (
    <div aria-label={t.approvalTitle} role="group">
      <h3 className="mb-2 text-base font-semibold text-slate-900">{t.approvalTitle}</h3>
      {approval && (
        <div className="mb-3 space-y-1 rounded-lg border border-slate-200 p-3 text-sm" data-testid="approval-state">
          <div className="flex flex-wrap items-center gap-2">
            <ApprovalBadge state={approval.state} />
            {approval.expired && (
              <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-700">{t.expired}</span>
            )}
            <span className="break-all text-xs text-slate-500">{approval.email}</span>
          </div>
          {approval.state === 'pending' ? (
            <p className="text-slate-600">
              {t.version(approval.versionNumber)} · {t.expiresAt(formatDateTime(approval.expiresAt))}
            </p>
          ) : (
            <p className="text-slate-600">{t.decidedAt(formatDateTime(approval.decidedAt), approval.versionNumber)}</p>
          )}
          {approval.comment && (
            <p className="whitespace-pre-wrap rounded bg-amber-50 p-2 text-slate-800">
              <span className="font-medium">{t.changeComment}: </span>
              {approval.comment}
            </p>
          )}
          {approval.outdated && (
            <p className="font-medium text-amber-800" role="status">
              {approval.state === 'pending' ? t.pendingOutdated : t.outdated}
            </p>
          )}
          {approval.state === 'pending' && (
            <Button
              variant="secondary"
              className="mt-1"
              disabled={withdraw.isPending}
              onClick={() => withdraw.mutate(approval.id)}
            >
              {t.withdraw}
            </Button>
          )}
        </div>
      )}
      <Button onClick={() => send.mutate()} disabled={!!hint || send.isPending}>
        <Send size={16} aria-hidden="true" />
        {t.sendForApproval}
      </Button>
      {hint && <p className="mt-1.5 text-sm text-slate-500">{hint}</p>}
    </div>
  );
}

/** Where the post appeared; recording it mails the contributor and marks the submission as used. */
export function PublicationPanel({
  contentId,
  channel,
  post,
  unsaved,
  onError,
}: {
  contentId: number;
  channel: PostChannel;
  post: ChannelPost | undefined;
  unsaved: boolean;
  onError(e: unknown): void;
}) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const record = useMutation({
    mutationFn: (value: string) =>
      call('POST /posts/:contentId/:channel/publications', { params: { contentId, channel }, body: { url: value } }),
    onSuccess: async () => {
      setUrl('');
      notify.success(t.publicationSaved, t.publicationSavedText);
      await queryClient.invalidateQueries({ queryKey: ['post', contentId] });
      await queryClient.invalidateQueries({ queryKey: ['inbox-detail', contentId] });
      await queryClient.invalidateQueries({ queryKey: ['inbox'] });
    },
    onError,
  });
  const ready = !!post?.versions.length && !unsaved;
  return (
    <div>
      <h3 className="mb-2 text-base font-semibold text-slate-900">{t.publicationTitle}</h3>
      {post?.publications.length ? (
        <ul className="mb-3 space-y-1 text-sm">
          {post.publications.map((p) => (
            <li key={p.id} className="break-all">
              <a href={p.url} target="_blank" rel="noreferrer noopener" className="text-brand underline">
                {p.url}
              </a>{' '}
              <span className="text-xs text-slate-500">
                ({t.publishedOn(t.channels[p.channel]!, formatDateTime(p.createdAt))}, {t.version(p.versionNumber)})
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        noValidate
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = publication.safeParse({ url: url.trim() });
          if (!parsed.success) return setError(parsed.error.issues[0]?.message);
          setError(undefined);
          record.mutate(parsed.data.url);
        }}
      >
        <div className="min-w-0 flex-1">
          <InputField
            label={t.publicationUrl}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            error={error}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={!ready || record.isPending}>
          {t.recordPublication}
        </Button>
      </form>
      {!ready && <p className="mt-1.5 text-sm text-slate-500">{t.saveFirst}</p>}
    </div>
  );
}
