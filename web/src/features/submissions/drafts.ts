import { useEffect } from 'react';
import type { ContactForm, PostContact, WAnswers } from '../../../../common/schemas/finish';
import type { CreateSubmission, SubmissionKind } from '../../../../common/schemas/submissions';
import type { UploadPage } from '../../../../common/schemas/uploads';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { setSubmissionToken, storageKeys } from '../../lib/storage';
import { useAuth } from '../auth';
import { useTenant } from '../../current-tenant/TenantContext';
import { transferClip, transferFile, UploadRefused, type Clip } from './transfer';
import { uploadRecording } from './recording-upload';
import { recordConsent } from './consent';
import { ignoreFailure } from '../../../../common/best-effort';
import { deviceStore } from './device-store';

/**
 * Drafts of work done under a local id (server unreachable): kept in IndexedDB and sent once the
 * server answers again (DESIGN.md difference 7). A draft first becomes a real submission, then
 * its parts are sent one by one; a part leaves the draft only once the server has stored it.
 */

/**
 * Texts saved under a local id, sent with the same API calls as online. `photoRights` is the
 * photo-rights wording the contributor agreed to on an upload page (recorded before the files).
 */
export type DraftParts = {
  photoRights?: string;
  /** The video-rights wording the contributor agreed to before recording a video answer. */
  videoRights?: string;
  transcript?: string;
  wAnswers?: WAnswers;
  post?: PostContact;
  contact?: ContactForm;
};

/** A file chosen under a local id: its bytes stay in IndexedDB until the server has stored it. */
export type DraftFile = { id: string; page: UploadPage; name: string; type: string; lastModified: number; blob: Blob };

/** A video answer's clip recorded under a local id: kept until the server has stored it. */
export type DraftClip = Clip & { id: string };

export type DraftBase = {
  userId: string | null;
  tenant: string;
  kind: SubmissionKind;
  topic?: string;
  source?: string;
};

/** Whose drafts these are: the signed-in user, or (public link, no account) this browser for the tenant. */
export const ownerOf = (base: { userId: string | null; tenant: string }): string =>
  base.userId ?? `public:${base.tenant}`;

/** Creates a submission on the public link (with a solved proof of work); registered by its pages. */
type PublicCreator = (base: DraftBase) => Promise<{ contentId: number; accessToken: string }>;
const publicCreators = new Map<string, PublicCreator>();

/** The public link's pages register how a draft of theirs becomes a submission; returns the unregister. */
export function registerPublicCreator(tenant: string, create: PublicCreator): () => void {
  const owner = ownerOf({ userId: null, tenant });
  publicCreators.set(owner, create);
  return () => {
    if (publicCreators.get(owner) === create) publicCreators.delete(owner);
  };
}

/** Drafts of a signed-in user can always be sent; public ones while a public page can make their submission. */
const canSend = (owner: string) => !owner.startsWith('public:') || publicCreators.has(owner);

export type Draft = DraftBase & {
  localId: string;
  /** The Content-ID the server gave the draft, once created. */
  contentId?: number;
  /** Created hidden from the team (`held`): released once every part has arrived. */
  held?: boolean;
  pending: DraftParts;
  /** Files still to upload, in the order they were chosen. */
  files?: DraftFile[];
  /** The voice message recorded under the local id, still to upload (one per submission). */
  recording?: { id: string; blob: Blob };
  /** Video answer clips still to upload, one per question. */
  clips?: DraftClip[];
  /** The person is still adding parts (recording a video answer): not released before they finish. */
  open?: boolean;
  createdAt: string;
  updatedAt: string;
};

const DB_NAME = 'content-assistent';
const STORE = 'drafts';
/** Sent drafts stay as local id → Content-ID mappings for a week, then go. */
const KEEP_SENT_MS = 7 * 24 * 3600_000;
const SYNC_EVERY_MS = 30_000;
/** How long a page waits for its just-kept part to reach the server before saying 'kept locally'. */
const KEEP_WAIT_MS = 8_000;

