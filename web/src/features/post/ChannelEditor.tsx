import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Sparkles, X as Remove } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import {
  channelLimits,
  countChars,
  mediaOrder,
  shownLimit,
  withPositions,
  type PostChannel,
  type PostImage,
  type PostItem,
  type PostMediaEntry,
} from '../../../../common/schemas/post';
import type { ChannelPost, PostOverview, PostVersion } from '../../../../common/contracts/post';
import { saveVersion } from '../../../../common/schemas/post';
import { tenants, type TenantKey } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { apiUrl, call } from '../../api/client';
import { failureMessage, notify, notifyFailure } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { TextareaField } from '../../ui/Field';
import { formatDateTime } from '../admin';
import { ApprovalPanel, PublicationPanel } from './PostActions';
import { PostPreview, type PreviewMedia } from './PostPreview';
import { ConsentBadges, isVideo, MediaThumb, useContent } from '../content';
import { useTenantLabels } from '../../current-tenant/labels';
import { streamDraft } from './draftStream';
import '../../lib/zod-csp';

// Attaching clips and cards: its own chunk, loaded with the post section (bundle budget).
const PostItems = lazy(() => import('../content/PostItems').then((m) => ({ default: m.PostItems })));

const t = texts.post;
const tc = texts.content;
export type Origin = 'editor' | 'model' | 'template' | 'restore' | 'content';
export type Draft = { body: string; images: PostImage[]; items: PostItem[]; origin: Origin };
type Sources = { kind: 'model' | 'template'; passages: { index: number; text: string }[] };

const latestOf = (post: ChannelPost | undefined): PostVersion | undefined => post?.versions.at(-1);
const sameAs = (draft: Draft, version: PostVersion | undefined) =>
  !!version &&
  draft.body === version.body &&
  JSON.stringify(draft.images) === JSON.stringify(version.images) &&
  JSON.stringify(draft.items) === JSON.stringify(version.items);

