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
};
