import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, type Upload } from '@tus/server';

/** Bytes a PATCH may hold in memory on their way to the disk (the file store's default is 16 KiB). */
const WRITE_BUFFER_BYTES = 2 * 1024 * 1024;

const noSpace = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes((error as { code?: string })?.code ?? '');

/**
 * The tus file store, appending each PATCH to the upload's one file with a larger write buffer:
 * while one write is at the disk, the socket's next chunks gather and go down in one writev, so a
 * large upload costs a few thousand system calls instead of one per 64 KiB chunk.
 *
 * An upload refused for lack of space leaves no empty files: a create that fails takes its files
 * back, and so does a first PATCH of which nothing fit (the client starts anew when there is room).
 */
export class AppendingFileStore extends FileStore {
  private path(id: string): string {
    return (this as unknown as { resolve(id: string): string }).resolve(id);
  }

  private async forget(id: string): Promise<void> {
    await Promise.all([rm(this.path(id), { force: true }), rm(`${this.path(id)}.json`, { force: true })]).catch(
      () => undefined,
    );
  }

  override async create(upload: Upload): Promise<Upload> {
    try {
      return await super.create(upload);
    } catch (error) {
      await this.forget(upload.id);
      throw error;
    }
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const file = createWriteStream(this.path(id), {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER_BYTES,
    });
    try {
      await pipeline(readable, file);
    } catch (error) {
      if (offset === 0 && file.bytesWritten === 0 && noSpace(error)) await this.forget(id);
      // What reached the disk counts (the offset is the file's size); the client resumes there.
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + file.bytesWritten;
  }
}
