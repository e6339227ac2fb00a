import { toWebVtt } from '../../common/captions';
import { texts } from '../../common/texts';
import { DomainError } from '../http/errors';
import { PRIVATE_MEDIA } from '../http/no-store';
import type { FastifyReply } from 'fastify';
import { type ItemRow, specOf } from './attach';
import type { ClipFormat } from './clip';
import { passageCues } from './design';
import { type ServiceDeps, wordsOfMedia } from './sources';

/** Clips and audiograms play in a `<video>`: they get a caption track. Cards are pictures. */
export const hasCaptionTrack = (item: Pick<ItemRow, 'kind' | 'state'>) =>
  item.state === 'ready' && (item.kind === 'clip' || item.kind === 'audiogram');

/**
 * The WebVTT of a rendered clip or audiogram: the same cues the render burns in (design.ts), from
 * the recording's words as corrected now. Null when the item has none (a card, no words).
 */
export async function itemCaptions(deps: ServiceDeps, item: ItemRow): Promise<string | null> {
  if (!hasCaptionTrack(item)) return null;
  const spec = specOf(item);
  const media = await deps.db
    .selectFrom('media')
    .selectAll()
    .where('id', '=', Number(spec.mediaId))
    .where('submission_id', '=', item.submission_id)
    .executeTakeFirst();
  const words = media ? wordsOfMedia(media) : null;
  if (!media || !words) return null;
  const { cues } = passageCues({
    format: item.format as ClipFormat,
    spec,
    words,
    mediaSeconds: media.duration_ms == null ? null : Number(media.duration_ms) / 1000,
  });
  return cues.length ? toWebVtt(cues) : null;
}

/** Answers with an item's WebVTT (the caller has checked who may see the item), 404 without captions. */
export async function sendItemCaptions(deps: ServiceDeps, reply: FastifyReply, item: ItemRow, cache = PRIVATE_MEDIA) {
  const vtt = await itemCaptions(deps, item);
  if (vtt === null) throw new DomainError('not_found', texts.video.noCaptions);
  return reply
    .type('text/vtt; charset=utf-8')
    .header('cache-control', cache)
    .header('x-content-type-options', 'nosniff')
    .send(vtt);
}
