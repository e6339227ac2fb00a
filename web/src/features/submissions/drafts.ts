import { useEffect } from 'react';
import type { SubmissionKind } from '../../../../common/schemas/submissions';
import { useAuth } from '../auth';
import { useTenant } from '../../current-tenant/TenantContext';
import type { Clip } from './transfer';
import { ignoreFailure } from '../../../../common/best-effort';
import {
  addDraft,
  getDraft,
  isDone,
  ownerOf,
  putDraft,
  updateDraft,
  type Draft,
  type DraftBase,
  type DraftClip,
  type DraftFile,
  type DraftParts,
} from './draft-store';
import { canSend, sendDrafts } from './draft-sync';
import type { UploadPage } from '../../../../common/schemas/uploads';

/**
 * What the pages do with work kept under a local id (server unreachable, DESIGN.md difference 7):
 * keep its parts on the device (draft-store.ts) and have them sent once the server answers
 * (draft-sync.ts).
 */

export { getDraft, ownerOf, type Draft, type DraftBase, type DraftClip, type DraftFile, type DraftParts };
export { registerPublicCreator, sendDrafts } from './draft-sync';

const SYNC_EVERY_MS = 30_000;
/** How long a page waits for its just-kept part to reach the server before saying 'kept locally'. */
const KEEP_WAIT_MS = 8_000;

/** Starts a draft for a new local id (useContentId calls this when it falls back to one). */
export async function startDraft(localId: string, base: DraftBase): Promise<void> {
  const t = new Date().toISOString();
  await addDraft({ ...base, localId, pending: {}, createdAt: t, updatedAt: t });
}

/** The browser has no room for the files: nothing of the selection was kept. */
export class DraftStorageFull extends Error {}

