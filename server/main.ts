import type { FastifyInstance } from 'fastify';
import { ConfigError, describeConfig, loadConfig } from './config';
import { buildApp } from './app';
import { seedDemo } from './users';
import { startNotificationScheduler } from './post';
import { startCampaignScheduler } from './campaigns';

/**
 * SIGTERM/SIGINT: stop accepting connections, hand running jobs back at once (another instance
 * takes them), let running requests and upload chunks finish within SHUTDOWN_TIMEOUT_SECONDS,
 * then close their connections, and exit 0.
 */
async function shutdown(app: FastifyInstance, signal: string, stopSchedulers: () => void): Promise<never> {
  const timeoutMs = app.config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
  app.log.info(
    { signal, timeoutSeconds: app.config.SHUTDOWN_TIMEOUT_SECONDS },
    'shutting down: finishing running requests',
  );
  const force = setTimeout(() => {
    app.log.warn('shutdown timeout reached: closing the connections of requests still running');
    app.server.closeAllConnections();
  }, timeoutMs);
  const giveUp = setTimeout(() => {
    app.log.error('shutdown did not complete: exiting');
    process.exit(1);
  }, timeoutMs + 10_000);
  force.unref();
  giveUp.unref();
  stopSchedulers();
  await Promise.all([app.jobs.release(), app.mediaJobs.release()]);
  await app.close();
  app.log.info('shut down');
  process.exit(0);
}

async function main() {
  const demo = process.argv.includes('--demo');
  const config = loadConfig(process.env, { demo });
  const app = await buildApp(config);
  app.log.info({ config: describeConfig(config) }, 'configuration');
  if (demo) await seedDemo(app);
  app.jobs.start();
  app.mediaJobs.start();
  const stopNotificationChecks = startNotificationScheduler(app);
  const stopCampaignChecks = startCampaignScheduler(app);
  const stopNotifications = () => {
    stopNotificationChecks();
    stopCampaignChecks();
  };
  let stoppingSince = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // A second signal stops at once (an operator who asks twice means it); one that comes with
      // the first (a process manager signals the group and npm passes it on) does not.
      if (stoppingSince) {
        if (Date.now() - stoppingSince < 2000) return;
        app.log.warn({ signal }, 'second stop signal: exiting now');
        process.exit(signal === 'SIGINT' ? 130 : 143);
      }
      stoppingSince = Date.now();
      shutdown(app, signal, stopNotifications).catch((error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
    });
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`\nSocial Media Content Assistent läuft auf ${config.baseUrl}\n`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
