import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

/** How long open sockets get to answer "going away" when the server stops, before they are cut. */
export const SOCKET_CLOSE_GRACE_MS = 2000;

/**
 * WebSockets (the interview socket), registered before every other hook: its `onRequest` marks an
 * upgrade request first, so a hook that refuses one (Origin, limits, 503 on closing) answers and the
 * plugin's `onResponse` destroys the socket. Registered after such a hook, the refused socket stayed
 * half open and the server's close waited for it for ever.
 *
 * On close, every open socket is told "going away" (1001: the browser may continue the interview
 * elsewhere) and cut after SOCKET_CLOSE_GRACE_MS if its peer does not answer (a phone that left
 * the network answers never; ws itself would wait 30 s).
 */
export async function registerWebsockets(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: 1024 * 1024 },
    preClose(done) {
      app.server.removeAllListeners('upgrade');
      const wss = app.websocketServer;
      const open = [...wss.clients];
      const closed = open.map(
        (client: WebSocket) =>
          new Promise<void>((resolve) => {
            if (client.readyState === client.CLOSED) return resolve();
            client.once('close', () => resolve());
            client.close(1001);
          }),
      );
      const cut = setTimeout(() => {
        for (const client of open) client.terminate();
      }, SOCKET_CLOSE_GRACE_MS);
      void Promise.all(closed).then(() => {
        clearTimeout(cut);
        wss.close();
        done();
      });
    },
  });
}
