import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { BlobStore, MultipartUploads } from './blob-store';
import { ignoreFailure } from '../../common/best-effort';

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/** Parts of a multipart upload; S3 wants at least 5 MB per part except the last. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Any S3-compatible store. The bucket stays private: files leave only through the app's
 * authorised routes. Streams are sent in 8 MB parts, so memory stays flat for any file size.
 */
export function s3BlobStore(settings: S3Settings): BlobStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Some S3-compatible servers store streamed bodies corrupted when checksums are always sent.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  async function putMultipart(key: string, first: Buffer, rest: AsyncIterator<Buffer>, contentType?: string) {
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
    );
    const parts: { ETag?: string; PartNumber: number }[] = [];
    try {
      let part: Buffer | null = first;
      while (part) {
        const PartNumber = parts.length + 1;
        const { ETag } = await client.send(
          new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body: part, ContentLength: part.length }),
        );
        parts.push({ ETag, PartNumber });
        const next = await rest.next();
        part = next.done ? null : next.value;
      }
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId }))
        .catch(ignoreFailure('abort a multipart upload'));
      throw error;
    }
  }

  const multipart: MultipartUploads = {
    async create(key, opts) {
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: opts?.contentType }),
      );
      if (!UploadId) throw new Error('S3 returned no UploadId');
      return UploadId;
    },
    async part(key, uploadId, n, body) {
      const { ETag } = await client.send(
        new UploadPartCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: n,
          Body: body,
          ContentLength: body.length,
        }),
      );
      return ETag ?? '';
    },
    async complete(key, uploadId, parts) {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ ETag: p.etag, PartNumber: p.n })) },
        }),
      );
    },
    async abort(key, uploadId) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
      } catch (error) {
        if (!isNotFound(error) && (error as { name?: string }).name !== 'NoSuchUpload') throw error;
      }
    },
  };

  return {
    multipart,
    async put(key, body, opts) {
      if (Buffer.isBuffer(body) && body.length <= PART_BYTES) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentLength: body.length,
            ContentType: opts?.contentType,
          }),
        );
        return;
      }
      const parts = chunked(Buffer.isBuffer(body) ? Readable.from([body]) : body, PART_BYTES);
      const first = await parts.next();
      const firstPart = first.done ? Buffer.alloc(0) : first.value;
      const second = first.done ? { done: true as const, value: undefined } : await parts.next();
      if (second.done) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: firstPart,
            ContentLength: firstPart.length,
            ContentType: opts?.contentType,
          }),
        );
        return;
      }
      const rest = (async function* () {
        yield second.value;
        for (let next = await parts.next(); !next.done; next = await parts.next()) yield next.value;
      })();
      await putMultipart(key, firstPart, rest, opts?.contentType);
    },
    async get(key, range) {
      const Range = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
      const result = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
      return result.Body as Readable;
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async healthy() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return true;
      } catch {
        return false;
      }
    },
  };
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** Re-cuts a stream into buffers of exactly `size` bytes (the last may be shorter). */
async function* chunkedGen(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const data of stream) {
    let chunk = Buffer.isBuffer(data) ? data : Buffer.from(data);
    while (length + chunk.length >= size) {
      const take = size - length;
      pending.push(chunk.subarray(0, take));
      yield Buffer.concat(pending);
      chunk = chunk.subarray(take);
      pending = [];
      length = 0;
    }
    if (chunk.length) {
      pending.push(chunk);
      length += chunk.length;
    }
  }
  if (length) yield Buffer.concat(pending);
}

function chunked(stream: Readable, size: number): AsyncGenerator<Buffer> {
  return chunkedGen(stream, size);
}
