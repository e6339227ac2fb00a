import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';

/** Bytes a PATCH may hold in memory on their way to the disk (the file store's default is 16 KiB). */
const WRITE_BUFFER_BYTES = 2 * 1024 * 1024;

/**
 * The tus file store, appending each PATCH to the upload's one file with a larger write buffer:
 * while one write is at the disk, the socket's next chunks gather and go down in one writev, so a
 * large upload costs a few thousand system calls instead of one per 64 KiB chunk.
 */
export class AppendingFileStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const file = createWriteStream((this as unknown as { resolve(id: string): string }).resolve(id), {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER_BYTES,
    });
    try {
      await pipeline(readable, file);
    } catch {
      // What reached the disk counts (the offset is the file's size); the client resumes there.
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + file.bytesWritten;
  }
}
