import type { DetailedError } from 'tus-js-client';
import type { MediaItem, UploadOutcome, UploadPage } from '../../../../common/schemas/uploads';
import { UPLOAD_PATH } from '../../../../common/upload-rules';
import { texts } from '../../../../common/texts';
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

/**
 * Sends one file with the tus protocol: real byte progress, retries, and a dropped connection
 * resumes at the last byte the server has (also after a reload, via the stored upload URL).
 * Resolves with the registered file, or rejects with the server's German reason.
 */
export async function transferFile(
  file: File,
  opts: {
    contentId: string;
    page: UploadPage;
    onProgress: (sent: number, total: number) => void;
    signal?: AbortSignal;
  },
): Promise<MediaItem | null> {
  let Upload: Awaited<ReturnType<typeof loadTus>>['Upload'];
  try {
    ({ Upload } = await loadTus());
  } catch {
    // The script could not be fetched (offline): worth another try.
    throw new UploadRefused(texts.uploads.failedTitle, texts.uploads.uploadException, false);
  }
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: UPLOAD_PATH,
      retryDelays: RETRY_DELAYS,
      headers: submissionHeaders(opts.contentId),
      metadata: { contentId: opts.contentId, page: opts.page, filename: file.name, filetype: file.type },
      removeFingerprintOnSuccess: true,
      onProgress: opts.onProgress,
      onSuccess: ({ lastResponse }) => {
        const body = parse(lastResponse.getBody()) as UploadOutcome | null;
        resolve(body && 'media' in body ? body.media : null);
      },
      onError: (error: Error | DetailedError) => {
        const response = 'originalResponse' in error ? error.originalResponse : null;
        const body = parse(response?.getBody() ?? '') as { title?: string; message?: string } | null;
        const status = response?.getStatus() ?? 0;
        // Unreachable, signed out, overloaded or a server fault: worth another try later.
        const final = status >= 400 && status < 500 && ![401, 408, 423, 429].includes(status);
        if (body?.message) reject(new UploadRefused(body.title ?? texts.uploads.failedTitle, body.message, final));
        else reject(new UploadRefused(texts.uploads.failedTitle, texts.uploads.uploadException, final));
      },
    });
    opts.signal?.addEventListener('abort', () => void upload.abort());
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
