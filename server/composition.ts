import type { Log } from './log';
import path from 'node:path';
import type { AppConfig } from './config';
import { openDatabase } from './db/database';
import type { Mailer } from './mail/mailer';
import { cleanMailer } from './mail/mailer';
import { outboxMailer } from './mail/outbox';
import { smtpMailer } from './mail/smtp';
import { chooseProposer, ItemReplacedHandlers, type PassageProposer, type WithItemReplaced } from './content';
import { chooseDrafter, type Drafter } from './post';
import type { BlobStore, FileStorage } from './storage/blob-store';
import { localBlobStore } from './storage/local';
import { s3BlobStore } from './storage/s3';
import { chooseTranscriber } from './transcription/choose';
import type { Transcriber } from './transcription/transcriber';
import {
  createInterviewer,
  createSynthesizer,
  createVoiceAgent,
  type Interviewer,
  type Plan,
  type SpeechSynthesizer,
  type VoiceAgent,
} from './interview';
import { TenantRegistry, type WithTenants } from './tenants';
import { fileUploads, multipartUploads, type PartialUploads } from './uploads';
import { type Auth, createAuth, type WithAuth } from './auth';
import { migrateToLatest } from './db/migrate';
import type { Deps } from './deps';
import { JobRunner } from './jobs/queue';
import { MediaJobs } from './media-jobs/runner';

/** The composition root: every adapter to the outside world is chosen here, from the config, once. */
export type Adapters = {
  database: ReturnType<typeof openDatabase>;
  mailer: Mailer;
  blobs: BlobStore;
  /** Where files live: object store or local directories (health and capacity checks read it). */
  files: FileStorage;
  /** The tus store of partial uploads for this blob store (made when the upload routes start). */
  partialUploads: () => PartialUploads;
  transcriber: Transcriber;
  drafter: Drafter;
  /** Quotable passages for clips: a chat model or the rules. */
  proposer: PassageProposer;
  /** `null`: the browser speaks the interviewer's questions. */
  synthesizer: SpeechSynthesizer | null;
  /** The interviewer for one interview's plan (chat model or the plan alone). */
  interviewer: (plan: Plan) => Interviewer;
  /** Who runs the spoken interview: ElevenLabs or the built-in agent. */
  voiceAgent: VoiceAgent;
  /** The tenant rows, cached per instance (`app.tenantRegistry`). */
  tenants: TenantRegistry;
};

/** S3 when S3_ENDPOINT and S3_BUCKET are set, else DATA_DIR/files; partial uploads beside it in DATA_DIR/uploads. */
export function chooseFileStorage(config: AppConfig): FileStorage {
  if (config.S3_ENDPOINT && config.S3_BUCKET)
    return { objectStore: true, label: 'Objektspeicher (S3)', localDirs: [], uploadsDir: null };
  const uploadsDir = path.join(config.dataDir, 'uploads');
  return {
    objectStore: false,
    label: 'Dateiablage',
    localDirs: [
      { label: 'Dateiablage', dir: path.join(config.dataDir, 'files') },
      { label: 'Upload-Zwischenspeicher', dir: uploadsDir },
    ],
    uploadsDir,
  };
}

export function createBlobStore(config: AppConfig): BlobStore {
  if (config.S3_ENDPOINT && config.S3_BUCKET) {
    return s3BlobStore({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return localBlobStore(path.join(config.dataDir, 'files'));
}

export function chooseAdapters(config: AppConfig, log: Log): Adapters {
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const synthesizer = createSynthesizer(config);
  const tenants = new TenantRegistry(database.db, config.TENANT_CACHE_MS);
  const files = chooseFileStorage(config);
  const blobs = createBlobStore(config);
  const { uploadsDir } = files;
  return {
    database,
    mailer: cleanMailer(
      config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(database.db, log),
    ),
    blobs,
    files,
    partialUploads: () =>
      uploadsDir ? fileUploads({ blobs, log }, uploadsDir) : multipartUploads({ blobs, db: database.db, log }),
    transcriber: chooseTranscriber(config),
    drafter: chooseDrafter(config),
    proposer: chooseProposer(config),
    synthesizer,
    interviewer: (plan) => createInterviewer(config, plan),
    voiceAgent: createVoiceAgent(config, synthesizer !== null, tenants),
    tenants,
  };
}

/** Every part a service may receive (server/deps.ts), with the adapters they were made from. */
export type AppDeps = Deps & WithTenants & WithAuth & WithItemReplaced & { adapters: Adapters };

/**
 * Builds the parts services receive from the config: the adapters, auth, the migrated database and
 * the job runners. `buildApp` puts them on the app; the service tests (server/testing/services.ts)
 * use them without HTTP. `close()` hands running jobs back and closes the database.
 */
export async function buildDeps(config: AppConfig, log: Log): Promise<AppDeps & { close(): Promise<void> }> {
  const adapters = chooseAdapters(config, log);
  const { database, mailer } = adapters;
  const auth: Auth = await createAuth({ db: database.db, dialect: database.dialect, config, mailer });
  await migrateToLatest(database.db);
  await auth.$context;
  const leaseMs = config.JOB_LEASE_SECONDS * 1000;
  const jobs = new JobRunner(database.db, database.dialect, log, config.JOB_POLL_MS, leaseMs);
  const mediaJobs = new MediaJobs(database.db, database.dialect, log, {
    concurrency: config.MEDIA_JOBS,
    pollMs: config.JOB_POLL_MS,
    leaseMs,
    timeoutMs: config.MEDIA_JOB_TIMEOUT_SECONDS * 1000,
  });
  return {
    config,
    db: database.db,
    readDb: database.readDb,
    dialect: database.dialect,
    blobs: adapters.blobs,
    files: adapters.files,
    mailer,
    jobs,
    mediaJobs,
    transcriber: adapters.transcriber,
    log,
    tenantRegistry: adapters.tenants,
    auth,
    itemReplaced: new ItemReplacedHandlers(),
    adapters,
    async close() {
      await mediaJobs.release();
      await jobs.stop();
      await database.close();
    },
  };
}
