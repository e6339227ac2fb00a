import { newCard, newClip, type ItemKind, type NewCard, type NewClip } from '../../common/schemas/content';
import type { ClipSource, ContentItem, ContentOverview, Proposals } from '../../common/contracts/content';
import { parseTranscript } from '../../common/transcript';
import { texts } from '../../common/texts';
import { splitSentences } from '../../common/typesetting';
import { writeAudit } from '../admin';
import { now } from '../db/database';
import type { Editor, Submission } from '../tenants';
import { DomainError } from '../http/errors';
import { cancelMediaJob, mediaJobStates } from '../media-jobs/runner';
import { hasCaptionTrack } from './captions';
import { consentOf, itemsOf, needsOf, notCovered, specOf, type ItemRow, type ItemSpec } from './attach';
import { cardImage } from './preview';
import { RENDER_JOB } from './render';
import { blobKey, contributorName, mediaKindOf, mediaOf, type ServiceDeps, wordsOfMedia } from './sources';
import { snapToWords } from './timing';
import { clipEnd } from './clip-design';
import { templateOf } from './design';
import type { PassageProposer } from './proposer';

export { RENDER_JOB, renderItem, renderJob } from './render';
export { ItemReplacedHandlers, type ReplacedHandler, type WithItemReplaced } from './replaced';
export { brandOf } from './sources';

const t = texts.content;

function sentences(text: string): string[] {
  return splitSentences(text)
    .map((s) => s.trim())
    .filter((s) => s.length >= 12 && s.length <= 400);
}

function wAnswerList(value: string | null): string[] {
  try {
    const parsed = value ? JSON.parse(value) : {};
    return Object.values(parsed)
      .filter((v): v is string => typeof v === 'string' && v.trim().length > 0)
      .map((v) => v.trim());
  } catch {
    return [];
  }
}

export async function itemView(
  deps: ServiceDeps,
  row: ItemRow,
  consent: Awaited<ReturnType<typeof consentOf>>,
  states?: Awaited<ReturnType<typeof mediaJobStates>>,
): Promise<ContentItem> {
  const spec = specOf(row);
  let state = row.state as ContentItem['state'];
  let progress: number | null = null;
  if (row.state === 'rendering' && row.job_id != null) {
    const job = (states ?? (await mediaJobStates(deps.db, [Number(row.job_id)]))).get(Number(row.job_id));
    if (job?.status === 'queued') state = 'queued';
    else if (job?.status === 'failed') state = 'failed';
    else if (job?.status === 'cancelled') state = 'cancelled';
    progress = job?.progress ?? null;
  }
  const needs = needsOf(row.kind, spec);
  return {
    id: Number(row.id),
    kind: row.kind as ItemKind,
    format: row.format,
    alt: row.alt,
    state,
    progress,
    fileType: row.file_type,
    size: row.size == null ? null : Number(row.size),
    durationMs: row.duration_ms == null ? null : Number(row.duration_ms),
    url: row.state === 'ready' ? `/api/content/${row.submission_id}/items/${row.id}/file` : null,
    captionsUrl: hasCaptionTrack(row) ? `/api/content/${row.submission_id}/items/${row.id}/captions.vtt` : null,
    replacesId: row.replaces_id == null ? null : Number(row.replaces_id),
    needs,
    attachable: state !== 'failed' && state !== 'cancelled' && !notCovered(needs, consent),
    spec: spec as Record<string, unknown>,
    createdAt: row.created_at,
  };
}

export async function contentOverview(deps: ServiceDeps, row: Submission): Promise<ContentOverview> {
  const [items, consent, media] = await Promise.all([
    itemsOf(deps.db, row.id),
    consentOf(deps.db, row.id),
    mediaOf(deps, row.id),
  ]);
  const states = await mediaJobStates(
    deps.db,
    items.filter((i) => i.state === 'rendering' && i.job_id != null).map((i) => Number(i.job_id)),
  );
  const sources: ClipSource[] = media.flatMap((m) => {
    const kind = mediaKindOf(m);
    if (!kind) return [];
    return [
      {
        mediaId: Number(m.id),
        kind,
        name: m.original_name,
        durationMs: m.duration_ms == null ? null : Number(m.duration_ms),
        width: m.width ?? null,
        height: m.height ?? null,
        words: wordsOfMedia(m),
      },
    ];
  });
  const transcript = parseTranscript(row.transcript ?? '')
    .filter((turn) => turn.speaker !== 'interviewer')
    .flatMap((turn) => sentences(turn.text));
  return {
    contentId: Number(row.id),
    consent,
    contributor: { name: contributorName(row), role: row.contact_role ?? null },
    items: await Promise.all(items.map((i) => itemView(deps, i, consent, states))),
    sources,
    photos: media.filter((m) => m.kind === 'photo').map((m) => ({ id: Number(m.id), name: m.original_name })),
    quotes: { transcript: transcript.slice(0, 200), answers: wAnswerList(row.w_answers) },
    template: await templateOf(deps, row.tenant),
  };
}