const newId = () => `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;

/** Refuses before writing when the browser says its quota has no room for these bytes. */
async function ensureRoom(bytes: number): Promise<void> {
  const estimate = await navigator.storage
    ?.estimate?.()
    .catch(ignoreFailure('estimate the storage quota', null, { level: 'debug' }));
  if (estimate?.quota !== undefined && estimate.quota - (estimate.usage ?? 0) < bytes * 1.1)
    throw new DraftStorageFull();
  // Ask the browser not to evict the drafts under storage pressure (no prompt in Chromium/Firefox).
  void navigator.storage?.persist?.().catch(() => false);
}

/**
 * Keeps the voice message recorded under a local id (replacing an earlier one of the same id) and
 * tries to send it right away. Throws DraftStorageFull when the browser cannot store it.
 */
export async function keepRecording(localId: string, base: DraftBase, blob: Blob): Promise<void> {
  await ensureRoom(blob.size);
  const recording = { id: newId(), blob };
  const t = new Date().toISOString();
  try {
    const updated = await updateDraft(localId, (d) => ({ ...d, recording, updatedAt: t }));
    if (!updated) await addDraft({ ...base, localId, pending: {}, recording, createdAt: t, updatedAt: t });
  } catch (error) {
    if (isQuotaError(error)) throw new DraftStorageFull();
    throw error;
  }
  sendSoon(ownerOf(base));
}

/**
 * Opens a draft for work the person is still doing under a local id (a video answer), with its
 * first parts (the consent): sent as soon as the server answers, but held from the team until
 * closeDraft.
 */
export async function openDraft(localId: string, base: DraftBase, parts: DraftParts): Promise<void> {
  const t = new Date().toISOString();
  const updated = await updateDraft(localId, (d) => ({
    ...d,
    pending: { ...d.pending, ...parts },
    open: true,
    updatedAt: t,
  }));
  if (!updated) await addDraft({ ...base, localId, pending: parts, open: true, createdAt: t, updatedAt: t });
  sendSoon(ownerOf(base));
}

/** The person has finished (or reopens, `open`): once every part has arrived the team sees the submission. */
export async function closeDraft(localId: string, base: DraftBase, open = false): Promise<void> {
  await updateDraft(localId, (d) => ({ ...d, open, updatedAt: new Date().toISOString() }));
  if (!open) sendSoon(ownerOf(base));
}

/**
 * Keeps a video answer's clip recorded under a local id (replacing an earlier one of the same
 * question) and tries to send it right away. Throws DraftStorageFull when the browser cannot store it.
 */
export async function keepClip(localId: string, base: DraftBase, clip: Clip): Promise<void> {
  await ensureRoom(clip.blob.size);
  const kept: DraftClip = { ...clip, id: newId() };
  const t = new Date().toISOString();
  const clips = (d: Draft) => [...(d.clips ?? []).filter((c) => c.index !== clip.index), kept];
  try {
    const updated = await updateDraft(localId, (d) => ({ ...d, clips: clips(d), updatedAt: t }));
    if (!updated)
      await addDraft({ ...base, localId, pending: {}, clips: [kept], open: true, createdAt: t, updatedAt: t });
  } catch (error) {
    if (isQuotaError(error)) throw new DraftStorageFull();
    throw error;
  }
  sendSoon(ownerOf(base));
}

/** A run already under way may have read the drafts before this part: then one more run. */
function sendSoon(owner: string): void {
  if (!canSend(owner)) return;
  void sendDrafts(owner, { announce: true })
    .then(() => sendDrafts(owner, { announce: true }))
    .catch((error: unknown) => console.warn('drafts: sending failed, the next run tries again', error));
}

const isQuotaError = (error: unknown) =>
  error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'UnknownError');

/**
 * Keeps files chosen under a local id in the draft (all or none, with the photo-rights wording if
 * given) and tries to send the draft right away. Throws DraftStorageFull when the browser cannot
 * store them, so the page can say so instead of claiming a local success.
 */
export async function keepFiles(
  localId: string,
  base: DraftBase,
  chosen: { file: File; page: UploadPage }[],
  photoRights?: string,
): Promise<void> {
  await ensureRoom(chosen.reduce((n, c) => n + c.file.size, 0));
  const files: DraftFile[] = chosen.map(({ file, page }) => ({
    id: newId(),
    page,
    name: file.name,
    type: file.type,
    lastModified: file.lastModified,
    blob: file,
  }));
  const t = new Date().toISOString();
  const parts: DraftParts = photoRights ? { photoRights } : {};
  try {
    const updated = await updateDraft(localId, (d) => ({
      ...d,
      pending: { ...d.pending, ...parts },
      files: [...(d.files ?? []), ...files],
      updatedAt: t,
    }));
    if (!updated) await addDraft({ ...base, localId, pending: parts, files, createdAt: t, updatedAt: t });
  } catch (error) {
    if (isQuotaError(error)) throw new DraftStorageFull();
    throw error;
  }
  // A run already under way may have read the drafts before these files: then one more run.
  sendSoon(ownerOf(base));
}

/**
 * Keeps parts of a local id's work and tries to send them right away. Returns the Content-ID if
 * the server has them already, else null (they stay in the browser until it answers).
 */
export async function keepDraft(localId: string, base: DraftBase, parts: DraftParts): Promise<number | null> {
  const t = new Date().toISOString();
  const updated = await updateDraft(localId, (d) => ({ ...d, pending: { ...d.pending, ...parts }, updatedAt: t }));
  if (!updated) await putDraft({ ...base, localId, pending: parts, createdAt: t, updatedAt: t });
  const owner = ownerOf(base);
  if (!canSend(owner)) return null;
  const delivered = async () => {
    const after = await getDraft(localId);
    return after?.contentId !== undefined && isDone(after) ? after.contentId : null;
  };
  // A run already under way may have read the drafts before this part: then one more run. A run
  // busy with large files (here or in another tab) is not waited for long: the part stays in the
  // draft and goes with that run's successor.
  const run = (async () => {
    await sendDrafts(owner).catch(() => 0);
    if ((await delivered()) === null) await sendDrafts(owner).catch(() => 0);
  })();
  await Promise.race([run, new Promise((resolve) => setTimeout(resolve, KEEP_WAIT_MS))]);
  return delivered();
}

/** The draft that holds parts of an existing submission whose save the server could not store (503, unreachable). */
const keptFor = (contentId: number) => `kept-${contentId}`;

/**
 * Keeps parts of an existing submission when the server could not store them (its storage or
 * database is down, or it cannot be reached): sent with the other drafts once it answers again.
 * Only signed-in users have drafts; returns whether the parts were kept.
 */
export async function keepForSubmission(contentId: number, base: DraftBase, parts: DraftParts): Promise<boolean> {
  if (!base.userId) return false;
  const localId = keptFor(contentId);
  const t = new Date().toISOString();
  const updated = await updateDraft(localId, (d) => ({ ...d, pending: { ...d.pending, ...parts }, updatedAt: t }));
  if (!updated) await putDraft({ ...base, localId, contentId, pending: parts, createdAt: t, updatedAt: t });
  return true;
}

/** A save that went through makes a kept older value of that part obsolete (it must not overwrite it later). */
export async function forgetKept(contentId: number, part: keyof DraftParts): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await updateDraft(keptFor(contentId), (d) => {
    const pending = { ...d.pending };
    delete pending[part];
    return { ...d, pending, updatedAt: new Date().toISOString() };
  });
}

/** Sends the signed-in user's drafts (on the public link: this browser's) now, whenever the browser is back online, and every 30 s. */
export function useDraftSync(): void {
  const { user } = useAuth();
  const tenant = useTenant();
  const owner = user?.id ?? (tenant.viaPublicLink ? ownerOf({ userId: null, tenant: tenant.key }) : undefined);
  useEffect(() => {
    if (!owner || typeof indexedDB === 'undefined' || !canSend(owner)) return;
    const sync = () =>
      void sendDrafts(owner, { announce: true }).catch((error: unknown) =>
        console.warn('drafts: sending failed, the next run tries again', error),
      );
    sync();
    window.addEventListener('online', sync);
    const timer = window.setInterval(sync, SYNC_EVERY_MS);
    return () => {
      window.removeEventListener('online', sync);
      window.clearInterval(timer);
    };
  }, [owner]);
}

/** What a new draft of this page would be: the signed-in user, the route's tenant, the page's kind. */
export function useDraftBase(kind: SubmissionKind): DraftBase {
  const { user } = useAuth();
  const tenant = useTenant();
  return { userId: user?.id ?? null, tenant: tenant.key, kind };
}

/** Mount once (e.g. in the app root) so drafts go out from any page. */
export function DraftSync() {
  useDraftSync();
  return null;
}
