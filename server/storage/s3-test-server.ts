import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

type KoaContext = {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body?: unknown;
};
type S3rverInstance = {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
};
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;

/** A local S3-compatible server (s3rver) on a random loopback port, with one empty bucket. */
export async function startS3rver(bucket = 'media') {
  const directory = mkdtempSync(path.join(tmpdir(), 'ca-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // s3rver lacks AbortMultipartUpload (DELETE with ?uploadId): drop the upload's stored parts as S3 does.
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || !uploadId) return next();
    if (!/^[0-9a-f]+$/.test(uploadId)) {
      ctx.status = 404;
      return;
    }
    const bucketName = decodeURIComponent(ctx.path.split('/')[1] ?? '');
    const dir = multipartDirectory(directory, bucketName, uploadId);
    const known = existsSync(dir);
    rmSync(dir, { recursive: true, force: true });
    ctx.status = known ? 204 : 404;
    ctx.body = known
      ? undefined
      : '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
  });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Where s3rver keeps the parts of an unfinished multipart upload. */
export function multipartDirectory(directory: string, bucket: string, uploadId = ''): string {
  return path.join(directory, bucket, '._S3rver_uploads', uploadId);
}

/** Unfinished multipart uploads of a bucket on an s3rver (it has no ListMultipartUploads). */
export function openMultipartUploads(directory: string, bucket = 'media'): string[] {
  const dir = multipartDirectory(directory, bucket);
  return existsSync(dir) ? readdirSync(dir) : [];
}
