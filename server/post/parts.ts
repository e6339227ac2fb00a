import { createHash, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { PostImage } from '../../common/schemas/post';
import type { SubmissionTable } from '../db/schema';

/** Small pieces the post's versions (service.ts) and its approval and publication links (approval.ts) share. */

type Submission = Selectable<SubmissionTable>;

/** A URL with any approval token replaced, for logs. */
export const redactApprovalTokens = (url: string) => url.replace(/\/freigabe\/[^/?#]+/g, '/freigabe/***');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');
export const contributorName = (row: Submission) =>
  [row.contact_first_name, row.contact_last_name].filter(Boolean).join(' ');
export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' });

export function parseImages(json: string): PostImage[] {
  try {
    const parsed = JSON.parse(json);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
