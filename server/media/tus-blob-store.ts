import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { BlobStore } from '../storage/blob-store';

/** Received bytes are stored in pieces of this size (the last piece of a request may be shorter). */
const PIECE_BYTES = 8 * 1024 * 1024;

type Chunk = { key: string; size: number };

/**
 * A tus data store for several app instances: the upload's state (length, offset, metadata, the
 * list of stored pieces) is a row in the database, its bytes are objects in the blob store (S3).
 * Any instance can answer HEAD and continue a PATCH of an upload another instance started.
 *
 * Each PATCH body is cut into pieces of 8 MB; every piece is stored as its own object and then
 * appended to the row with a compare-and-set on the offset, so two instances writing the same
 * upload at once cannot both extend it (the loser's piece is deleted, its request gets 409).
 * When the client's connection drops, tus ends the body stream gracefully and the bytes received
 * so far are stored, so the upload resumes from there.
 *
 * Why not @tus/s3-store: it reads the offset with S3 ListParts and sweeps with
 * ListMultipartUploads, which s3rver (our S3 test server) does not implement, and it keeps the
 * upload's metadata in a per-instance memory cache.
 */
export class BlobTusStore extends DataStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly blobs: BlobStore,
    private readonly expirationMs: number,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  private async row(id: string) {
    const row = await this.db.selectFrom('tus_uploads').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return row;
  }

  async create(upload: Upload): Promise<Upload> {
    upload.creation_date ??= new Date().toISOString();
    upload.storage = { type: 'blob', path: `tus/${upload.id}` };
    await this.db
      .insertInto('tus_uploads')
      .values({
        id: upload.id,
        size: upload.size ?? null,
        upload_offset: 0,
        metadata: JSON.stringify(upload.metadata ?? {}),
        chunks: '[]',
        created_at: upload.creation_date,
      })
      .execute();
    return upload;
  }

  async getUpload(id: string): Promise<Upload> {
    const row = await this.row(id);
    return new Upload({
      id,
      size: row.size === null ? undefined : Number(row.size),
      offset: Number(row.upload_offset),
      metadata: JSON.parse(row.metadata),
      creation_date: row.created_at,
      storage: { type: 'blob', path: `tus/${id}` },
    });
  }

  async declareUploadLength(id: string, length: number): Promise<void> {
    await this.row(id);
    await this.db.updateTable('tus_uploads').set({ size: length }).where('id', '=', id).execute();
  }

  async write(stream: Readable, id: string, offset: number): Promise<number> {
    const row = await this.row(id);
    if (Number(row.upload_offset) !== offset) throw ERRORS.INVALID_OFFSET;
    let chunks = JSON.parse(row.chunks) as Chunk[];
    let current = offset;
    let pending: Buffer[] = [];
    let pendingBytes = 0;

    const flush = async () => {
      if (!pendingBytes) return;
      const body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const key = `tus/${id}/${String(current).padStart(15, '0')}_${randomBytes(6).toString('hex')}`;
      await this.blobs.put(key, body);
      const next = [...chunks, { key, size: body.length }];
      const result = await this.db
        .updateTable('tus_uploads')
        .set({ upload_offset: current + body.length, chunks: JSON.stringify(next) })
        .where('id', '=', id)
        .where('upload_offset', '=', current)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) {
        // Another request (maybe on another instance) extended or removed the upload meanwhile.
        await this.blobs.delete(key).catch(() => undefined);
        throw ERRORS.INVALID_OFFSET;
      }
      chunks = next;
      current += body.length;
    };

    try {
      for await (const data of stream) {
        const buffer = Buffer.isBuffer(data) ? data : Buffer.from(data as Uint8Array);
        pending.push(buffer);
        pendingBytes += buffer.length;
        if (pendingBytes >= PIECE_BYTES) await flush();
      }
    } catch (error) {
      // Keep what arrived before the failure; the client resumes from there.
      await flush().catch(() => undefined);
      throw error;
    }
    await flush();
    return current;
  }

  /** The bytes received so far, in order. */
  async read(id: string): Promise<Readable> {
    const chunks = JSON.parse((await this.row(id)).chunks) as Chunk[];
    const blobs = this.blobs;
    return Readable.from(
      (async function* () {
        for (const chunk of chunks) yield* await blobs.get(chunk.key);
      })(),
    );
  }

  /** The first `bytes` bytes (or fewer, if the upload is shorter). */
  async head(id: string, bytes: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let length = 0;
    const stream = await this.read(id);
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

  async remove(id: string): Promise<void> {
    const row = await this.row(id);
    await this.db.deleteFrom('tus_uploads').where('id', '=', id).execute();
    for (const chunk of JSON.parse(row.chunks) as Chunk[]) await this.blobs.delete(chunk.key).catch(() => undefined);
  }

  getExpiration(): number {
    return this.expirationMs;
  }

  async deleteExpired(): Promise<number> {
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
