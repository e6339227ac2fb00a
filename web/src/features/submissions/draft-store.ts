import type { ContactForm, PostContact, WAnswers } from '../../../../common/schemas/finish';
import type { SubmissionKind } from '../../../../common/schemas/submissions';
import type { UploadPage } from '../../../../common/schemas/uploads';
import type { Clip } from './transfer';
import { deviceStore } from './device-store';

/**
 * Drafts of work done under a local id (server unreachable), as the device keeps them in IndexedDB
 * until the server answers again (DESIGN.md difference 7; draft-sync.ts sends them). A part leaves
 * its draft only once the server has stored it.
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
export const KEEP_SENT_MS = 7 * 24 * 3600_000;

const drafts = deviceStore(DB_NAME, STORE, 'localId');
const withStore = drafts.run;

export const getDraft = (localId: string) =>
  withStore<Draft | undefined>('readonly', (s) => s.get(localId) as IDBRequest<Draft | undefined>);
export const listDrafts = () => withStore<Draft[]>('readonly', (s) => s.getAll() as IDBRequest<Draft[]>);
export const putDraft = (draft: Draft) => withStore('readwrite', (s) => s.put(draft));
export const deleteDraft = (localId: string) => withStore('readwrite', (s) => s.delete(localId));

/** Reads and rewrites one draft in a single transaction, so parts kept meanwhile are not lost. */
export function updateDraft(localId: string, change: (draft: Draft) => Draft): Promise<Draft | undefined> {
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

export const isEmpty = (parts: DraftParts) => Object.values(parts).every((v) => v === undefined);
/** Nothing left for the server: no text part, no file, and not waiting to be released. */
export const allSent = (draft: Draft) =>
  isEmpty(draft.pending) && !draft.files?.length && !draft.recording && !draft.clips?.length;
export const isDone = (draft: Draft) => allSent(draft) && !draft.held;

/** Adds a draft unless the local id has one already, in one transaction (parts kept meanwhile stay). */
export async function addDraft(draft: Draft): Promise<void> {
  await drafts.transaction<void>('readwrite', (store) => {
    const read = store.getKey(draft.localId);
    read.onsuccess = () => {
      if (read.result === undefined) store.put(draft);
    };
  });
}
