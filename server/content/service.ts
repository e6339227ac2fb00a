import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import sharp from 'sharp';
import { newCard, newClip, type ItemKind, type NewCard, type NewClip } from '../../common/schemas/content';
import type { ClipSource, ContentItem, ContentOverview, Proposals } from '../../common/contracts/content';
import { tenants, type TenantKey } from '../../common/tenants';
import { parseTranscript } from '../../common/transcript';
import { texts } from '../../common/texts';
import { ignoreFailure } from '../../common/best-effort';
import { writeAudit } from '../admin/audit';
import { now } from '../db/database';
import type { MediaTable } from '../db/schema';
import type { Editor, Submission } from '../tenants/editor';
import { DomainError } from '../http/errors';
import { JobCancelled } from '../jobs/queue';
import { ffprobe, frameRate } from '../media-jobs/ffmpeg';
import { cancelMediaJob, mediaJobStates, type MediaJobContext } from '../media-jobs/runner';
import { consentOf, itemsOf, needsOf, notCovered, specOf, type ItemRow, type ItemSpec } from './attach';
import { renderCard, type Brand } from './card';
import { audiogramArgs, audiogramBackground, clipArgs, captionStyle, type ClipFormat, writeOverlays } from './clip';
import { cuesFor, snapToWords, type TimedWord, wordsOfRecording } from './timing';
import { cleanText, splitSentences, unquote } from '../../common/typesetting';
import { readableBox } from './colour';
import { z } from 'zod';
import type { ParsedJob } from '../jobs/queue';
import type { Deps } from '../deps';
import type { WithTenants } from '../tenants/registry';
import type { PassageProposer } from './proposer';

/** What this file's services use (server/deps.ts): all of it, as a replaced item's handlers (post) take it on. */
type ServiceDeps = Deps & WithTenants & WithItemReplaced;

const t = texts.content;
type Media = Selectable<MediaTable>;
export const RENDER_JOB = 'content.render';

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The tenant's colour and logo (an uploaded logo as PNG; else the logo tile's text). */
export async function brandOf(deps: ServiceDeps, tenant: string): Promise<Brand> {
  const registry = await deps.tenantRegistry.fresh();
  const info = registry.get(tenant);
  const seed = tenants[tenant as TenantKey];
  const logoKey = registry.logoKey(tenant);
  let logoPng: Buffer | null = null;
  if (logoKey) {
    try {
      logoPng = await sharp(await toBuffer(await deps.blobs.get(logoKey)))
        .resize({ height: 180, withoutEnlargement: true })
        .png()
        .toBuffer();
    } catch (error) {
      deps.log.warn({ err: error, tenant }, 'tenant logo unreadable; the logo tile is used');
    }
  }
  const name = registry.displayName(tenant);
  return {
    colour: info?.brandColor ?? seed?.brandColor ?? '#374151',
    logoPng,
    logoText: seed?.logoText ?? name.slice(0, 12),
    name,
  };
}

const contributorName = (row: Submission) =>
  [row.contact_first_name, row.contact_last_name].filter(Boolean).join(' ') || null;

function mediaKindOf(m: Media): 'video' | 'audio' | null {
  if (m.kind === 'video' || m.file_type.startsWith('video/')) return 'video';
  if (m.kind === 'audio' || m.file_type.startsWith('audio/')) return 'audio';
  return null;
}

function mediaOf(deps: ServiceDeps, contentId: number) {
  return deps.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).orderBy('id').execute();
}

/** The one word source (timing.ts): the recording's word times aligned to the corrected transcript. */
function wordsOfMedia(m: Media): TimedWord[] | null {
  const words = wordsOfRecording(m);
  return words.length ? words : null;
}