const drafts = deviceStore(DB_NAME, STORE, 'localId');
const withStore = drafts.run;

export const getDraft = (localId: string) =>
  withStore<Draft | undefined>('readonly', (s) => s.get(localId) as IDBRequest<Draft | undefined>);
const listDrafts = () => withStore<Draft[]>('readonly', (s) => s.getAll() as IDBRequest<Draft[]>);
const putDraft = (draft: Draft) => withStore('readwrite', (s) => s.put(draft));
const deleteDraft = (localId: string) => withStore('readwrite', (s) => s.delete(localId));

/** Reads and rewrites one draft in a single transaction, so parts kept meanwhile are not lost. */
function updateDraft(localId: string, change: (draft: Draft) => Draft): Promise<Draft | undefined> {
  return drafts.transaction<Draft>('readwrite', (store, done) => {
    const read = store.get(localId) as IDBRequest<Draft | undefined>;
    read.onsuccess = () => {
      if (!read.result) return;
      const result = change(read.result);
      store.put(result);
      done(result);
    };
  });
}

const isEmpty = (parts: DraftParts) => Object.values(parts).every((v) => v === undefined);
/** Nothing left for the server: no text part, no file, and not waiting to be released. */
const allSent = (draft: Draft) =>
  isEmpty(draft.pending) && !draft.files?.length && !draft.recording && !draft.clips?.length;
const isDone = (draft: Draft) => allSent(draft) && !draft.held;

/** Adds a draft unless the local id has one already, in one transaction (parts kept meanwhile stay). */
async function addDraft(draft: Draft): Promise<void> {
  await drafts.transaction<void>('readwrite', (store) => {
    const read = store.getKey(draft.localId);
    read.onsuccess = () => {
      if (read.result === undefined) store.put(draft);
    };
  });
}

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

/** Where the flows keep the id in progress: a sent local id is replaced by its Content-ID. */
function replaceStoredId(localId: string, contentId: number) {
  for (const key of [
    storageKeys.currentInterviewId,
    storageKeys.currentBankInterviewId,
    storageKeys.transcriptInterviewId,
  ]) {
    if (sessionStorage.getItem(key) === localId) sessionStorage.setItem(key, String(contentId));
  }
}

async function sendPart(contentId: number, part: keyof DraftParts, value: NonNullable<DraftParts[keyof DraftParts]>) {
  if (part === 'photoRights') return recordConsent(contentId, 'photo_rights', value as string);
  if (part === 'videoRights') return recordConsent(contentId, 'video_rights', value as string);
  // The public link's access token goes along (submissionHeaders finds it by the id).
  const opts = { contentId };
  const params = { contentId };
  if (part === 'transcript')
    return call('PUT /submissions/:contentId/transcript', { params, body: { transcript: value as string } }, opts);
  if (part === 'wAnswers')
    return call('PUT /submissions/:contentId/description', { params, body: value as WAnswers }, opts);
  if (part === 'post')
    return call('PUT /submissions/:contentId/post-contact', { params, body: value as PostContact }, opts);
  return call('PUT /submissions/:contentId/contact', { params, body: value as ContactForm }, opts);
}

/**
 * The order in which parts reach the server: the photo-rights agreement before any file, the files
 * before the texts, and the contact form, which completes a submission, last.
 */
const partOrder: (keyof DraftParts | 'recording' | 'clips' | 'files')[] = [
  'photoRights',
  'videoRights',
  'recording',
  'clips',
  'files',
  'transcript',
  'wAnswers',
  'post',
  'contact',
];

/**
 * Uploads the draft's voice message as online (the server stores it and queues its transcription,
 * which fills in the transcript only if the contributor's own text has not arrived).
 */
