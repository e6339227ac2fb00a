// Draws one SVG to PNG with resvg, synchronously, on this worker's own thread: the server's event
// loop and libuv's shared thread pool (files, database, health) stay free, and the server can end
// a render that takes too long by ending this worker.
import { parentPort } from 'node:worker_threads';
import { Resvg } from '@resvg/resvg-js';

parentPort.on('message', ({ id, svg, options }) => {
  try {
    const png = new Resvg(svg, options).render().asPng();
    const bytes = new Uint8Array(png);
    parentPort.postMessage({ id, png: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
