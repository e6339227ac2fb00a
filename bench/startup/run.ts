// Start-up time of the compiled server (`node dist/server/main.js`, as `npm start` runs it after
// the build): from spawn to the "läuft auf" line and to the first healthy /api/health, on a fresh
// data directory (migrations included) and again on the same one. Target: under 3 s. The CPU
// time the process used until ready is printed too: on a shared, overloaded machine it is the
// figure that does not depend on how many other processes want the cores.
// Usage: npx tsx bench/startup/run.ts [runs]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { buildServer, startServerProcess } from '../../server/testing/server-process';

const runs = Number(process.argv[2] ?? 3);
buildServer();

/** user + system CPU milliseconds of a process so far (Linux, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function once(dataDir: string) {
  const started = performance.now();
  const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const cpu = cpuMs(server.child.pid!);
  let healthy = 0;
  for (;;) {
    const res = await fetch(`${server.url}/api/health`).catch(() => null);
    if (res?.ok) {
      healthy = performance.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  server.child.kill('SIGTERM');
  const code = await server.exited;
  return { ready: server.readyMs, healthy, cpu, code };
}

const rows: { run: string; ready: number; healthy: number; cpu: number; code: number | null }[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ca-startup-'));
  try {
    rows.push({ run: `${i + 1} fresh data dir`, ...(await once(dataDir)) });
    rows.push({ run: `${i + 1} same data dir`, ...(await once(dataDir)) });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log('\nStart-up of the compiled server (target < 3000 ms)\n');
console.log('run                  ready (ms)  healthy (ms)  CPU until ready (ms)  exit on SIGTERM');
for (const r of rows)
  console.log(
    `${r.run.padEnd(20)} ${r.ready.toFixed(0).padStart(10)}  ${r.healthy.toFixed(0).padStart(12)}  ${String(r.cpu).padStart(20)}  ${r.code}`,
  );
const worst = Math.max(...rows.map((r) => r.healthy));
console.log(
  `\nslowest until healthy: ${worst.toFixed(0)} ms ${worst < 3000 ? '(within target)' : '(over target)'}; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
);
