import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DataStore, Upload } from '@tus/server';
import { ignoreFailure } from '../../common/best-effort';
import { uploadMetadata, type UploadMetadata } from '../../common/schemas/uploads';
import { texts } from '../../common/texts';
import type { Deps } from '../deps';
import { DomainError } from '../http/errors';
import { type FinishedUpload, namedFormat, uploadKey } from './service';
import { MultipartTusStore } from './tus-blob-store';
import { AppendingFileStore } from './tus-file-store';
import { readHead, SNIFF_BYTES } from './validation';

/** Abandoned partial uploads are removed after a day. */
export const UPLOAD_EXPIRATION_MS = 24 * 60 * 60_000;

/** The tus metadata of an upload, checked; a refusal in German. */
export function metadataOf(values: Record<string, string | null | undefined>): UploadMetadata {
  const parsed = uploadMetadata.safeParse(values);
  if (!parsed.success) throw new DomainError('invalid', texts.uploads.noInterviewIdText);
  return parsed.data;
}

/**
 * Where partial uploads live, and how a finished one reaches its final key without a copy. The
 * composition root (server/composition.ts) chooses one of the two below, with the blob store.
 */
export type PartialUploads = {
  store: DataStore;
  /** A finished upload as acceptUpload judges and registers it. */
  finished(upload: Upload, metadata: UploadMetadata): FinishedUpload;
};

async function readStreamHead(stream: Readable, bytes: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let length = 0;
  try {
    for await (const data of stream) {
      parts.push(data as Buffer);
      length += (data as Buffer).length;
      if (length >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts).subarray(0, bytes);
}

/**
 * S3 configured (several instances): each upload is a native multipart upload of its final object,
 * its state a database row, so any instance resumes any upload (MultipartTusStore); finishing
 * completes the multipart upload.
 */
export function multipartUploads(deps: Pick<Deps, 'blobs' | 'db' | 'log'>): PartialUploads {
  const store = new MultipartTusStore(deps.db, deps.blobs, UPLOAD_EXPIRATION_MS, (upload) => {
    const metadata = metadataOf(upload.metadata ?? {});
    return uploadKey(metadata.contentId, upload.id, namedFormat(metadata.filename) ?? 'bin');
  });
  const finished = (upload: Upload, metadata: UploadMetadata): FinishedUpload => ({
    id: upload.id,
    size: upload.offset,
    metadata,
    head: async () =>
      readStreamHead(
        await deps.blobs.get(await store.complete(upload.id), { start: 0, end: SNIFF_BYTES - 1 }),
        SNIFF_BYTES,
      ),
    finish: () => store.complete(upload.id),
    forget: () => store.forget(upload.id),
    discard: () => store.remove(upload.id).catch(ignoreFailure('discard a refused upload', deps.log)),
  });
  return { store, finished };
}

/**
 * Local (one instance): the tus file store appends every PATCH to one file in `directory`
 * (DATA_DIR/uploads, on the same filesystem as DATA_DIR/files); finishing hard-links that file to
 * its final key. Judging the bytes reads only the file's head.
 */
export function fileUploads(deps: Pick<Deps, 'blobs' | 'log'>, directory: string): PartialUploads {
  const store = new AppendingFileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRATION_MS });
  const finished = (upload: Upload, metadata: UploadMetadata): FinishedUpload => {
    const file = path.join(directory, upload.id);
    let linked: string | null = null;
    return {
      id: upload.id,
      size: upload.offset,
      metadata,
      head: () => readHead(file),
      async finish(format) {
        const key = uploadKey(metadata.contentId, upload.id, format);
        if (!deps.blobs.adopt) throw new Error('local blob store without adopt');
        await deps.blobs.adopt(key, file);
        linked = key;
        return key;
      },
      // The final key is a hard link to the same file: removing the tus name keeps the bytes.
      forget: () => store.remove(upload.id).catch(ignoreFailure('forget a finished upload', deps.log)),
      async discard() {
        await store.remove(upload.id).catch(ignoreFailure('remove a failed upload', deps.log));
        if (linked)
          await deps.blobs.delete(linked).catch(ignoreFailure('remove the blob of a failed upload', deps.log));
      },
    };
  };
  return { store, finished };
}
