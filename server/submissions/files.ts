import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { now } from '../db/database';
import type { Deps } from '../deps';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'db'>;

export type MediaKind = 'photo' | 'video' | 'document' | 'audio' | 'transcript';

/** Blob key of a new file: `{contentId}/{timestamp}_{random}.{ext}`. */
export function blobKey(contentId: number, extension: string): string {
  const ext =
    extension
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase()
      .slice(0, 8) || 'bin';
  return `${contentId}/${Date.now()}_${randomBytes(6).toString('hex')}.${ext}`;
}

/** A name safe to show and to put in a download header: no path parts, no control characters. */
/**
 * The name a download or ZIP entry carries: cleaned, and ending in the extension of the type the
 * bytes were judged to be (the stored key's), so no ".bat", ".hta" or ".exe" rides on a JPEG.
 */
export function nameWithType(name: string, storedKey: string): string {
  const clean = safeFileName(name);
  const ext = /\.([a-z0-9]{1,5})$/i.exec(storedKey)?.[1]?.toLowerCase();
  if (!ext) return clean;
  const dot = clean.lastIndexOf('.');
  const current = dot > 0 ? clean.slice(dot + 1).toLowerCase() : '';
  if (current === ext || (ext === 'jpg' && current === 'jpeg')) return clean;
  return `${dot > 0 ? clean.slice(0, dot) : clean}.${ext}`;
}

export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // No control characters, none that Windows refuses, no leading dots ("." and ".." become names of
  // nothing) and no trailing dots or spaces: the same name works on disks and in ZIP archives.
  const clean = base
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: file names lose their control characters
    .replace(/[\u0000-\u001f\u007f"<>:|?*]/g, '')
    // Format controls (bidi overrides like U+202E turn "gpj.exe" into "exe.jpg" on screen).
    .replace(/\p{Cf}/gu, '')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .slice(0, 200)
    .replace(/[.\s]+$/, '');
  return clean || 'datei';
}

/**
 * Stores a file and registers it with the submission. The media row is written only after the
 * blob is complete, and the blob is removed if the row cannot be written: no orphans either way.
 */
export async function attachFile(
  deps: ServiceDeps,
  file: {
    contentId: number;
    kind: MediaKind;
    body: Readable | Buffer;
    originalName: string;
    contentType: string;
    extension: string;
    size?: number;
  },
) {
  const key = blobKey(file.contentId, file.extension);
  await deps.blobs.put(key, file.body, { contentType: file.contentType });
  try {
    const size = file.size ?? (await deps.blobs.stat(key))?.size ?? 0;
    return await deps.db
      .insertInto('media')
      .values({
        submission_id: file.contentId,
        kind: file.kind,
        file_path: key,
        file_type: file.contentType,
        size,
        original_name: safeFileName(file.originalName),
        thumbnail_path: null,
        created_at: now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    await deps.blobs.delete(key);
    throw error;
  }
}
