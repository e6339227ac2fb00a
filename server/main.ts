import { ConfigError, describeConfig, loadConfig } from './config';
import { buildApp } from './app';
import { seedDemo } from './users/demo';
import { startNotificationScheduler } from './post/notifications';

async function main() {
  const demo = process.argv.includes('--demo');
  const config = loadConfig(process.env, { demo });
  const app = await buildApp(config);
  app.log.info({ config: describeConfig(config) }, 'configuration');
  if (demo) await seedDemo(app);
  app.jobs.start();
  const stopNotifications = startNotificationScheduler(app);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      stopNotifications();
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`\nSocial Media Content Assistent läuft auf ${config.baseUrl}\n`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
