import { ownPageRoutes } from './own-page';
import { frameworkErrors, installNoStore } from './http/no-store';
import { installResponseCheck } from './http/contract';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from './cluster/rate-limit-store';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import path from 'node:path';
import { authRoutes } from './auth/routes';
import { type Auth, authBridge } from './auth';
import type { ItemReplacedHandlers } from './content';
import { type Adapters, buildDeps } from './composition';
import type { AppConfig } from './config';
import { trustProxyOf } from './config';
import type { Dialect } from './db/database';
import { projectRoot } from './paths';
import type { DB } from './db/schema';
import { healthRoutes } from './health';
import { germanClientError, installErrorHandler } from './http/errors';
import { registerCompression, registerWebRoot, spaFallback } from './http/delivery';
import { installOriginGuard } from './http/origin';
import { registerWebsockets } from './http/websocket';
import { installPermissionsPolicy } from './http/permissions';
import { installInputGuard } from './http/input-guard';
import { createMetrics, installMetrics, meteredTranscriber, type Metrics } from './metrics/metrics';
import { videoRoutes } from './uploads/video-routes';
import type { JobRunner } from './jobs/queue';
import type { MediaJobs } from './media-jobs/runner';
import { emptySubmissionJobs } from './jobs/expire-empty';
import type { Mailer } from './mail/mailer';
import type { BlobStore, FileStorage } from './storage/blob-store';
import { uploadRoutes } from './uploads/routes';
import { publicLinkRoutes } from './public-link/routes';
import { personalLinkRoutes } from './personal-links';
import { campaignRoutes } from './campaigns';
import { videoAnswerRoutes } from './video-answers/routes';
import { finishRoutes } from './finish/routes';
import { submissionRoutes } from './submissions/routes';
import { adminRoutes } from './admin/routes';
import { inboxRoutes } from './inbox/routes';
import { contentRoutes } from './content/routes';
import { postRoutes } from './post/routes';
import { redactApprovalTokens } from './post';
import { userRoutes } from './users/routes';
import { voiceMessageRoutes } from './voice-messages/routes';
import type { Transcriber } from './transcription/transcriber';
import { interviewRoutes } from './interview/routes';
import { tenantRoutes } from './tenants/routes';
import { setFailureLog } from '../common/best-effort';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<DB>;
    /** Reads that can be slow (inbox, search, exports, statistics): off the event loop on SQLite. */
    readDb: Kysely<DB>;
    dialect: Dialect;
    auth: Auth;
    blobs: BlobStore;
    /** Where files live (server/composition.ts chooseFileStorage). */
    files: FileStorage;
    mailer: Mailer;
    jobs: JobRunner;
    /** Heavy media work (ffmpeg) in child processes, MEDIA_JOBS at once (server/media-jobs). */
    mediaJobs: MediaJobs;
    transcriber: Transcriber;
    metrics: Metrics;
    /** Every outside-world adapter, chosen once in server/composition.ts. */
    adapters: Adapters;
    /** Handlers of a content item made anew (server/content/service.ts). */
    itemReplaced: ItemReplacedHandlers;
  }
}

export const webRoot = path.join(projectRoot, 'dist/web');

/** Each capability's routes; a capability registers its job handlers here too. */
const capabilities = [
  healthRoutes,
  authRoutes,
  submissionRoutes,
  finishRoutes,
  uploadRoutes,
  publicLinkRoutes,
  personalLinkRoutes,
  campaignRoutes,
  adminRoutes,
  inboxRoutes,
  postRoutes,
  contentRoutes,
  userRoutes,
  interviewRoutes,
  voiceMessageRoutes,
  emptySubmissionJobs,
  tenantRoutes,
  videoAnswerRoutes,
  videoRoutes,
  ownPageRoutes,
];

export { createBlobStore } from './composition';

/** Request logs keep approval tokens out (whoever reads the log could decide for the contributor). */
function withoutSecretUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || typeof logger !== 'object') return logger;
  return {
    ...logger,
    serializers: {
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: redactApprovalTokens(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  } as FastifyServerOptions['logger'];
}

/** Builds the whole app from a config, migrated and ready to listen (workers not yet started). */
export async function buildApp(
  config: AppConfig,
  opts: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withoutSecretUrls(opts.logger ?? { level: config.LOG_LEVEL }),
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
    clientErrorHandler: germanClientError,
    frameworkErrors,
  });
  // Best-effort steps without a logger at hand (stores, sweeps) log through this app's logger.
  setFailureLog(app.log);
  const deps = await buildDeps(config, app.log);
  const { adapters, auth, mailer } = deps;
  const { database } = adapters;
  database.startReaders(config.SQLITE_READ_WORKERS);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('readDb', database.readDb);
  app.decorate('dialect', database.dialect);
  app.decorate('auth', auth);
  app.decorate('mailer', mailer);
  app.decorate('adapters', adapters);
  app.decorate('blobs', adapters.blobs);
  app.decorate('files', adapters.files);
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  app.decorate('transcriber', meteredTranscriber(adapters.transcriber, metrics));
  app.decorate('tenantRegistry', adapters.tenants);
  app.decorate('itemReplaced', deps.itemReplaced);
  app.decorate('jobs', deps.jobs);
  app.decorate('mediaJobs', deps.mediaJobs);
  app.addHook('onClose', () => deps.close());

  // First: refused upgrade requests must be seen as such by every later hook (see http/websocket.ts).
  await registerWebsockets(app);
  installErrorHandler(app);
  await registerCompression(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        // With the ElevenLabs voice agent the browser talks to ElevenLabs' conversation socket.
        connectSrc: [
          "'self'",
          config.baseUrl.replace(/^http/, 'ws'),
          ...(config.VOICE_AGENT === 'elevenlabs'
            ? [new URL(config.ELEVENLABS_BASE_URL).origin.replace(/^http/, 'ws')]
            : []),
        ],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    hsts: config.baseUrl.startsWith('https://'),
  });
  // Counted in the database, so a limit holds for all instances together.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.db) });
  installOriginGuard(app);
  installPermissionsPolicy(app);
  installNoStore(app);
  if (config.CHECK_RESPONSES) installResponseCheck(app);
  installInputGuard(app);
  installMetrics(app, metrics);
  await app.register(authBridge);
  for (const capability of capabilities) await app.register(capability);

  await registerWebRoot(app, webRoot);
  app.setNotFoundHandler(spaFallback(webRoot));
  return app;
}
