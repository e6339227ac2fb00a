import type { Readable } from 'node:stream';

export type BlobInfo = { size: number; contentType?: string };

/** Private file storage. Keys look like `{contentId}/{timestamp}_{random}.{ext}`. */
export type BlobStore = {
  put(key: string, body: Readable | Buffer, opts?: { contentType?: string }): Promise<void>;
  get(key: string, range?: { start: number; end?: number }): Promise<Readable>;
  stat(key: string): Promise<BlobInfo | null>;
  delete(key: string): Promise<void>;
  /** Every stored key (backups). */
  list(): AsyncIterable<string>;
  /** Whether the store can be written and read right now. */
  healthy(): Promise<boolean>;
  /** S3-compatible stores: a native multipart upload, so a file arrives in parts and is never copied. */
  multipart?: MultipartUploads;
  /** Local store: puts an existing file on the same filesystem at a key without copying it (hard link). */
  adopt?(key: string, file: string): Promise<void>;
  /** Local store: the file behind a key (tools such as sharp and ffmpeg read it in place). */
  localPath?(key: string): string;
};

/** Where files live, as the composition root chose it (`chooseFileStorage` in server/composition.ts). */
export type FileStorage = {
  /** An object store (S3-compatible) rather than this machine's disk. */
  objectStore: boolean;
  /** Its name for an operator (health reasons), never a path. */
  label: string;
  /** The local directories files go to, with their names for an operator: none with an object store. */
  localDirs: { label: string; dir: string }[];
  /** Where partial tus uploads are appended (local files); null with an object store (multipart uploads). */
  uploadsDir: string | null;
};

export type UploadedPart = { n: number; etag: string; size: number };

export type MultipartUploads = {
  create(key: string, opts?: { contentType?: string }): Promise<string>;
  /** Uploads part `n` (1-based) and returns its ETag. Every part but the last must be at least 5 MiB. */
  part(key: string, uploadId: string, n: number, body: Buffer): Promise<string>;
  complete(key: string, uploadId: string, parts: UploadedPart[]): Promise<void>;
  /** Drops an unfinished multipart upload and its stored parts; an unknown upload is no error. */
  abort(key: string, uploadId: string): Promise<void>;
};

/** S3 smallest part size (every part but the last). */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