async function sendRecording(draft: Draft, contentId: number): Promise<boolean> {
  const kept = draft.recording;
  if (!kept) return false;
  let sent = false;
  try {
    await uploadRecording(String(contentId), kept.blob, () => undefined);
    sent = true;
  } catch (error) {
    if (
      !(error instanceof ApiError) ||
      error.unreachable ||
      error.status === 0 ||
      error.status === 401 ||
      error.status >= 500
    )
      throw new Unreachable();
    notify.error(
      texts.uploads.failedTitle,
      texts.finish.draftFileRefused(texts.finish.draftRecordingName, error.message),
    );
  }
  await updateDraft(draft.localId, (d) =>
    d.recording?.id === kept.id ? { ...d, recording: undefined, updatedAt: new Date().toISOString() } : d,
  );
  return sent;
}

/** Thrown when the server cannot be reached during a file upload: the file stays for the next run. */
class Unreachable extends Error {}

/**
 * Uploads the draft's files through the normal resumable path (same server checks as online); a
 * file leaves the draft only once the server has stored it, or refused it for good (then the
 * contributor is told which file and why).
 */
async function sendFiles(draft: Draft, contentId: number): Promise<boolean> {
  let sent = false;
  for (const kept of draft.files ?? []) {
    const file = new File([kept.blob], kept.name, { type: kept.type, lastModified: kept.lastModified });
    try {
      await transferFile(file, { contentId: String(contentId), page: kept.page, onProgress: () => undefined });
      sent = true;
    } catch (error) {
      if (!(error instanceof UploadRefused) || !error.final) throw new Unreachable();
      notify.error(error.title, texts.finish.draftFileRefused(kept.name, error.message));
    }
    await updateDraft(draft.localId, (d) => ({
      ...d,
      files: (d.files ?? []).filter((f) => f.id !== kept.id),
      updatedAt: new Date().toISOString(),
    }));
  }
  return sent;
}

/**
 * Uploads the draft's video answer clips (the same resumable path and server checks as online); a
 * clip leaves the draft once the server has stored it, or refused it for good (then the person is
 * told which question and why).
 */
async function sendClips(draft: Draft, contentId: number): Promise<boolean> {
  let sent = false;
  for (const kept of draft.clips ?? []) {
    try {
      await transferClip(kept, String(contentId), () => undefined);
      sent = true;
    } catch (error) {
      if (!(error instanceof UploadRefused) || !error.final) throw new Unreachable();
      notify.error(
        error.title,
        texts.finish.draftFileRefused(texts.videoAnswers.inboxQuestion(kept.index + 1), error.message),
      );
    }
    await updateDraft(draft.localId, (d) => ({
      ...d,
      clips: (d.clips ?? []).filter((c) => c.id !== kept.id),
      updatedAt: new Date().toISOString(),
    }));
  }
  return sent;
}

