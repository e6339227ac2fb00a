import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { MIN_PART_BYTES, type BlobStore, type UploadedPart } from '../storage/blob-store';
import { ignoreFailure, handledElsewhere } from '../../common/best-effort';

/** Size of the parts sent to S3 while a PATCH streams in (the last part may be shorter). */
const PART_BYTES = 6 * 1024 * 1024;
/** Parts on their way to S3 at once per request, while the next one fills. */
const PARTS_IN_FLIGHT = 2;
/** A part buffer holds a part and the minimum part that must follow it before it leaves. */
const PART_BUFFER_BYTES = PART_BYTES + MIN_PART_BYTES;

/**
 * Part buffers, reused: a running upload holds at most PARTS_IN_FLIGHT + 1 of them (one filling),
 * and finished uploads leave a few for the next, so the memory a running upload uses does not
 * grow with its size or wait for the garbage collector.
 */
const partBuffers = {
  free: [] as Buffer[],
  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafeSlow(PART_BUFFER_BYTES);
  },
  give(buffer: Buffer) {
    if (this.free.length < PARTS_IN_FLIGHT + 1 && !this.free.includes(buffer)) this.free.push(buffer);
  },
};

/** What the `chunks` column of a tus_uploads row holds for a multipart upload. */
type MultipartState = {
  /** The object the finished upload becomes. */
  key: string;
  uploadId: string;
  /** Parts stored in S3, in order, with their ETags (durable: any instance can complete them). */
  parts: UploadedPart[];
  /** Received bytes that do not yet fill a part (S3 wants 5 MiB), kept as an object of their own. */
  tail: { key: string; size: number } | null;
  /** CompleteMultipartUpload has succeeded: the object at `key` is the whole file. */
  completed?: boolean;
};

const sum = (parts: UploadedPart[]) => parts.reduce((n, p) => n + p.size, 0);

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
    let state = row.state;
    /** The offset the row holds (what is durable). */
    let recorded = offset;
    const oldTails: string[] = [];

    // The bytes not yet in a part are copied into a part buffer from the pool: the stored tail
    // first, then what this request brings. The socket's chunks are garbage at once, and a part
    // costs no allocation of its own.
    let part: Buffer | null = null;
    let filled = 0;
    if (state.tail) {
      const tail = await readAll(await this.blobs.get(state.tail.key));
      if (tail.length !== state.tail.size)
        throw new Error(`tail of upload ${id} has ${tail.length} bytes, expected ${state.tail.size}`);
      part = partBuffers.take();
      filled = tail.copy(part, 0);
      oldTails.push(state.tail.key);
    }

    const record = async (next: MultipartState, offsetAfter: number) => {
      const result = await this.db
        .updateTable('tus_uploads')
        .set({ upload_offset: offsetAfter, chunks: JSON.stringify(next) })
        .where('id', '=', id)
        .where('upload_offset', '=', recorded)
        .executeTakeFirst();
      // Another request (maybe on another instance) extended or removed the upload meanwhile.
      if (Number(result.numUpdatedRows) !== 1) throw ERRORS.INVALID_OFFSET;
      state = next;
      recorded = offsetAfter;
    };

    // Parts are numbered and recorded in order; the upload of the next may start before the
    // previous one is recorded.
    let partsQueued = state.parts.length;
    let partsBytesQueued = sum(state.parts);
    let chain: Promise<void> = Promise.resolve();
    const inFlight: Promise<void>[] = [];
    let failure: unknown = null;

    const sendPart = (buffer: Buffer, length: number) => {
      const n = ++partsQueued;
      partsBytesQueued += length;
      const offsetAfter = partsBytesQueued;
      const sent = this.multipart.part(state.key, state.uploadId, n, buffer.subarray(0, length));
      // The buffer goes back to the pool once the store is done with it, sent or not.
      sent.then(
        () => partBuffers.give(buffer),
        () => partBuffers.give(buffer),
      );
      const step = chain.then(async () => {
        const etag = await sent;
        await record({ ...state, parts: [...state.parts, { n, etag, size: length }], tail: null }, offsetAfter);
      });
      step.catch((error) => (failure ??= error));
      chain = step.catch(handledElsewhere);
      inFlight.push(step);
    };

    let streamError: unknown = null;
    try {
      for await (const data of stream) {
        if (failure) break;
        let chunk = Buffer.isBuffer(data) ? data : Buffer.from(data as Uint8Array);
        while (chunk.length > 0) {
          part ??= partBuffers.take();
          const copied = chunk.copy(part, filled);
          filled += copied;
          chunk = chunk.subarray(copied);
          // A part leaves once a full part and a minimum part are here, so what is left when the
          // request ends is either a part of its own (≥ 5 MiB) or a short tail of a small PATCH.
          if (filled === PART_BUFFER_BYTES) {
            // At most PARTS_IN_FLIGHT parts unrecorded: the request body waits meanwhile.
            while (inFlight.length >= PARTS_IN_FLIGHT) await inFlight.shift();
            const next = partBuffers.take();
            filled = part.copy(next, 0, PART_BYTES, filled);
            sendPart(part, PART_BYTES);
            part = next;
          }
        }
      }
    } catch (error) {
      // Keep what arrived before the failure; the client resumes from there.
      streamError = error;
    }
    await Promise.allSettled(inFlight);
    if (failure) {
      // Whatever was recorded stays; the rest is sent again by the client.
      if (part) partBuffers.give(part);
      throw failure;
    }

    if (part && filled > 0) {
      const received = partsBytesQueued + filled;
      if ((size !== null && received === size) || filled >= MIN_PART_BYTES) {
        // The last part (any size) or one of at least the minimum size.
        sendPart(part, filled);
        await inFlight.pop();
      } else {
        // A short run that is not the end (a dropped connection, a small PATCH): kept as an
        // object of its own until the next request brings the rest of its part.
        const tailKey = `tus/${id}/tail_${String(received).padStart(15, '0')}_${randomBytes(6).toString('hex')}`;
        try {
          await this.blobs.put(tailKey, Buffer.from(part.subarray(0, filled)));
        } finally {
          partBuffers.give(part);
        }
        try {
          await record({ ...state, tail: { key: tailKey, size: filled } }, received);
        } catch (error) {
          await this.blobs.delete(tailKey).catch(ignoreFailure('remove an upload tail blob'));
          throw error;
        }
      }
    } else if (part) partBuffers.give(part);
    // Tails now inside a part (or replaced by a longer tail) are no longer needed.
    for (const key of oldTails)
      if (key !== state.tail?.key) await this.blobs.delete(key).catch(ignoreFailure('remove an old upload tail blob'));
    if (streamError && recorded === offset) throw streamError;
    return recorded;
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
