import type { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import sharp from 'sharp';
import { defaultMediaTemplate, type MediaTemplate } from '../../common/media-template';
import { tenants, type TenantKey } from '../../common/tenants';
import { texts } from '../../common/texts';
import type { MediaTable } from '../db/schema';
import type { Deps } from '../deps';
import { DomainError } from '../http/errors';
import type { WithTenants } from '../tenants/registry';
import type { Brand } from './card';
import type { Submission } from '../tenants/editor';

/** What renders of a tenant's material read: its look, templates, the submission's files. */
type BrandDeps = Pick<Deps, 'blobs' | 'db' | 'log'> & WithTenants;
type Media = Selectable<MediaTable>;

export async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The tenant's colour and logo (an uploaded logo as PNG; else the logo tile's text). */
export async function brandOf(deps: BrandDeps, tenant: string): Promise<Brand> {
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

/** The tenant's templates for cards and clips (its row; the defaults for a tenant without one). */
export async function templateOf(deps: BrandDeps, tenant: string): Promise<MediaTemplate> {
  return (await deps.tenantRegistry.fresh()).get(tenant)?.media ?? defaultMediaTemplate;
}

export const contributorName = (row: Submission) =>
  [row.contact_first_name, row.contact_last_name].filter(Boolean).join(' ') || null;

export function mediaKindOf(m: Media): 'video' | 'audio' | null {
  if (m.kind === 'video' || m.file_type.startsWith('video/')) return 'video';
  if (m.kind === 'audio' || m.file_type.startsWith('audio/')) return 'audio';
  return null;
}

export function mediaOf(deps: Pick<Deps, 'db'>, contentId: number) {
  return deps.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).orderBy('id').execute();
}

/** A photo of the submission as a square JPEG for cards and audiograms. */
export async function photoOf(
  deps: BrandDeps,
  contentId: number,
  mediaId: number | null | undefined,
): Promise<Buffer | null> {
  if (mediaId == null) return null;
  const media = (await mediaOf(deps, contentId)).find((m) => Number(m.id) === mediaId && m.kind === 'photo');
  if (!media) throw new DomainError('invalid', texts.content.photoUnknown);
  return sharp(await toBuffer(await deps.blobs.get(media.file_path)))
    .rotate()
    .resize(480, 480, { fit: 'cover' })
    .jpeg({ quality: 85 })
    .toBuffer();
}