/** Sends one draft; throws an ApiError when the server is unreachable (the caller tries later). */
async function sendDraft(draft: Draft): Promise<boolean> {
  let contentId = draft.contentId;
  const create = contentId === undefined;
  if (contentId === undefined) {
    if (draft.userId === null) {
      // Public link: the submission needs a proof of work, and this browser keeps its access token.
      // A limit or a failed proof is not final: the draft waits for the next run.
      const create = publicCreators.get(ownerOf(draft));
      if (!create) throw new Unreachable();
      try {
        const created = await create(draft);
        setSubmissionToken(created.contentId, created.accessToken);
        contentId = created.contentId;
      } catch {
        throw new Unreachable();
      }
    } else {
      try {
        const created = await call('POST /submissions', {
          body: {
            tenant: draft.tenant,
            kind: draft.kind,
            topic: draft.topic as CreateSubmission['topic'],
            source: draft.source,
            held: true,
          },
        });
        contentId = created.contentId;
      } catch (error) {
        // Refused for good (e.g. the tenant is no longer this user's): the draft cannot be sent.
        if (error instanceof ApiError && !error.unreachable && error.status < 500 && error.status !== 401)
          await deleteDraft(draft.localId);
        if (error instanceof ApiError && error.status >= 500) throw new Unreachable();
        throw error;
      }
    }
    // Created hidden from the team: the parts arrive one by one, and the team sees the submission
    // only once the last has (release below).
    const id = contentId;
    await updateDraft(draft.localId, (d) => ({ ...d, contentId: id, held: true }));
  }
  replaceStoredId(draft.localId, contentId);
  let sent = false;
  for (const part of partOrder) {
    if (part === 'files' || part === 'recording' || part === 'clips') {
      const send = part === 'files' ? sendFiles : part === 'clips' ? sendClips : sendRecording;
      if (await send(draft, contentId)) sent = true;
      continue;
    }
    const value = draft.pending[part];
    if (value === undefined) continue;
    try {
      await sendPart(contentId, part, value);
    } catch (error) {
      // Unreachable or signed out: try again later. Refused content (it passed the same schema in
      // the form, so the submission is gone or changed hands): dropping it beats retrying forever.
      if (error instanceof ApiError && (error.unreachable || error.status === 401)) throw error;
    }
    sent = true;
    // Only what was sent leaves the draft; a newer value kept meanwhile stays for the next run.
    await updateDraft(draft.localId, (d) => {
      const pending = { ...d.pending };
      if (JSON.stringify(pending[part]) === JSON.stringify(value)) delete pending[part];
      return { ...d, pending, updatedAt: new Date().toISOString() };
    });
  }
  await releaseWhenSent(draft.localId, contentId);
  return create || sent;
}

/**
 * A draft created hidden whose parts have all arrived (nothing kept meanwhile) is released: only
 * now does the team see it. Unreachable: the next run releases it.
 */
async function releaseWhenSent(localId: string, contentId: number): Promise<void> {
  const now = await getDraft(localId);
  if (!now?.held || now.open || !allSent(now)) return;
  try {
    await call('POST /submissions/:contentId/release', { params: { contentId } }, { contentId });
  } catch (error) {
    if (error instanceof ApiError && (error.unreachable || error.status === 401 || error.status >= 500))
      throw new Unreachable();
    // Refused for good (the submission is gone or changed hands): nothing left to release.
  }
  await updateDraft(localId, (d) => ({ ...d, held: false, updatedAt: new Date().toISOString() }));
}

let running: Promise<number> | null = null;
let announce = false;

/**
 * Sends every draft of this owner (a user id, or `public:<tenant>`, see ownerOf) that still has
 * something for the server; returns how many went. One run at a time; with `announce`, the run
 * ends with one toast saying how many went.
 */
export function sendDrafts(owner: string, opts: { announce?: boolean } = {}): Promise<number> {
  if (opts.announce) announce = true;
  running ??= (async () => {
    let sent = 0;
    try {
      sent = await acrossTabs(() => sendAll(owner));
    } finally {
      running = null;
    }
    if (sent > 0 && announce) notify.success(texts.finish.draftsSentTitle, texts.finish.draftsSent(sent));
    announce = false;
    return sent;
  })();
  return running;
}

/**
 * One run at a time across all tabs of this browser (Web Locks): two tabs syncing at once would
 * otherwise both create the submission and upload its files. The drafts are read inside the lock.
 */
function acrossTabs<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return run();
  return locks.request('content-assistent-drafts', run) as Promise<T>;
}

async function sendAll(owner: string): Promise<number> {
  let sent = 0;
  for (const draft of await listDrafts()) {
    // Nothing to send: a sent draft is kept for a while as a mapping; an empty one waits for parts.
    if (isDone(draft)) {
      if (Date.now() - Date.parse(draft.updatedAt) > KEEP_SENT_MS) await deleteDraft(draft.localId);
      continue;
    }
    if (ownerOf(draft) !== owner) continue;
    try {
      if (await sendDraft(draft)) sent += 1;
    } catch (error) {
      if (error instanceof Unreachable || (error instanceof ApiError && (error.unreachable || error.status === 401)))
        break;
    }
  }
  return sent;
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
