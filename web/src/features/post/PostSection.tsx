import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { postChannels, type PostChannel } from '../../../../common/schemas/post';
import type { ChannelPost, PostVersion } from '../../../../common/contracts/post';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { Card } from '../../ui/Card';
import { ApprovalBadge, listStateOf } from './ApprovalBadge';
import '../../lib/zod-csp';
import { ChannelEditor, type Draft } from './ChannelEditor';

const t = texts.post;

const latestOf = (post: ChannelPost | undefined): PostVersion | undefined => post?.versions.at(-1);

/** The "Beitrag" section of the inbox detail page: one post per channel, drafted, approved, published. */
export function PostSection({ contentId, tenant }: { contentId: number; tenant: string }) {
  const overview = useQuery({
    queryKey: ['post', contentId],
    queryFn: () => call('GET /posts/:contentId', { params: { contentId } }),
  });
  const [channel, setChannel] = useState<PostChannel>('linkedin');
  const [drafts, setDrafts] = useState<Partial<Record<PostChannel, Draft>>>({});
  const data = overview.data;
  const post = data?.channels.find((c) => c.channel === channel);
  const latest = latestOf(post);
  const saved: Draft = {
    body: latest?.body ?? '',
    images: latest?.images ?? [],
    items: latest?.items ?? [],
    origin: 'editor',
  };
  const draft = drafts[channel] ?? saved;
  // Merges into the newest state, so text streaming in never loses a change made meanwhile.
  // The state the inbox list shows: the newest request not withdrawn, of any channel.
  const newest = data?.channels
    .flatMap((c) => c.approvals.filter((a) => !a.withdrawnAt).map((approval) => ({ channel: c.channel, approval })))
    .sort((a, b) => b.approval.id - a.approval.id)[0];
  const setDraft = (next: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [channel]: { ...(all[channel] ?? saved), ...next } }));

  return (
    <Card>
      <section aria-label={t.section}>
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{t.section}</h2>
          {newest && (
            <span className="flex items-center gap-1.5 text-xs text-slate-500" data-testid="post-approval-summary">
              <ApprovalBadge state={listStateOf(newest.approval)} />
              {t.channels[newest.channel]}
            </span>
          )}
        </div>
        {/* Radix Tabs: arrow keys, Home/End, each tab controlling its panel (WCAG 2.1.1, 4.1.2). */}
        <Tabs.Root value={channel} onValueChange={(value) => setChannel(value as PostChannel)}>
          <Tabs.List aria-label={t.channelLabel} className="-mx-1 mb-4 flex gap-1 overflow-x-auto p-1">
            {postChannels.map((c) => {
              const saved = data?.channels.some((p) => p.channel === c && p.versions.length);
              return (
                <Tabs.Trigger
                  key={c}
                  value={c}
                  className={`min-h-11 shrink-0 rounded-lg px-3 text-sm font-medium ${c === channel ? 'bg-brand text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`}
                >
                  {t.channels[c]}
                  {saved && (
                    <>
                      <span
                        className="ml-1.5 inline-block h-1.5 w-1.5 rounded-full bg-current align-middle"
                        aria-hidden="true"
                      />
                      {/* The dot's meaning in words (not a dot alone). */}
                      <span className="sr-only">{` (${t.channelHasSaved})`}</span>
                    </>
                  )}
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>
          {postChannels.map((c) => (
            <Tabs.Content key={c} value={c} className="focus-visible:outline-2">
              {c !== channel ? null : !data ? (
                <p className="text-sm text-slate-500">
                  {overview.isError ? overview.error.message : texts.common.loading}
                </p>
              ) : (
                <ChannelEditor
                  key={channel}
                  overview={data}
                  tenant={tenant}
                  channel={channel}
                  post={post}
                  draft={draft}
                  setDraft={setDraft}
                  onSaved={() => setDrafts((all) => ({ ...all, [channel]: undefined }))}
                />
              )}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </section>
    </Card>
  );
}
