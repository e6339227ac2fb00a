// Sends a campaign of 2,000 invitees through a loopback SMTP server and prints the time to queue,
// the time to send and /api/health's latency meanwhile (target p99 < 50 ms). See README.md.
import { performance } from 'node:perf_hooks';
import type { Dialect } from '../../server/db/database';
import { addUser, api, login, startTestApp } from '../../server/testing/harness';
import { startLocalSmtp } from '../../server/testing/local-smtp';

const dialect = (process.argv[2] ?? 'sqlite') as Dialect;
const INVITEES = Number(process.env.INVITEES ?? 2000);
const RATE = process.env.RATE ?? '100';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const smtp = await startLocalSmtp();
  const t = await startTestApp(dialect, { SMTP_URL: smtp.url, CAMPAIGN_MAILS_PER_SECOND: RATE, LOG_LEVEL: 'error' });
  t.app.jobs.start();
  await addUser(t.app, 'bench@example.org', 'vdi_admin');
  const cookie = await login(t, 'bench@example.org');
  const created = await api(t, 'POST', '/api/campaigns', {
    cookie,
    body: {
      tenant: 'vdi',
      name: 'Bench',
      flows: ['voice'],
      topic: null,
      questions: ['Was machen Sie?'],
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      invitationText: 'Bitte erzählen Sie uns Ihre Geschichte.',
      senderName: 'Bench-Team',
      contactEmail: 'team@example.org',
      reminderDays: [3, 7],
    },
  });
  const invitees = Array.from({ length: INVITEES }, (_, i) => ({
    firstName: `Vorname${i}`,
    lastName: `Nachname${i}`,
    email: `person${i}@example.org`,
    role: 'Ingenieurin',
  }));

  // /api/health every 25 ms while the list is queued and sent.
  const health: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const started = performance.now();
      await fetch(`${t.url}/api/health`).then((r) => r.arrayBuffer());
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();

  const start = performance.now();
  const added = await api(t, 'POST', `/api/campaigns/${created.body.id}/invitees`, { cookie, body: { invitees } });
  const queued = performance.now() - start;
  if (added.status !== 201) throw new Error(`import failed: ${added.status} ${JSON.stringify(added.body)}`);
  const queuedHealth = health.length;
  while (smtp.received.length < INVITEES) await new Promise((resolve) => setTimeout(resolve, 100));
  const sent = performance.now() - start;
  polling = false;
  await poller;

  const board = await api(t, 'GET', `/api/campaigns/${created.body.id}`, { cookie });
  console.log(`campaigns bench on ${dialect}: ${INVITEES} invitees, CAMPAIGN_MAILS_PER_SECOND=${RATE}`);
  console.log(`  time to queue (import answered): ${(queued / 1000).toFixed(2)} s`);
  console.log(
    `  time to send (last mail at the SMTP server): ${(sent / 1000).toFixed(1)} s (${(INVITEES / (sent / 1000)).toFixed(0)} mails/s)`,
  );
  console.log(`  board "eingeladen": ${board.body.funnel.eingeladen}/${INVITEES}`);
  console.log(
    `  /api/health meanwhile: n=${health.length} (${queuedHealth} during the import), p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms (target p99 < 50 ms)`,
  );
  await t.app.jobs.stop();
  await t.close();
  await smtp.close();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
