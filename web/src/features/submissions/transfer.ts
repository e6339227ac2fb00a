import type { DetailedError } from 'tus-js-client';
import type { UploadPage } from '../../../../common/schemas/uploads';
import type { MediaItem, UploadOutcome } from '../../../../common/contracts/uploads';
import type { ErrorBody } from '../../../../common/contracts/errors';
import { UPLOAD_PATH } from '../../../../common/upload-rules';
import { texts } from '../../../../common/texts';
import { clipFileName } from '../../../../common/video-answers';
import { submissionHeaders } from '../../lib/api';

/** The spec's retries: 3 more attempts, 1 s apart. */
export const RETRY_DELAYS = [1000, 1000, 1000];

export class UploadRefused extends Error {
  constructor(
    readonly title: string,
    message: string,
    /** The server refused the file for good (a retry later would not help). */
    readonly final = true,
  ) {
    super(message);
  }
}

/** The tus client is loaded with the first file, not with the page (it is a third of the upload page). */
const loadTus = () => import('tus-js-client');

type Tus = Awaited<ReturnType<typeof loadTus>>;

/**
 * Sends one file with the tus protocol: real byte progress, retries, and a dropped connection
 * resumes at the last byte the server has (also after a reload, via the stored upload URL).
 * Resolves with the registered file, or rejects with the server's German reason.
 */
type TransferOptions = {
  contentId: string;
  page: UploadPage;
  onProgress: (sent: number, total: number) => void;
  signal?: AbortSignal;
};

export async function transferFile(file: File, opts: TransferOptions): Promise<MediaItem | null> {
  const body = await tusSend(file, opts);
  return body && 'media' in body ? body.media : null;
}

/**
 * The tus transfer of transferFile, with the server's last answer. `metadata` adds to the file's
 * (a video answer's question), `retryDelays` replaces the spec's, and `tus` is a client the page
 * loaded already (so that a file sent offline does not depend on fetching the script then).
 */
export async function tusSend(
  file: File,
  opts: TransferOptions & {
    metadata?: Record<string, string>;
    retryDelays?: number[];
    tus?: Pick<Tus, 'Upload'>;
  },
): Promise<UploadOutcome | null> {
  let Upload: Tus['Upload'];
  try {
    ({ Upload } = opts.tus ?? (await loadTus()));
  } catch {
    // The script could not be fetched (offline): worth another try.
    throw new UploadRefused(texts.uploads.failedTitle, texts.uploads.uploadException, false);
  }
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: UPLOAD_PATH,
      retryDelays: opts.retryDelays ?? RETRY_DELAYS,
      headers: submissionHeaders(opts.contentId),
      metadata: {
        contentId: opts.contentId,
        page: opts.page,
        filename: file.name,
        filetype: file.type,
        ...opts.metadata,
      },
      removeFingerprintOnSuccess: true,
      onProgress: opts.onProgress,
      onSuccess: ({ lastResponse }) => resolve(parse(lastResponse.getBody()) as UploadOutcome | null),
      onError: (error: Error | DetailedError) => {
        const response = 'originalResponse' in error ? error.originalResponse : null;
        const body = parse(response?.getBody() ?? '') as Partial<ErrorBody> | null;
        const status = response?.getStatus() ?? 0;
        // Unreachable, signed out, overloaded or a server fault: worth another try later.
        const final = status >= 400 && status < 500 && ![401, 408, 423, 429].includes(status);
        if (body?.message) reject(new UploadRefused(body.title ?? texts.uploads.failedTitle, body.message, final));
        else reject(new UploadRefused(texts.uploads.failedTitle, texts.uploads.uploadException, final));
      },
    });
    opts.signal?.addEventListener('abort', () => {
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

/** A video answer's clip: the answer to question `index`, recorded at `recordedAt`. */
export type Clip = { index: number; blob: Blob; mimeType: string; seconds: number; recordedAt: number };

/** A clip's retries while a phone's connection comes and goes; after them its sender tries again itself. */
const CLIP_RETRY_DELAYS = [1000, 3000, 5000, 10_000, 20_000];

/**
 * Sends one clip of a video answer under `contentId`. The clip is a File named after its question
 * with its recording time as lastModified, so tus-js-client's fingerprint finds the same upload
 * again after a reload and resumes at the server's offset. A clip the server measured and refused
 * (too long, no video) rejects with a final UploadRefused.
 */
export async function transferClip(
  clip: Clip,
  contentId: string,
  onProgress: (percent: number) => void,
  opts: { signal?: AbortSignal; tus?: Pick<Tus, 'Upload'> } = {},
): Promise<void> {
  const name = clipFileName(clip.index, clip.mimeType);
  const file = new File([clip.blob], name, { type: clip.mimeType, lastModified: clip.recordedAt });
  const body = await tusSend(file, {
    contentId,
    page: 'video-answer',
    metadata: { question: String(clip.index) },
    retryDelays: CLIP_RETRY_DELAYS,
    onProgress: (sent, total) => onProgress(total ? Math.round((sent / total) * 100) : 0),
    ...opts,
  });
  if (body && 'error' in body && body.error !== 'pending') throw new UploadRefused(body.title, body.message, true);
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
