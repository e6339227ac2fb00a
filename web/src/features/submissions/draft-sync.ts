import type { ContactForm, PostContact, WAnswers } from '../../../../common/schemas/finish';
import type { CreateSubmission } from '../../../../common/schemas/submissions';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { setSubmissionToken, storageKeys } from '../../lib/storage';
import { transferClip, transferFile, UploadRefused } from './transfer';
import { uploadRecording } from './recording-upload';
import { recordConsent } from './consent';
import {
  allSent,
  deleteDraft,
  getDraft,
  isDone,
  KEEP_SENT_MS,
  listDrafts,
  ownerOf,
  updateDraft,
  type Draft,
  type DraftBase,
  type DraftParts,
} from './draft-store';

/**
 * Sending the drafts of the device store (draft-store.ts) to the server: a draft first becomes a
 * real submission (created held), then its parts go one by one, and it is released to the team
 * once the last has arrived.
 */

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
export const canSend = (owner: string) => !owner.startsWith('public:') || publicCreators.has(owner);

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
    await transferItem(
      kept.id,
      () => uploadRecording(String(contentId), kept.blob, () => undefined),
      (error) =>
        error instanceof ApiError &&
        !error.unreachable &&
        error.status > 0 &&
        error.status < 500 &&
        error.status !== 401,
    );
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

/** What this tab's run does with a kept file, recording or clip right now (the thank-you page shows it). */
export type ItemTransfer = 'sending' | 'refused';
const itemTransfers = new Map<string, ItemTransfer>();
export const itemTransfer = (id: string): ItemTransfer | undefined => itemTransfers.get(id);

/** Runs one item's upload and notes it as sending meanwhile, and as refused when the server refused it for good. */
async function transferItem(id: string, upload: () => Promise<unknown>, refusedForGood: (error: unknown) => boolean) {
  itemTransfers.set(id, 'sending');
  try {
    await upload();
    itemTransfers.delete(id);
  } catch (error) {
    if (refusedForGood(error)) itemTransfers.set(id, 'refused');
    else itemTransfers.delete(id);
    throw error;
  }
}
const refusedUpload = (error: unknown) => error instanceof UploadRefused && error.final;

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
      await transferItem(
        kept.id,
        () => transferFile(file, { contentId: String(contentId), page: kept.page, onProgress: () => undefined }),
        refusedUpload,
      );
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
      await transferItem(kept.id, () => transferClip(kept, String(contentId), () => undefined), refusedUpload);
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

/** The server cannot be reached, or the person is signed out: the draft waits for the next run. */
export const triesLater = (error: unknown) => error instanceof ApiError && (error.unreachable || error.status === 401);

/** The server refused for good (it would refuse the same again): e.g. the tenant is no longer this user's. */
export const refusedForGood = (error: unknown) =>
  error instanceof ApiError && !error.unreachable && error.status < 500 && error.status !== 401;

/** The draft's pending parts once `part` has been sent: a newer value kept meanwhile stays for the next run. */
export function pendingAfterSending<P extends keyof DraftParts>(
  pending: DraftParts,
  part: P,
  sent: DraftParts[P],
): DraftParts {
  const left = { ...pending };
  if (JSON.stringify(left[part]) === JSON.stringify(sent)) delete left[part];
  return left;
}

/** Sends one draft; throws an ApiError when the server is unreachable (the caller tries later). */
async function sendDraft(draft: Draft): Promise<boolean> {
  const create = draft.contentId === undefined;
  const contentId = draft.contentId ?? (await createHeld(draft));
  replaceStoredId(draft.localId, contentId);
  let sent = false;
  for (const part of partOrder) if (await sendPartOf(draft, contentId, part)) sent = true;
  await releaseWhenSent(draft.localId, contentId);
  return create || sent;
}

/**
 * Makes the draft's submission, created hidden from the team: the parts arrive one by one, and the
 * team sees the submission only once the last has (releaseWhenSent).
 */
async function createHeld(draft: Draft): Promise<number> {
  const contentId = draft.userId === null ? await createPublic(draft) : await createSignedIn(draft);
  await updateDraft(draft.localId, (d) => ({ ...d, contentId, held: true }));
  return contentId;
}

/**
 * Public link: the submission needs a proof of work, and this browser keeps its access token.
 * A limit or a failed proof is not final: the draft waits for the next run.
 */
async function createPublic(draft: Draft): Promise<number> {
  const create = publicCreators.get(ownerOf(draft));
  if (!create) throw new Unreachable();
  try {
    const created = await create(draft);
    setSubmissionToken(created.contentId, created.accessToken);
    return created.contentId;
  } catch {
    throw new Unreachable();
  }
}

async function createSignedIn(draft: Draft): Promise<number> {
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
    return created.contentId;
  } catch (error) {
    // Refused for good: the draft cannot be sent.
    if (refusedForGood(error)) await deleteDraft(draft.localId);
    if (error instanceof ApiError && error.status >= 500) throw new Unreachable();
    throw error;
  }
}

const sendKept = { files: sendFiles, clips: sendClips, recording: sendRecording };

/** Sends one part of the draft; true when something went to the server. */
async function sendPartOf(draft: Draft, contentId: number, part: (typeof partOrder)[number]): Promise<boolean> {
  if (part === 'files' || part === 'recording' || part === 'clips') return sendKept[part](draft, contentId);
  const value = draft.pending[part];
  if (value === undefined) return false;
  try {
    await sendPart(contentId, part, value);
  } catch (error) {
    // Unreachable or signed out: try again later. Refused content (it passed the same schema in
    // the form, so the submission is gone or changed hands): dropping it beats retrying forever.
    if (triesLater(error)) throw error;
  }
  // Only what was sent leaves the draft.
  await updateDraft(draft.localId, (d) => ({
    ...d,
    pending: pendingAfterSending(d.pending, part, value),
    updatedAt: new Date().toISOString(),
  }));
  return true;
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
      if (error instanceof Unreachable || triesLater(error)) break;
    }
  }
  return sent;
}