/** Makes a quote card now (a card renders in well under a second) and stores it. */
export async function createCard(
  deps: ServiceDeps,
  editor: Editor,
  row: Submission,
  input: NewCard,
  replacesId: number | null = null,
): Promise<ContentItem> {
  const { png, quote, name, layout, consent } = await cardImage(deps, row, input);
  const key = blobKey(row.id, 'card', 'png');
  await deps.blobs.put(key, png, { contentType: 'image/png' });
  const at = now();
  const spec: ItemSpec = { quote, showName: input.showName, photoMediaId: input.photoMediaId, layout };
  const item = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('content_items')
      .values({
        submission_id: row.id,
        kind: 'card',
        format: input.format,
        spec: JSON.stringify(spec),
        alt: input.alt?.trim() || t.cardAlt(quote, name),
        file_key: key,
        file_type: 'image/png',
        size: png.length,
        duration_ms: null,
        state: 'ready',
        job_id: null,
        replaces_id: replacesId,
        created_by: editor.id,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, editor, {
      action: 'content.card',
      target: `submission:${row.id}`,
      tenant: row.tenant,
      detail: { item: Number(inserted.id), format: input.format, named: !!name },
    });
    return inserted;
  });
  return itemView(deps, item, consent);
}

/** Queues a clip (from video) or audiogram (from audio) of the passage [start, end], snapped to word times. */
export async function createClip(
  deps: ServiceDeps,
  editor: Editor,
  row: Submission,
  input: NewClip,
  replacesId: number | null = null,
): Promise<ContentItem> {
  const media = (await mediaOf(deps, row.id)).find((m) => Number(m.id) === input.mediaId);
  const kind = media && mediaKindOf(media);
  if (!media || !kind) throw new DomainError('invalid', t.sourceUnknown);
  const consent = await consentOf(deps.db, row.id);
  if (input.showName && !consent.naming) throw new DomainError('conflict', t.noNamingConsent);
  if (input.photoMediaId != null) {
    if (!consent.photo) throw new DomainError('conflict', t.noPhotoConsent);
    if (!(await mediaOf(deps, row.id)).some((m) => Number(m.id) === input.photoMediaId && m.kind === 'photo'))
      throw new DomainError('invalid', t.photoUnknown);
  }
  const words = wordsOfMedia(media);
  const snapped = words ? snapToWords(words, input.start, input.end) : { start: input.start, end: input.end };
  const durationMs = media.duration_ms == null ? null : Number(media.duration_ms);
  if (durationMs != null && snapped.start * 1000 >= durationMs) throw new DomainError('invalid', t.rangeInvalid);
  const end = durationMs != null ? Math.min(snapped.end, durationMs / 1000) : snapped.end;
  if (end - snapped.start < 1 || end - snapped.start > 180) throw new DomainError('invalid', t.rangeInvalid);
  const itemKind = kind === 'video' ? 'clip' : 'audiogram';
  const spec: ItemSpec = {
    mediaId: input.mediaId,
    start: snapped.start,
    end,
    cropX: input.cropX,
    cropY: input.cropY,
    photoMediaId: itemKind === 'audiogram' ? input.photoMediaId : null,
    showName: input.showName,
    hook: input.hook,
    captionStyle: input.captionStyle ?? (await templateOf(deps, row.tenant)).captionStyle,
  };
  const passage = words
    ? words
        .filter((w) => (w.start + w.end) / 2 >= snapped.start && (w.start + w.end) / 2 <= end)
        .map((w) => w.text)
        .join(' ')
    : '';
  const at = now();
  const item = await deps.db
    .insertInto('content_items')
    .values({
      submission_id: row.id,
      kind: itemKind,
      format: input.format,
      spec: JSON.stringify(spec),
      alt: input.alt?.trim() || (passage ? `${t.kinds[itemKind]}: „${passage}“` : t.kinds[itemKind]!),
      file_key: null,
      file_type: null,
      size: null,
      // The clip runs on half a second after the last word (design.ts).
      duration_ms: Math.round(
        (clipEnd(words ?? [], snapped.start, end, durationMs == null ? null : durationMs / 1000) - snapped.start) *
          1000,
      ),
      state: 'rendering',
      job_id: null,
      replaces_id: replacesId,
      created_by: editor.id,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const jobId = await deps.mediaJobs.enqueue(RENDER_JOB, { itemId: Number(item.id) }, { maxAttempts: 1 });
  await deps.db.updateTable('content_items').set({ job_id: jobId }).where('id', '=', item.id).execute();
  await writeAudit(deps.db, editor, {
    action: `content.${itemKind}`,
    target: `submission:${row.id}`,
    tenant: row.tenant,
    detail: { item: Number(item.id), media: input.mediaId, start: spec.start, end: spec.end, format: input.format },
  });
  return itemView(deps, { ...item, job_id: jobId }, consent);
}

export async function findItem(deps: ServiceDeps, row: Submission, itemId: number): Promise<ItemRow> {
  const item = await deps.db
    .selectFrom('content_items')
    .selectAll()
    .where('id', '=', itemId)
    .where('submission_id', '=', row.id)
    .executeTakeFirst();
  if (!item) throw new DomainError('not_found', t.itemUnknown);
  return item;
}

export async function cancelItem(deps: ServiceDeps, editor: Editor, row: Submission, itemId: number) {
  const item = await findItem(deps, row, itemId);
  if (item.state !== 'rendering' || item.job_id == null || !(await cancelMediaJob(deps.db, Number(item.job_id))))
    throw new DomainError('conflict', t.notCancellable);
  await writeAudit(deps.db, editor, {
    action: 'content.cancel',
    target: `submission:${row.id}`,
    tenant: row.tenant,
    detail: { item: itemId },
  });
}

/** 2–4 quotable passages of a spoken file with their times, by the proposer the composition root chose. */
export async function proposals(
  deps: ServiceDeps,
  proposer: PassageProposer,
  row: Submission,
  mediaId: number,
): Promise<Proposals> {
  const media = (await mediaOf(deps, row.id)).find((m) => Number(m.id) === mediaId);
  if (!media || !mediaKindOf(media)) throw new DomainError('invalid', t.sourceUnknown);
  const words = wordsOfMedia(media);
  if (!words) throw new DomainError('conflict', t.noTiming);
  return proposer.propose(words, (error) =>
    deps.log.warn({ err: error }, 'clip proposals: chat model failed, rule-based choice used'),
  );
}

/**
 * An item made anew from an old one with changes (quote, passage, crop, format…). Items never change,
 * so what a contributor approved stays what they saw: the new item replaces the old one in every
 * post whose newest version carries it, as a new version, which marks an approval of the old one
 * out of date like a text edit does.
 */
export async function editItem(
  deps: ServiceDeps,
  editor: Editor,
  row: Submission,
  itemId: number,
  body: unknown,
): Promise<ContentItem> {
  const old = await findItem(deps, row, itemId);
  const spec = specOf(old);
  const changes = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const made =
    old.kind === 'card'
      ? await createCard(
          deps,
          editor,
          row,
          newCard.parse({
            format: old.format,
            quote: spec.quote,
            showName: spec.showName,
            layout: spec.layout,
            photoMediaId: spec.photoMediaId ?? null,
            ...changes,
          }),
          Number(old.id),
        )
      : await createClip(
          deps,
          editor,
          row,
          newClip.parse({
            mediaId: spec.mediaId,
            start: spec.start,
            end: spec.end,
            format: old.format,
            cropX: spec.cropX,
            cropY: spec.cropY,
            photoMediaId: spec.photoMediaId ?? null,
            showName: spec.showName ?? false,
            hook: spec.hook ?? null,
            captionStyle: spec.captionStyle,
            ...changes,
          }),
          Number(old.id),
        );
  await deps.itemReplaced.run(deps, editor, row, old, made);
  return made;
}
