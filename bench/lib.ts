// Helpers the benches share.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import type { AppConfig } from '../server/config';
import { video } from '../server/media/testing/fixtures';

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
export async function serveOnOwnOrigin(app: FastifyInstance, config: AppConfig): Promise<{ app: FastifyInstance; base: string }> {
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
