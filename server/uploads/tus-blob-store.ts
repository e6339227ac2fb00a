import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { BlobStore } from '../storage/blob-store';
import { ignoreFailure } from '../../common/best-effort';
import { type MultipartState, PartWriter } from './tus-parts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * A tus data store for several app instances on an S3-compatible store: each tus upload is one
 * native multipart upload of its final object. The upload's state (length, offset, metadata,
 * the multipart upload id and the ETag of every stored part) is a row in the database, so any
 * instance answers HEAD, continues a PATCH and completes the upload, also after a `kill -9`.
 *
 * A PATCH body is cut into 6 MiB parts as it streams in (up to two on their way while the next
 * fills, in buffers reused from a pool); each stored part is recorded with a compare-and-set on the offset, so two instances
 * writing the same upload at once cannot both extend it. Bytes that do not fill a part when the
 * request ends (a dropped connection, a small PATCH) are kept as a tail object and become the
 * start of the next part. Finishing is CompleteMultipartUpload: no read-back, no second upload.
 *
 * Why not @tus/s3-store: it reads the offset with ListParts and sweeps with
 * ListMultipartUploads, which s3rver (our S3 test server) does not implement, and it keeps the
 * upload's metadata in a per-instance cache.
 */
export class MultipartTusStore extends DataStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly blobs: BlobStore,
    private readonly expirationMs: number,
    /** The object a finished upload becomes (decided at creation: S3 cannot rename). */
    private readonly keyFor: (upload: Upload) => string,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  private get multipart() {
    if (!this.blobs.multipart) throw new Error('blob store without multipart uploads');
    return this.blobs.multipart;
  }

  private async row(id: string) {
    const row = await this.db.selectFrom('tus_uploads').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    const state = JSON.parse(row.chunks) as MultipartState | unknown[];
    // Rows of the earlier piece-per-object store cannot be completed: the client starts again.
    if (Array.isArray(state)) throw ERRORS.FILE_NOT_FOUND;
    return { ...row, state };
  }

  /** The state of an upload (tests and the finishing step). */
  async state(id: string): Promise<MultipartState & { size: number | null; offset: number }> {
    const row = await this.row(id);
    return { ...row.state, size: row.size === null ? null : Number(row.size), offset: Number(row.upload_offset) };
  }

  override async create(upload: Upload): Promise<Upload> {
    upload.creation_date ??= new Date().toISOString();
    const key = this.keyFor(upload);
    const uploadId = await this.multipart.create(key, { contentType: upload.metadata?.filetype ?? undefined });
    upload.storage = { type: 's3-multipart', path: key };
    const state: MultipartState = { key, uploadId, parts: [], tail: null };
    try {
      await this.db
        .insertInto('tus_uploads')
        .values({
          id: upload.id,
          size: upload.size ?? null,
          upload_offset: 0,
          metadata: JSON.stringify(upload.metadata ?? {}),
          chunks: JSON.stringify(state),
          created_at: upload.creation_date,
        })
        .execute();
    } catch (error) {
      await this.multipart.abort(key, uploadId).catch(ignoreFailure('abort a multipart upload'));
      throw error;
    }
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.row(id);
    return new Upload({
      id,
      size: row.size === null ? undefined : Number(row.size),
      offset: Number(row.upload_offset),
      metadata: JSON.parse(row.metadata),
      creation_date: row.created_at,
      storage: { type: 's3-multipart', path: row.state.key },
    });
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    await this.row(id);
    await this.db.updateTable('tus_uploads').set({ size: length }).where('id', '=', id).execute();
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const row = await this.row(id);
    if (Number(row.upload_offset) !== offset) throw ERRORS.INVALID_OFFSET;
    if (row.state.completed) throw ERRORS.INVALID_OFFSET;
    const size = row.size === null ? null : Number(row.size);
    const writer = new PartWriter(this.db, this.blobs, this.multipart, id, row.state, offset);
    const oldTail = row.state.tail;
    if (oldTail) writer.startWith(await this.readTail(id, oldTail));
    let streamError: unknown = null;
    try {
      for await (const data of stream) {
        if (writer.failure) break;
        await writer.take(Buffer.isBuffer(data) ? data : Buffer.from(data as Uint8Array));
      }
    } catch (error) {
      // Keep what arrived before the failure; the client resumes from there.
      streamError = error;
    }
    await writer.settle();
    await writer.finish(size);
    // A tail now inside a part (or replaced by a longer tail) is no longer needed.
    if (oldTail && oldTail.key !== writer.tail?.key)
      await this.blobs.delete(oldTail.key).catch(ignoreFailure('remove an old upload tail blob'));
    if (streamError && writer.recorded === offset) throw streamError;
    return writer.recorded;
  }

  private async readTail(id: string, stored: NonNullable<MultipartState['tail']>): Promise<Buffer> {
    const tail = await readAll(await this.blobs.get(stored.key));
    if (tail.length !== stored.size)
      throw new Error(`tail of upload ${id} has ${tail.length} bytes, expected ${stored.size}`);
    return tail;
  }

  /**
   * Makes the object at the upload's key the whole file: CompleteMultipartUpload with the
   * recorded parts. Idempotent: after a crash between completing and recording it, the object
   * of the right size counts as completed.
   */
  async complete(id: string): Promise<string> {
    const row = await this.row(id);
    let state = row.state;
    const size = Number(row.size);
    if (row.size === null || Number(row.upload_offset) !== size) throw new Error(`upload ${id} is not complete`);
    if (state.completed) return state.key;
    if (state.parts.length === 0) {
      // An empty file: S3 needs one (empty) part.
      const etag = await this.multipart.part(state.key, state.uploadId, 1, Buffer.alloc(0));
      state = { ...state, parts: [{ n: 1, etag, size: 0 }] };
    }
    try {
      await this.multipart.complete(state.key, state.uploadId, state.parts);
    } catch (error) {
      const stored = await this.blobs
        .stat(state.key)
        .catch(ignoreFailure('look up a stored upload', null, { level: 'debug', fallback: null }));
      if (!stored || stored.size !== size) throw error;
    }
    await this.db
      .updateTable('tus_uploads')
      .set({ chunks: JSON.stringify({ ...state, completed: true }) })
      .where('id', '=', id)
      .execute();
    return state.key;
  }

  /** Drops the upload's bookkeeping only (the finished object stays: it is registered). */
  async forget(id: string): Promise<void> {
    const row = await this.row(id).catch(ignoreFailure('read an upload row', null, { level: 'debug', fallback: null }));
    await this.db.deleteFrom('tus_uploads').where('id', '=', id).execute();
    if (row?.state.tail) await this.blobs.delete(row.state.tail.key).catch(ignoreFailure('remove an upload tail blob'));
  }

  /** Removes everything of an upload: the multipart upload (aborted), its tail, a finished object. */
  override async remove(id: string): Promise<void> {
    const row = await this.row(id);
    await this.db.deleteFrom('tus_uploads').where('id', '=', id).execute();
    const { key, uploadId, tail, completed } = row.state;
    if (completed) await this.blobs.delete(key).catch(ignoreFailure('remove the blob of a removed upload'));
    else await this.multipart.abort(key, uploadId);
    if (tail) await this.blobs.delete(tail.key).catch(ignoreFailure('remove an upload tail blob'));
  }

  override getExpiration(): number {
    return this.expirationMs;
  }

  override async deleteExpired(): Promise<number> {
    const before = new Date(Date.now() - this.expirationMs).toISOString();
    const expired = await this.db.selectFrom('tus_uploads').select('id').where('created_at', '<', before).execute();
    let removed = 0;
    for (const { id } of expired) {
      await this.remove(id).then(
        () => removed++,
        () => undefined,
      );
    }
    return removed;
  }
}