/** A photo of the submission as a square JPEG for cards and audiograms. */
async function photoOf(
  deps: ServiceDeps,
  contentId: number,
  mediaId: number | null | undefined,
): Promise<Buffer | null> {
  if (mediaId == null) return null;
  const media = (await mediaOf(deps, contentId)).find((m) => Number(m.id) === mediaId && m.kind === 'photo');
  if (!media) throw new DomainError('invalid', t.photoUnknown);
  return sharp(await toBuffer(await deps.blobs.get(media.file_path)))
    .rotate()
    .resize(480, 480, { fit: 'cover' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

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
  };
}

const blobKey = (contentId: number, kind: string, ext: string) =>
  `${contentId}/content/${kind}-${Date.now()}_${randomBytes(6).toString('hex')}.${ext}`;

/** Makes a quote card now (a card renders in well under a second) and stores it. */
export async function createCard(
  deps: ServiceDeps,
  editor: Editor,
  row: Submission,
  input: NewCard,
  replacesId: number | null = null,
): Promise<ContentItem> {
  const consent = await consentOf(deps.db, row.id);
  if (input.showName && !consent.naming) throw new DomainError('conflict', t.noNamingConsent);
  if (input.photoMediaId != null && !consent.photo) throw new DomainError('conflict', t.noPhotoConsent);
  const name = input.showName ? contributorName(row) : null;
  const role = input.showName ? (row.contact_role ?? null) : null;
  const [brand, photo] = await Promise.all([brandOf(deps, row.tenant), photoOf(deps, row.id, input.photoMediaId)]);
  const quote = unquote(cleanText(input.quote));
  const png = await renderCard({ format: input.format, quote, name, role, photo, brand });
  const key = blobKey(row.id, 'card', 'png');
  await deps.blobs.put(key, png, { contentType: 'image/png' });
  const at = now();
  const spec: ItemSpec = { quote, showName: input.showName, photoMediaId: input.photoMediaId };
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
      duration_ms: Math.round((end - snapped.start) * 1000),
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

/** Where a blob is on disk, or a copy of it in `dir` (S3). */
async function localCopy(deps: ServiceDeps, key: string, dir: string, name: string): Promise<string> {
  const local = deps.blobs.localPath?.(key);
  if (local) return local;
  const file = path.join(dir, name);
  const { pipeline } = await import('node:stream/promises');
  const { createWriteStream } = await import('node:fs');
  await pipeline(await deps.blobs.get(key), createWriteStream(file));
  return file;
}

/** The render job: cuts, reframes, lays the logo and captions over, stores the MP4. */
export const renderJob = z.object({ itemId: z.number() });

export async function renderItem(
  deps: ServiceDeps,
  ctx: MediaJobContext<ParsedJob<typeof renderJob>>,
): Promise<unknown> {
  const { itemId } = ctx.job.payload;
  const item = await deps.db.selectFrom('content_items').selectAll().where('id', '=', itemId).executeTakeFirst();
  if (item?.state !== 'rendering') return { skipped: true };
  try {
    const spec = specOf(item);
    const row = await deps.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', item.submission_id)
      .executeTakeFirstOrThrow();
    const media = await deps.db
      .selectFrom('media')
      .selectAll()
      .where('id', '=', Number(spec.mediaId))
      .where('submission_id', '=', item.submission_id)
      .executeTakeFirstOrThrow();
    const brand = await brandOf(deps, row.tenant);
    const format = item.format as ClipFormat;
    const start = Number(spec.start);
    const duration = Number(spec.end) - start;
    const words = wordsOfMedia(media) ?? [];
    const cues = cuesFor(words, start, start + duration, captionStyle[format].maxChars);
    const overlays = await writeOverlays(ctx.tempDir, format, brand, cues, item.kind === 'audiogram');
    const source = await localCopy(deps, media.file_path, ctx.tempDir, 'source');
    const out = path.join(ctx.tempDir, 'out.mp4');
    const probe = await ffprobe(source, { signal: ctx.signal });
    const audio = probe.streams.some((s) => s.codec_type === 'audio');
    if (item.kind === 'clip') {
      const video = probe.streams.find((s) => s.codec_type === 'video');
      const rotation =
        Math.abs(Number(video?.side_data_list?.find((d) => d.rotation != null)?.rotation ?? video?.tags?.rotate ?? 0)) %
        180;
      const srcW = Number(media.width ?? (rotation === 90 ? video?.height : video?.width) ?? 1920);
      const srcH = Number(media.height ?? (rotation === 90 ? video?.width : video?.height) ?? 1080);
      await ctx.ffmpeg(
        clipArgs({
          source,
          start,
          duration,
          srcW,
          srcH,
          format,
          cropX: spec.cropX,
          cropY: spec.cropY,
          overlays,
          hasAudio: audio,
          fps: frameRate(video),
          out,
        }),
        { durationSeconds: duration },
      );
    } else {
      const photo = await photoOf(deps, item.submission_id, spec.photoMediaId);
      const background = path.join(ctx.tempDir, 'background.png');
      await writeFile(background, await audiogramBackground(format, brand, photo));
      await ctx.ffmpeg(
        audiogramArgs({
          source,
          start,
          duration,
          format,
          background,
          waveColour: readableBox(brand.colour).text,
          withPhoto: !!photo,
          overlays,
          out,
        }),
        { durationSeconds: duration },
      );
    }
    const { readFile, stat } = await import('node:fs/promises');
    const key = blobKey(item.submission_id, item.kind, 'mp4');
    const size = (await stat(out)).size;
    await deps.blobs.put(
      key,
      size < 64 * 1024 * 1024 ? await readFile(out) : (await import('node:fs')).createReadStream(out),
      { contentType: 'video/mp4' },
    );
    // Ready only if nobody asked to cancel meanwhile (the cancel was answered with "ok"): one
    // statement, so a render that ends as the cancel arrives cannot show up anyway.
    const done = await deps.db
      .updateTable('content_items')
      .set({ state: 'ready', file_key: key, file_type: 'video/mp4', size, updated_at: now() })
      .where('id', '=', item.id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('jobs')
              .select('jobs.id')
              .where('jobs.id', '=', ctx.job.id)
              .where('jobs.cancel_requested_at', 'is not', null),
          ),
        ),
      )
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      await deps.blobs.delete(key).catch(ignoreFailure('remove a cancelled render', deps.log));
      throw new JobCancelled('cancelled');
    }
    return { itemId, size };
  } catch (error) {
    const cancelled =
      error instanceof JobCancelled || (ctx.signal.aborted && ctx.signal.reason instanceof JobCancelled);
    // Shutdown hands the job back; anything else ends this item.
    if (!ctx.signal.aborted || cancelled || (ctx.signal.reason as Error)?.message !== 'shutdown') {
      await deps.db
        .updateTable('content_items')
        .set({ state: cancelled ? 'cancelled' : 'failed', updated_at: now() })
        .where('id', '=', item.id)
        .execute();
    }
    throw error;
  }
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
            ...changes,
          }),
          Number(old.id),
        );
  await deps.itemReplaced.run(deps, editor, row, old, made);
  return made;
}

export type ReplacedHandler = (
  deps: ServiceDeps,
  editor: Editor,
  row: Submission,
  old: ItemRow,
  made: ContentItem,
) => Promise<void>;

/**
 * Who hears that an item was made anew (the post capability swaps it into its posts): one list per
 * app (`app.itemReplaced`), filled when the capabilities register, not a module-global one.
 */
export class ItemReplacedHandlers {
  private readonly handlers: ReplacedHandler[] = [];

  add(handler: ReplacedHandler): void {
    if (!this.handlers.includes(handler)) this.handlers.push(handler);
  }

  async run(...args: Parameters<ReplacedHandler>): Promise<void> {
    for (const handler of this.handlers) await handler(...args);
  }
}

/** The part of the deps that tells other capabilities about replaced items (server/deps.ts). */
export type WithItemReplaced = { itemReplaced: ItemReplacedHandlers };
