// Helpers the benches share.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import type { AppConfig } from '../server/config';
import { video } from '../server/uploads/testing/fixtures';
import { NODE_FLAGS } from '../scripts/node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** An MP4 header followed by filler up to `size` bytes: the server accepts it as a video. */
export function makeVideo(file: string, size: number) {
  const head = video('mp4');
  const filler = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < filler.length; i++) filler[i] = (i * 2654435761) >>> 24;
  const fd = openSync(file, 'w');
  writeSync(fd, head);
  for (let written = head.length; written < size; ) {
    const n = Math.min(filler.length, size - written);
    writeSync(fd, filler, 0, n);
    written += n;
  }
  closeSync(fd);
}

/**
 * Closes a seeded app and serves it again on a free loopback port with that address as its
 * origin (better-auth checks the Origin against the base URL).
 */
export async function serveOnOwnOrigin(
  app: FastifyInstance,
  config: AppConfig,
): Promise<{ app: FastifyInstance; base: string }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  await app.close();
  config.baseUrl = base;
  config.trustedOrigins = [base];
  const served = await buildApp(config, { logger: false });
  await served.listen({ port, host: '127.0.0.1' });
  return { app: served, base };
}

/** A free TCP port on the loopback address. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The compiled server (`dist/server/main.js` with the flags `npm start` gives node) in a process
 * of its own on a free loopback port, that address its origin; resolves once /api/health answers.
 * BENCH_NODE_ARGS adds flags for its node (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', and then
 * its standard output is shown); BENCH_TSX=1 runs the TypeScript through tsx instead.
 */
export async function startServerProcess(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const flags = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const entry = process.env.BENCH_TSX ? ['--import', 'tsx', 'server/main.ts'] : [...NODE_FLAGS, 'dist/server/main.js'];
  const child = spawn(process.execPath, [...flags, ...entry], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: base,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', flags.length ? 'inherit' : 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('Server startet nicht');
}
