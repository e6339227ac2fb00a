import { randomBytes } from 'node:crypto';
import { ERRORS } from '@tus/server';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { MIN_PART_BYTES, type BlobStore, type MultipartUploads, type UploadedPart } from '../storage/blob-store';
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
export type MultipartState = {
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

/**
 * The bytes of one PATCH on their way into parts. They are copied into a part buffer from the
 * pool (the stored tail first, then what the request brings): the socket's chunks are garbage at
 * once, and a part costs no allocation of its own. Parts are numbered and recorded in order; the
 * upload of the next may start before the previous one is recorded.
 */
export class PartWriter {
  private part: Buffer | null = null;
  private filled = 0;
  private partsQueued: number;
  private partsBytesQueued: number;
  private chain: Promise<void> = Promise.resolve();
  private readonly inFlight: Promise<void>[] = [];
  /** The first part that could not be stored or recorded; the request stops taking bytes. */
  failure: unknown = null;
  /** The offset the row holds (what is durable). */
  recorded: number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly blobs: BlobStore,
    private readonly multipart: MultipartUploads,
    private readonly id: string,
    private state: MultipartState,
    offset: number,
  ) {
    this.recorded = offset;
    this.partsQueued = state.parts.length;
    this.partsBytesQueued = sum(state.parts);
  }

  /** The tail this upload's row names, if any. */
  get tail() {
    return this.state.tail;
  }

  /** Starts the next part with the stored tail's bytes. */
  startWith(tail: Buffer): void {
    this.part = partBuffers.take();
    this.filled = tail.copy(this.part, 0);
  }

  /**
   * Copies a chunk of the request into parts. A part leaves once a full part and a minimum part
   * are here, so what is left when the request ends is either a part of its own (≥ 5 MiB) or a
   * short tail of a small PATCH.
   */
  async take(data: Buffer): Promise<void> {
    let chunk = data;
    while (chunk.length > 0) {
      this.part ??= partBuffers.take();
      const copied = chunk.copy(this.part, this.filled);
      this.filled += copied;
      chunk = chunk.subarray(copied);
      if (this.filled === PART_BUFFER_BYTES) {
        // At most PARTS_IN_FLIGHT parts unrecorded: the request body waits meanwhile.
        while (this.inFlight.length >= PARTS_IN_FLIGHT) await this.inFlight.shift();
        const next = partBuffers.take();
        this.filled = this.part.copy(next, 0, PART_BYTES, this.filled);
        this.sendPart(this.part, PART_BYTES);
        this.part = next;
      }
    }
  }

  /** Waits for the parts under way; throws the first failure (what was recorded stays). */
  async settle(): Promise<void> {
    await Promise.allSettled(this.inFlight);
    if (!this.failure) return;
    // Whatever was recorded stays; the rest is sent again by the client.
    if (this.part) partBuffers.give(this.part);
    throw this.failure;
  }

  /** The bytes left when the request ends: the last part, a part of its own, or a new tail. */
  async finish(size: number | null): Promise<void> {
    const part = this.part;
    if (!part) return;
    if (this.filled === 0) return partBuffers.give(part);
    const received = this.partsBytesQueued + this.filled;
    if ((size !== null && received === size) || this.filled >= MIN_PART_BYTES) {
      // The last part (any size) or one of at least the minimum size.
      this.sendPart(part, this.filled);
      await this.inFlight.pop();
    } else await this.keepTail(part, received);
  }

  /**
   * A short run that is not the end (a dropped connection, a small PATCH): kept as an object of
   * its own until the next request brings the rest of its part.
   */
  private async keepTail(part: Buffer, received: number): Promise<void> {
    const tailKey = `tus/${this.id}/tail_${String(received).padStart(15, '0')}_${randomBytes(6).toString('hex')}`;
    try {
      await this.blobs.put(tailKey, Buffer.from(part.subarray(0, this.filled)));
    } finally {
      partBuffers.give(part);
    }
    try {
      await this.record({ ...this.state, tail: { key: tailKey, size: this.filled } }, received);
    } catch (error) {
      await this.blobs.delete(tailKey).catch(ignoreFailure('remove an upload tail blob'));
      throw error;
    }
  }

  private sendPart(buffer: Buffer, length: number): void {
    const n = ++this.partsQueued;
    this.partsBytesQueued += length;
    const offsetAfter = this.partsBytesQueued;
    const sent = this.multipart.part(this.state.key, this.state.uploadId, n, buffer.subarray(0, length));
    // The buffer goes back to the pool once the store is done with it, sent or not.
    sent.then(
      () => partBuffers.give(buffer),
      () => partBuffers.give(buffer),
    );
    const step = this.chain.then(async () => {
      const etag = await sent;
      await this.record(
        { ...this.state, parts: [...this.state.parts, { n, etag, size: length }], tail: null },
        offsetAfter,
      );
    });
    step.catch((error) => (this.failure ??= error));
    this.chain = step.catch(handledElsewhere);
    this.inFlight.push(step);
  }

  /** Records a stored part or tail with a compare-and-set on the offset. */
  private async record(next: MultipartState, offsetAfter: number): Promise<void> {
    const result = await this.db
      .updateTable('tus_uploads')
      .set({ upload_offset: offsetAfter, chunks: JSON.stringify(next) })
      .where('id', '=', this.id)
      .where('upload_offset', '=', this.recorded)
      .executeTakeFirst();
    // Another request (maybe on another instance) extended or removed the upload meanwhile.
    if (Number(result.numUpdatedRows) !== 1) throw ERRORS.INVALID_OFFSET;
    this.state = next;
    this.recorded = offsetAfter;
  }
}