/** One channel's post in the "Beitrag" section: the draft, its sources, media, versions, approval and publication. */
export function ChannelEditor({
  overview,
  tenant,
  channel,
  post,
  draft,
  setDraft,
  onSaved,
}: {
  overview: PostOverview;
  tenant: string;
  channel: PostChannel;
  post: ChannelPost | undefined;
  draft: Draft;
  setDraft(next: Partial<Draft>): void;
  onSaved(): void;
}) {
  const queryClient = useQueryClient();
  const contentId = overview.contentId;
  const latest = latestOf(post);
  const [error, setError] = useState<string>();
  const [sources, setSources] = useState<Sources>();
  const [drafting, setDrafting] = useState(false);
  const [draftError, setDraftError] = useState<string>();
  const streamed = useRef('');
  const limit = shownLimit(channel);
  const count = countChars(draft.body);
  const over = count > channelLimits[channel];
  const tenantInfo = tenants[tenant as TenantKey];
  // The tenant row's name (a created or renamed tenant), else the seed's.
  const tenantName = useTenantLabels().rows.find((r) => r.key === tenant)?.name ?? tenantInfo?.name ?? tenant;

  const save = useMutation({
    mutationFn: (input: { body: string; images: PostImage[]; items: PostItem[]; source: Origin }) =>
      call('POST /posts/:contentId/:channel/versions', { params: { contentId, channel }, body: input }),
    onSuccess: async (version) => {
      notify.success(t.saved, t.savedText(version.number));
      await queryClient.invalidateQueries({ queryKey: ['post', contentId] });
      await queryClient.invalidateQueries({ queryKey: ['inbox'] });
      onSaved();
    },
    onError: (e) => setError(failureMessage(e)),
  });

  const submit = () => {
    const parsed = saveVersion.safeParse({
      body: draft.body,
      images: draft.images,
      items: draft.items,
      source: draft.origin,
    });
    if (!draft.body.trim()) return setError(t.bodyEmpty);
    if (over) return setError(t.overLimit(channelLimits[channel]));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data);
  };

  // The editor's text stays until a draft arrived in full; a failure puts it back.
  const suggest = async () => {
    const before = draft;
    setDrafting(true);
    setDraftError(undefined);
    setSources(undefined);
    streamed.current = '';
    let kind: 'model' | 'template' = 'template';
    let failure: string | undefined;
    try {
      await streamDraft(contentId, channel, (event) => {
        if (event.type === 'start') kind = event.kind;
        if (event.type === 'delta') {
          streamed.current += event.text;
          setDraft({ body: streamed.current, origin: kind });
        }
        if (event.type === 'done') {
          setDraft({ body: streamed.current.trim(), origin: kind });
          setSources({ kind, passages: event.sources });
        }
        if (event.type === 'error') failure = event.message;
      });
    } catch (e) {
      failure = failureMessage(e, t.modelFailed);
    }
    if (failure) {
      setDraft(before);
      setDraftError(failure);
      notify.error(texts.common.errorTitle, failure);
    }
    setDrafting(false);
  };

  const content = useContent(contentId);
  const photos = overview.photos;
  // Photos and items in the post's one order.
  const order = mediaOrder(draft.images, draft.items);
  const setOrder = (entries: PostMediaEntry[]) => setDraft(withPositions(entries));
  const pickedIds = new Set(draft.images.map((i) => i.mediaId));
  const thumb = (id: number) => {
    const photo = photos.find((p) => p.id === id);
    return apiUrl(photo?.hasThumbnail ? 'GET /media/:mediaId/thumbnail' : 'GET /media/:mediaId/file', { mediaId: id });
  };
  const itemOf = (id: number) => content.data?.items.find((i) => i.id === id);
  const previewOf = (e: PostMediaEntry): PreviewMedia => {
    if (e.type === 'image') return { src: thumb(e.image.mediaId), alt: e.image.alt, video: false, photo: true };
    const item = itemOf(e.item.itemId);
    return { src: item?.url ?? null, alt: e.item.alt, video: !!item && isVideo(item), captions: item?.captionsUrl };
  };
  const move = (from: number, to: number) => {
    const next = [...order];
    const [entry] = next.splice(from, 1);
    next.splice(to, 0, entry!);
    setOrder(next);
  };
  const setAlt = (at: number, alt: string) =>
    setOrder(
      order.map((e, i) =>
        i !== at ? e : e.type === 'image' ? { ...e, image: { ...e.image, alt } } : { ...e, item: { ...e.item, alt } },
      ),
    );
  const keyOf = (e: PostMediaEntry) => (e.type === 'image' ? `photo-${e.image.mediaId}` : `item-${e.item.itemId}`);

  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-2">
        <div className="min-w-0 space-y-2">
          {draft.origin === 'model' || draft.origin === 'template' ? (
            <p
              className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${draft.origin === 'model' ? 'bg-violet-100 text-violet-800' : 'bg-amber-100 text-amber-900'}`}
              data-testid="draft-origin"
            >
              {draft.origin === 'model' ? t.modelLabel : t.templateLabel}
            </p>
          ) : null}
          <TextareaField
            label={t.bodyLabel}
            rows={12}
            value={draft.body}
            readOnly={drafting}
            aria-busy={drafting}
            error={error}
            onChange={(e) => {
              setError(undefined);
              setDraft({ body: e.target.value });
            }}
          />
          <p
            className={`text-sm ${over ? 'font-semibold text-red-600' : 'text-slate-600'}`}
            aria-live="polite"
            data-testid="char-count"
          >
            {t.count(count, limit)}
          </p>
          {over && !error && <p className="text-sm text-red-600">{t.overLimit(channelLimits[channel])}</p>}
          {draftError && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800">
              {draftError}
            </p>
          )}
          <div className="flex flex-wrap gap-2 pt-1">
            <Button variant="secondary" onClick={() => void suggest()} disabled={drafting}>
              <Sparkles size={16} aria-hidden="true" />
              {drafting ? t.suggesting : t.suggest}
            </Button>
            <Button onClick={submit} disabled={save.isPending || drafting}>
              {t.save}
            </Button>
          </div>
          {sources && (
            <details open className="rounded-lg bg-slate-50 p-3 text-sm">
              <summary className="cursor-pointer font-medium text-slate-800">{t.sourcesTitle}</summary>
              {sources.passages.length === 0 ? (
                <p className="mt-2 text-slate-500">{t.noSources}</p>
              ) : (
                <ul className="mt-2 space-y-2" aria-label={t.sourcesTitle}>
                  {sources.passages.map((p) => (
                    <li key={p.index}>
                      <blockquote className="border-l-4 border-brand/40 pl-3 text-slate-700">
                        <span className="mr-1 text-xs text-slate-500">[{p.index}]</span>
                        {p.text}
                      </blockquote>
                    </li>
                  ))}
                </ul>
              )}
            </details>
          )}
        </div>
        <div className="min-w-0">
          <h3 className="mb-1.5 text-sm font-medium text-slate-800">{t.preview}</h3>
          <PostPreview
            tenantName={tenantName}
            logoText={tenantInfo?.logoText ?? tenantName.slice(0, 1).toUpperCase()}
            channel={channel}
            body={draft.body}
            media={order.map(previewOf)}
          />
        </div>
      </div>

      <div>
        <h3 className="mb-1 text-base font-semibold text-slate-900">{t.mediaTitle}</h3>
        <p className="mb-2 text-sm text-slate-600">{t.mediaHint}</p>
        {order.length === 0 ? (
          <p className="text-sm text-slate-500">{t.noMedia}</p>
        ) : (
          <ol className="space-y-3" aria-label={t.mediaTitle} data-testid="post-media-order">
            {order.map((e, i) => {
              const item = e.type === 'item' ? itemOf(e.item.itemId) : undefined;
              const kind = e.type === 'image' ? t.photoKind : item ? `${tc.kinds[item.kind]} · ${item.format}` : '';
              const name = `${kind || tc.kinds.card} ${i + 1}`;
              const id = `media-${channel}-${keyOf(e)}`;
              return (
                <li key={keyOf(e)} className="flex gap-3 rounded-lg border border-slate-200 p-2">
                  <MediaThumb m={previewOf(e)} />
                  <div className="min-w-0 flex-1 space-y-1.5">
                    <p className="text-xs font-medium text-slate-600">
                      {i + 1}. {kind} {item && item.state !== 'ready' ? `· ${tc.rendering}` : ''}
                    </p>
                    <label className="block text-xs font-medium text-slate-700" htmlFor={id}>
                      {e.type === 'image' ? t.altLabel : tc.captionLabel} {i + 1}
                    </label>
                    <input
                      id={id}
                      className="block w-full rounded-lg border border-slate-300 px-2.5 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
                      value={e.type === 'image' ? e.image.alt : e.item.alt}
                      onChange={(ev) => setAlt(i, ev.target.value)}
                    />
                    {item && content.data && <ConsentBadges item={item} consent={content.data.consent} />}
                    <div className="flex flex-wrap gap-1">
                      <Button
                        variant="ghost"
                        className="!min-h-9 !px-2"
                        disabled={i === 0}
                        onClick={() => move(i, i - 1)}
                        aria-label={`${t.moveUp}: ${name}`}
                      >
                        <ArrowUp size={16} aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        className="!min-h-9 !px-2"
                        disabled={i === order.length - 1}
                        onClick={() => move(i, i + 1)}
                        aria-label={`${t.moveDown}: ${name}`}
                      >
                        <ArrowDown size={16} aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        className="!min-h-9 !px-2"
                        onClick={() => setOrder(order.filter((_, j) => j !== i))}
                        aria-label={`${t.removeImage}: ${name}`}
                      >
                        <Remove size={16} aria-hidden="true" />
                        <span className="text-xs">{t.removeImage}</span>
                      </Button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </div>

      <div>
        <h3 className="mb-2 text-base font-semibold text-slate-900">{t.imagesTitle}</h3>
        {photos.length === 0 ? (
          <p className="text-sm text-slate-500">{t.noImages}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {photos
              .filter((p) => !pickedIds.has(p.id))
              .map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    onClick={() => setOrder([...order, { type: 'image', index: 0, image: { mediaId: p.id, alt: '' } }])}
                    className="group relative block h-24 w-24 overflow-hidden rounded-lg border border-slate-300 hover:border-brand"
                    aria-label={`${t.pickImage}: ${p.originalName}`}
                  >
                    <img src={thumb(p.id)} alt="" className="h-full w-full object-cover" />
                    <span className="absolute inset-x-0 bottom-0 bg-black/60 px-1 py-0.5 text-center text-[11px] text-white">
                      {t.pickImage}
                    </span>
                  </button>
                </li>
              ))}
          </ul>
        )}
      </div>

      <Suspense fallback={null}>
        <PostItems
          contentId={contentId}
          attached={draft.items.map((i) => i.itemId)}
          onAttach={(item) => setOrder([...order, { type: 'item', index: 0, item }])}
        />
      </Suspense>

      <Versions
        versions={post?.versions ?? []}
        onRestore={(v) => setDraft({ body: v.body, images: v.images, items: v.items, origin: 'restore' })}
      />
      <ApprovalPanel overview={overview} channel={channel} post={post} unsaved={!sameAs(draft, latest)} />
      <PublicationPanel
        contentId={contentId}
        channel={channel}
        post={post}
        unsaved={!sameAs(draft, latest)}
        onError={notifyFailure}
      />
    </div>
  );
}

function Versions({ versions, onRestore }: { versions: PostVersion[]; onRestore(v: PostVersion): void }) {
  const [open, setOpen] = useState<number>();
  return (
    <div>
      <h3 className="mb-2 text-base font-semibold text-slate-900">{t.versionsTitle}</h3>
      {versions.length === 0 ? (
        <p className="text-sm text-slate-500">{t.noVersions}</p>
      ) : (
        <ol className="space-y-2" aria-label={t.versionsTitle}>
          {[...versions].reverse().map((v) => (
            <li key={v.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold text-slate-900">{t.version(v.number)}</span>
                {t.sourceLabels[v.source] && (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                    {t.sourceLabels[v.source]}
                  </span>
                )}
                <span className="min-w-0 break-all text-xs text-slate-500">
                  {t.versionBy(v.authorEmail, formatDateTime(v.createdAt))}
                </span>
                <span className="ml-auto flex gap-1">
                  <Button
                    variant="ghost"
                    className="!min-h-9 !px-2"
                    aria-expanded={open === v.id}
                    onClick={() => setOpen(open === v.id ? undefined : v.id)}
                    aria-label={`${t.viewVersion}: ${t.version(v.number)}`}
                  >
                    {t.viewVersion}
                  </Button>
                  <Button
                    variant="ghost"
                    className="!min-h-9 !px-2"
                    onClick={() => {
                      onRestore(v);
                      notify.info(t.restoreVersion, t.restored(v.number));
                    }}
                    aria-label={`${t.restoreVersion}: ${t.version(v.number)}`}
                  >
                    {t.restoreVersion}
                  </Button>
                </span>
              </div>
              {open === v.id && (
                <p className="mt-2 whitespace-pre-wrap break-words rounded bg-slate-50 p-2 text-slate-800">{v.body}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
