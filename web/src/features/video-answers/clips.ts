// Loaded with the page, not with the first clip: a clip sent while offline must not depend on a
// chunk that cannot be fetched then (the browser would remember the failed import).
import { Upload, type DetailedError } from 'tus-js-client';
import type { InterviewTopic } from '../../../../common/tenants';
import type { UploadOutcome } from '../../../../common/schemas/uploads';
import { texts } from '../../../../common/texts';
import { UPLOAD_PATH } from '../../../../common/upload-rules';
import { clipFileName } from '../../../../common/video-answers';
import { submissionHeaders } from '../../lib/api';

/**
 * Where a video answer stands, so that a reload, a locked phone or a dropped connection loses at
 * most the clip being recorded: the progress (Content-ID, topic, question) in localStorage, every
 * clip not yet on the server in IndexedDB (like the offline drafts), uploads with tus.
 */

/** A clip recorded and waiting on the device (`queued`), on the server (`sent`), or no clip (`skipped`). */
export type Answer = 'queued' | 'sent' | 'skipped';

export type Progress = {
  contentId: string;
  topic: InterviewTopic;
  /** The question shown now; equal to the number of questions when all are done. */
  index: number;
  /** What happened to each question so far. */
  answers: Record<number, Answer>;
};

const progressKey = (scope: string) => `videoAnswer:${scope || '/'}`;

export function loadProgress(scope: string): Progress | null {
  try {
    const raw = localStorage.getItem(progressKey(scope));
    return raw ? (JSON.parse(raw) as Progress) : null;
  } catch {
    return null;
  }
}

export function saveProgress(scope: string, progress: Progress): void {
  localStorage.setItem(progressKey(scope), JSON.stringify(progress));
}

export function clearProgress(scope: string): void {
  localStorage.removeItem(progressKey(scope));
}

/** A recorded clip kept until the server has it. */
export type StoredClip = {
  key: string;
  contentId: string;
  index: number;
  blob: Blob;
  mimeType: string;
  seconds: number;
  recordedAt: number;
};

const DB_NAME = 'content-assistent-video';
const STORE = 'clips';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
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

export const clipKey = (contentId: string, index: number) => `${contentId}:${index}`;
export const keepClip = (clip: StoredClip) => withStore('readwrite', (s) => s.put(clip));
export const forgetClip = (key: string) => withStore('readwrite', (s) => s.delete(key));
export async function clipsOf(contentId: string): Promise<StoredClip[]> {
  const all = await withStore<StoredClip[]>('readonly', (s) => s.getAll() as IDBRequest<StoredClip[]>);
  return all.filter((c) => c.contentId === contentId).sort((a, b) => a.index - b.index);
}

/** Refused by the server for good (a retry would not help), or worth another try later. */
export class ClipRefused extends Error {
  constructor(
    readonly title: string,
    message: string,
    readonly final: boolean,
  ) {
    super(message);
  }
}

/** Retries while a phone's connection comes and goes; after them the queue tries again itself. */
const RETRY_DELAYS = [1000, 3000, 5000, 10_000, 20_000];

/**
 * Sends one clip with tus. The clip is a File named after its question with its recording time
 * as lastModified, so tus-js-client's fingerprint finds the same upload again after a reload and
 * resumes at the server's offset.
 */
export async function sendClip(
  clip: StoredClip,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<void> {
  const name = clipFileName(clip.index, clip.mimeType);
  const file = new File([clip.blob], name, { type: clip.mimeType, lastModified: clip.recordedAt });
  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: UPLOAD_PATH,
      retryDelays: RETRY_DELAYS,
      headers: submissionHeaders(clip.contentId),
      metadata: {
        contentId: clip.contentId,
        page: 'video-answer',
        filename: name,
        filetype: clip.mimeType,
        question: String(clip.index),
      },
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress(total ? Math.round((sent / total) * 100) : 0),
      onSuccess: ({ lastResponse }) => {
        const body = parse(lastResponse.getBody()) as UploadOutcome | null;
        if (body && 'error' in body && body.error !== 'pending')
          reject(new ClipRefused(body.title, body.message, true));
        else resolve();
      },
      onError: (error: Error | DetailedError) => {
        const response = 'originalResponse' in error ? error.originalResponse : null;
        const body = parse(response?.getBody() ?? '') as { title?: string; message?: string } | null;
        const status = response?.getStatus() ?? 0;
        const final = status >= 400 && status < 500 && ![401, 408, 423, 429].includes(status);
        reject(
          new ClipRefused(
            body?.title ?? texts.uploads.failedTitle,
            body?.message ?? texts.uploads.uploadException,
            final,
          ),
        );
      },
    });
    signal.addEventListener('abort', () => {
      void upload.abort();
      reject(new DOMException('aborted', 'AbortError'));
    });
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch(() => upload.start());
  });
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
