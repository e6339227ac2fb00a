import type { NewCard, NewClip } from '../../common/schemas/content';
import type { ClipPreview } from '../../common/contracts/content-preview';
import { texts } from '../../common/texts';
import { cleanText, unquote } from '../../common/typesetting';
import { DomainError } from '../http/errors';
import type { Submission } from '../tenants';
import { consentOf } from './attach';
import { renderLayout } from './card-layouts';
import { reframe, safeAreas } from './clip';
import { designOf, templateOf } from './design';
import { undrawable } from './fonts';
import { RenderTimeout } from './render-pool';
import { brandOf, contributorName, mediaKindOf, mediaOf, photoOf, type ServiceDeps, wordsOfMedia } from './sources';
import { snapToWords } from './timing';

/**
 * What the editor sees before anything is stored (issue 39.4): the card as it will be made, and
 * the clip's pictures (captions as burned in, hook, lower third, logo) with their places and times.
 * Both come from the same code as the stored item, so the preview is what will be published.
 */
const t = texts.content;

/** The card's picture and what it shows: the same rules for a preview and a stored card. */
export async function cardImage(deps: ServiceDeps, row: Submission, input: NewCard) {
  const consent = await consentOf(deps.db, row.id);
  if (input.showName && !consent.naming) throw new DomainError('conflict', t.noNamingConsent);
  if (input.photoMediaId != null && !consent.photo) throw new DomainError('conflict', t.noPhotoConsent);
  const name = input.showName ? contributorName(row) : null;
  const role = input.showName ? (row.contact_role ?? null) : null;
  const quote = unquote(cleanText(input.quote));
  const missing = undrawable(`${quote} ${name ?? ''} ${role ?? ''}`);
  if (missing.length) throw new DomainError('invalid', t.undrawable(missing.slice(0, 8).join(' ')));
  const [brand, photo, template] = await Promise.all([
    brandOf(deps, row.tenant),
    photoOf(deps, row.id, input.photoMediaId),
    templateOf(deps, row.tenant),
  ]);
  const layout = input.layout ?? template.cardLayout;
  const png = await renderLayout({
    format: input.format,
    quote,
    name,
    role,
    photo,
    brand,
    layout,
    font: template.font,
  }).catch((error: unknown) => {
    throw error instanceof RenderTimeout ? new DomainError('unavailable', t.renderTimeout) : error;
  });
  return { png, quote, name, layout, consent };
}

const dataUri = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
/** Width and height from a PNG's header. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

export async function cardPreview(deps: ServiceDeps, row: Submission, input: NewCard): Promise<{ image: string }> {
  return { image: dataUri((await cardImage(deps, row, input)).png) };
}

/** The clip's design for the player on the marked passage: the same layers the render lays over. */
export async function clipPreview(deps: ServiceDeps, row: Submission, input: NewClip): Promise<ClipPreview> {
  const media = (await mediaOf(deps, row.id)).find((m) => Number(m.id) === input.mediaId);
  const kind = media && mediaKindOf(media);
  if (!media || !kind) throw new DomainError('invalid', t.sourceUnknown);
  const consent = await consentOf(deps.db, row.id);
  if (input.showName && !consent.naming) throw new DomainError('conflict', t.noNamingConsent);
  const words = wordsOfMedia(media) ?? [];
  const snapped = words.length ? snapToWords(words, input.start, input.end) : { start: input.start, end: input.end };
  const seconds = media.duration_ms == null ? null : Number(media.duration_ms) / 1000;
  const name = contributorName(row);
  const design = await designOf(deps, {
    kind: kind === 'video' ? 'clip' : 'audiogram',
    format: input.format,
    tenant: row.tenant,
    contentId: row.id,
    spec: { ...input, start: snapped.start, end: seconds != null ? Math.min(snapped.end, seconds) : snapped.end },
    words,
    mediaSeconds: seconds,
    named: input.showName && consent.naming && name ? { name, role: row.contact_role ?? null } : null,
  });
  const frame =
    kind === 'video' && media.width && media.height
      ? reframe(Number(media.width), Number(media.height), input.format, input.cropX, input.cropY)
      : null;
  return {
    kind: kind === 'video' ? 'clip' : 'audiogram',
    format: input.format,
    start: design.start,
    duration: design.duration,
    style: design.style,
    crop: frame
      ? {
          x: frame.x,
          y: frame.y,
          width: frame.cw,
          height: frame.ch,
          sourceWidth: Number(media.width),
          sourceHeight: Number(media.height),
        }
      : null,
    safe: safeAreas[input.format],
    background: design.background ? dataUri(design.background) : null,
    layers: design.layers.map((l) => ({
      src: dataUri(l.png),
      ...pngSize(l.png),
      x: l.x,
      y: l.y,
      start: l.start ?? null,
      end: l.end ?? null,
    })),
  };
}
