import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

type S3rverInstance = { run(): Promise<{ port: number }>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;

/** A local S3-compatible server (s3rver) on a random loopback port, with one empty bucket. */
export async function startS3rver(bucket = 'media') {
  const directory = mkdtempSync(path.join(tmpdir(), 'ca-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
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
