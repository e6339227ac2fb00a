import { useEffect } from 'react';
import type { ContactForm, PostContact, WAnswers } from '../../../../common/schemas/finish';
import type { SubmissionKind } from '../../../../common/schemas/submission';
import { texts } from '../../../../common/texts';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { storageKeys } from '../../lib/storage';
import { useAuth } from '../auth/AuthProvider';
import { useTenant } from '../tenant/TenantContext';

/**
 * Drafts of work done under a local id (server unreachable): kept in IndexedDB and sent once the
 * server answers again (DESIGN.md difference 7). A draft first becomes a real submission, then
 * its parts are sent one by one; a part leaves the draft only once the server has stored it.
 */

/** Texts saved under a local id, sent with the same API calls as online. */
export type DraftParts = { transcript?: string; wAnswers?: WAnswers; post?: PostContact; contact?: ContactForm };

export type DraftBase = { userId: string | null; tenant: string; kind: SubmissionKind; topic?: string; source?: string };

export type Draft = DraftBase & {
  localId: string;
  /** The Content-ID the server gave the draft, once created. */
  contentId?: number;
  pending: DraftParts;
  createdAt: string;
  updatedAt: string;
};

const DB_NAME = 'content-assistent';
const STORE = 'drafts';
/** Sent drafts stay as local id → Content-ID mappings for a week, then go. */
const KEEP_SENT_MS = 7 * 24 * 3600_000;
const SYNC_EVERY_MS = 30_000;

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'localId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = run(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const getDraft = (localId: string) => withStore<Draft | undefined>('readonly', (s) => s.get(localId) as IDBRequest<Draft | undefined>);
const listDrafts = () => withStore<Draft[]>('readonly', (s) => s.getAll() as IDBRequest<Draft[]>);
const putDraft = (draft: Draft) => withStore('readwrite', (s) => s.put(draft));
const deleteDraft = (localId: string) => withStore('readwrite', (s) => s.delete(localId));

/** Reads and rewrites one draft in a single transaction, so parts kept meanwhile are not lost. */
async function updateDraft(localId: string, change: (draft: Draft) => Draft): Promise<Draft | undefined> {
  const db = await openDb();
  try {
    return await new Promise<Draft | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      let result: Draft | undefined;
      const read = store.get(localId) as IDBRequest<Draft | undefined>;
      read.onsuccess = () => {
        if (!read.result) return;
        result = change(read.result);
        store.put(result);
      };
      tx.oncomplete = () => resolve(result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

const isEmpty = (parts: DraftParts) => Object.values(parts).every((v) => v === undefined);

/** Starts a draft for a new local id (useContentId calls this when it falls back to one). */
export async function startDraft(localId: string, base: DraftBase): Promise<void> {
  if (await getDraft(localId)) return;
  const t = new Date().toISOString();
  await putDraft({ ...base, localId, pending: {}, createdAt: t, updatedAt: t });
}

/**
 * Keeps parts of a local id's work and tries to send them right away. Returns the Content-ID if
 * the server has them already, else null (they stay in the browser until it answers).
 */
export async function keepDraft(localId: string, base: DraftBase, parts: DraftParts): Promise<number | null> {
  const t = new Date().toISOString();
  const updated = await updateDraft(localId, (d) => ({ ...d, pending: { ...d.pending, ...parts }, updatedAt: t }));
  if (!updated) await putDraft({ ...base, localId, pending: parts, createdAt: t, updatedAt: t });
  if (!base.userId) return null;
  const delivered = async () => {
    const after = await getDraft(localId);
    return after?.contentId !== undefined && isEmpty(after.pending) ? after.contentId : null;
  };
  // A run already under way may have read the drafts before this part: then one more run.
  await sendDrafts(base.userId).catch(() => 0);
  return (await delivered()) ?? (await sendDrafts(base.userId).catch(() => 0), await delivered());
}

/** Where the flows keep the id in progress: a sent local id is replaced by its Content-ID. */
function replaceStoredId(localId: string, contentId: number) {
  for (const key of [storageKeys.currentInterviewId, storageKeys.currentBankInterviewId, storageKeys.transcriptInterviewId]) {
    if (sessionStorage.getItem(key) === localId) sessionStorage.setItem(key, String(contentId));
  }
}

async function sendPart(contentId: number, part: keyof DraftParts, value: NonNullable<DraftParts[keyof DraftParts]>) {
  const path = `/api/submissions/${contentId}`;
  if (part === 'transcript') return api.put(`${path}/transcript`, { transcript: value });
  if (part === 'wAnswers') return api.put(`${path}/description`, value);
  if (part === 'post') return api.put(`${path}/post-contact`, value);
  return api.put(`${path}/contact`, value);
}

/** The order in which parts reach the server: the contact form completes a submission, so last. */
const partOrder: (keyof DraftParts)[] = ['transcript', 'wAnswers', 'post', 'contact'];

/** Sends one draft; throws an ApiError when the server is unreachable (the caller tries later). */
async function sendDraft(draft: Draft): Promise<boolean> {
  let contentId = draft.contentId;
  const create = contentId === undefined;
  if (contentId === undefined) {
    try {
      const created = await api.post<{ contentId: number }>('/api/submissions', { tenant: draft.tenant, kind: draft.kind, topic: draft.topic, source: draft.source });
      contentId = created.contentId;
    } catch (error) {
      // Refused for good (e.g. the tenant is no longer this user's): the draft cannot be sent.
      if (error instanceof ApiError && !error.unreachable && error.status !== 401) await deleteDraft(draft.localId);
      throw error;
    }
    const id = contentId;
    await updateDraft(draft.localId, (d) => ({ ...d, contentId: id }));
  }
  replaceStoredId(draft.localId, contentId);
  let sent = false;
  for (const part of partOrder) {
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
  return create || sent;
}

let running: Promise<number> | null = null;
let announce = false;

/**
 * Sends every draft of this user that still has something for the server; returns how many went.
 * One run at a time; with `announce`, the run ends with one toast saying how many went.
 */
export function sendDrafts(userId: string, opts: { announce?: boolean } = {}): Promise<number> {
  if (opts.announce) announce = true;
  running ??= (async () => {
    let sent = 0;
    try {
      for (const draft of await listDrafts()) {
        // Nothing to send: a sent draft is kept for a while as a mapping; an empty one waits for parts.
        if (isEmpty(draft.pending)) {
          if (Date.now() - Date.parse(draft.updatedAt) > KEEP_SENT_MS) await deleteDraft(draft.localId);
          continue;
        }
        if (draft.userId !== userId) continue;
        try {
          if (await sendDraft(draft)) sent += 1;
        } catch (error) {
          if (error instanceof ApiError && (error.unreachable || error.status === 401)) break;
        }
      }
    } finally {
      running = null;
    }
    if (sent > 0 && announce) notify.success(texts.finish.draftsSentTitle, texts.finish.draftsSent(sent));
    announce = false;
    return sent;
  })();
  return running;
}

/** Sends the signed-in user's drafts now, whenever the browser is back online, and every 30 s. */
export function useDraftSync(): void {
  const { user } = useAuth();
  const userId = user?.id;
  useEffect(() => {
    if (!userId || typeof indexedDB === 'undefined') return;
    const sync = () => void sendDrafts(userId, { announce: true }).catch(() => undefined);
    sync();
    window.addEventListener('online', sync);
    const timer = window.setInterval(sync, SYNC_EVERY_MS);
    return () => {
      window.removeEventListener('online', sync);
      window.clearInterval(timer);
    };
  }, [userId]);
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

