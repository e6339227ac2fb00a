import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import sharp from 'sharp';
import { NEUTRAL_BRAND_COLOR, tenants, type TenantKey } from '../../common/tenants';
import { texts } from '../../common/texts';
import type { MediaTable } from '../db/schema';
import { DomainError } from '../http/errors';
import type { Submission } from '../tenants';
import type { Brand } from './card';
import { type TimedWord, wordsOfRecording } from './timing';
import type { ServiceDeps } from './replaced';

export type { ServiceDeps };

/** What content is made from: a submission's recordings and photos, the tenant's brand. */

const t = texts.content;
type Media = Selectable<MediaTable>;

export async function toBuffer(stream: Readable): Promise<Buffer> {
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
    colour: info?.brandColor ?? seed?.brandColor ?? NEUTRAL_BRAND_COLOR,
    logoPng,
    logoText: seed?.logoText ?? name.slice(0, 12),
    name,
  };
}

export const contributorName = (row: Submission) =>
  [row.contact_first_name, row.contact_last_name].filter(Boolean).join(' ') || null;

export function mediaKindOf(m: Media): 'video' | 'audio' | null {
  if (m.kind === 'video' || m.file_type.startsWith('video/')) return 'video';
  if (m.kind === 'audio' || m.file_type.startsWith('audio/')) return 'audio';
  return null;
}

export function mediaOf(deps: ServiceDeps, contentId: number) {
  return deps.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).orderBy('id').execute();
}

/** The one word source (timing.ts): the recording's word times aligned to the corrected transcript. */
export function wordsOfMedia(m: Media): TimedWord[] | null {
  const words = wordsOfRecording(m);
  return words.length ? words : null;
}

/** A photo of the submission as a square JPEG for cards and audiograms. */
export async function photoOf(
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

export const blobKey = (contentId: number, kind: string, ext: string) =>
  `${contentId}/content/${kind}-${Date.now()}_${randomBytes(6).toString('hex')}.${ext}`;
