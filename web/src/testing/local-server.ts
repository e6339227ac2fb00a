import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

/** A request as the local server saw it. */
export type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

/**
 * A real HTTP server on 127.0.0.1 for the web's API code, and the page's relative fetches
 * ('/api/…') sent to it, as the browser would send them to its own origin.
 */
export async function localServer(handle: (req: Seen, res: ServerResponse) => void | Promise<void>) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(r);
      void handle(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string | URL, init?: RequestInit) =>
    realFetch(typeof input === 'string' && input.startsWith('/') ? origin + input : input, init),
  );
  return {
    origin,
    seen,
    close: () => {
      vi.unstubAllGlobals();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
