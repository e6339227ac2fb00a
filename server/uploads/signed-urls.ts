import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { MediaItem } from '../../common/contracts/uploads';
import type { MediaTable } from '../db/schema';

/**
 * Signed file URLs: <img> and <video> cannot send the anonymous token header, so the media list
 * (itself authorised) hands out URLs signed for one file and one hour.
 */

type MediaRow = Selectable<MediaTable>;

const URL_LIFETIME_MS = 60 * 60_000;

function signature(secret: string, mediaId: number, variant: string, exp: number): string {
  return createHmac('sha256', secret).update(`media:${mediaId}:${variant}:${exp}`).digest('base64url');
}

export function signedUrl(
  secret: string,
  mediaId: number,
  variant: 'file' | 'thumbnail' | 'proxy' | 'captions',
): string {
  // Rounded up to the next full hour, so the same URL (and the browser's cache) holds for a while.
  const exp = Math.ceil((Date.now() + URL_LIFETIME_MS) / URL_LIFETIME_MS) * URL_LIFETIME_MS;
  const path = variant === 'captions' ? 'captions.vtt' : variant;
  return `/api/media/${mediaId}/${path}?exp=${exp}&sig=${signature(secret, mediaId, variant, exp)}`;
}

export function validSignature(
  secret: string,
  mediaId: number,
  variant: string,
  exp: number | undefined,
  sig: string | undefined,
): boolean {
  if (!exp || !sig || exp < Date.now()) return false;
  const expected = Buffer.from(signature(secret, mediaId, variant, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function toMediaItem(secret: string, row: MediaRow): MediaItem {
  return {
    id: row.id,
    kind: row.kind,
    fileType: row.file_type,
    size: Number(row.size),
    originalName: row.original_name,
    thumbnailUrl: row.thumbnail_path ? signedUrl(secret, row.id, 'thumbnail') : null,
    url: signedUrl(secret, row.id, 'file'),
    proxyUrl: row.proxy_path ? signedUrl(secret, row.id, 'proxy') : null,
    captionsUrl: row.caption_state === 'ready' ? signedUrl(secret, row.id, 'captions') : null,
  };
}
