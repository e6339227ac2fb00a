import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { Dialect } from './db/database';
import type { DB } from './db/schema';
import type { JobRunner } from './jobs/queue';
import type { Log } from './log';
import type { Mailer } from './mail/mailer';
import type { MediaJobs } from './media-jobs/runner';
import type { BlobStore, FileStorage } from './storage/blob-store';
import type { Transcriber } from './transcription/transcriber';

/**
 * What services receive instead of the app: the outside world's ports and the process's shared
 * parts, built once in `buildApp` (server/app.ts) or, for service tests, in server/testing/services.ts.
 * A service names the parts it uses with `Pick<Deps, …>`; what a capability provides comes from it
 * (`WithTenants` in tenants/registry.ts, `WithAuth` in auth/auth.ts). The Fastify app has every
 * part, so a route may pass it as it is; services never import fastify.
 */
export type Deps = {
  config: AppConfig;
  db: Kysely<DB>;
  /** Reads that can be slow (inbox, search, exports, statistics): off the event loop on SQLite. */
  readDb: Kysely<DB>;
  dialect: Dialect;
  blobs: BlobStore;
  /** Where files live (object store or local directories), chosen with the blob store. */
  files: FileStorage;
  mailer: Mailer;
  jobs: JobRunner;
  /** Heavy media work (ffmpeg) in child processes. */
  mediaJobs: MediaJobs;
  transcriber: Transcriber;
  log: Log;
};

export type { Log } from './log';
