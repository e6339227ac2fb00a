import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERRORS, StreamLimiter, type CancellationContext, type DataStore, type Server, type Upload } from '@tus/server';
import { NodeRequest } from 'srvx/node';

/**
 * The body of a tus PATCH (or POST with data) as the Node request itself. @tus/server 2 reads a
 * body as a web stream (srvx wraps the request with Readable.toWeb, tus unwraps it with
 * Readable.fromWeb): two adapters whose per-chunk promises and copies cost more CPU and garbage
 * collection than writing the bytes. With this body the socket's chunks go through one limiter
 * into the store.
 */
class NodeBody {
  constructor(readonly req: IncomingMessage) {}
}

/** A srvx request for tus whose body is the Node request (see NodeBody). */
export function tusRequest(
  req: IncomingMessage,
  res: ConstructorParameters<typeof NodeRequest>[0]['res'],
): InstanceType<typeof NodeRequest> {
  const request = new NodeRequest({ req, res });
  if (req.method === 'PATCH' || req.method === 'POST')
    Object.defineProperty(request, 'body', { value: new NodeBody(req) });
  return request;
}

type WriteToStore = (
  body: unknown,
  upload: Upload,
  maxFileSize: number,
  context: CancellationContext,
) => Promise<number>;

/**
 * Teaches the PATCH and POST handlers of a tus server to write a NodeBody straight into the
 * store, with the same semantics as their own writeToStore: the limiter refuses bytes beyond the
 * allowed size, a cancelled request (another request took the lock) ends the write gracefully
 * with the bytes so far kept, and an error of the client's connection never destroys it.
 */
export function writeNodeBodies(tus: Server, store: DataStore): void {
  for (const handler of [tus.handlers.PATCH, tus.handlers.POST]) {
    const target = handler as unknown as { writeToStore: WriteToStore };
    const original = target.writeToStore.bind(handler);
    target.writeToStore = async (body, upload, maxFileSize, context) => {
      if (!(body instanceof NodeBody)) return original(body, upload, maxFileSize, context);
      if (context.signal.aborted) throw ERRORS.ABORTED;
      const source = body.req;
      // A proxy between the request and the store: ending it on abort ends the write without
      // destroying the request (the client then still hears an answer).
      const proxy = new PassThrough();
      let sourceError: unknown = null;
      const onSourceError = (error: unknown) => {
        sourceError = error;
        source.unpipe(proxy);
        if (!context.signal.aborted) proxy.destroy(error as Error);
      };
      const onAbort = () => {
        source.unpipe(proxy);
        if (!proxy.destroyed) proxy.end();
      };
      // A client that goes away mid-body: what arrived is kept, as tus does for a web body.
      const onClose = () => {
        if (!source.complete) onAbort();
      };
      source.on('error', onSourceError);
      source.on('close', onClose);
      context.signal.addEventListener('abort', onAbort, { once: true });
      try {
        source.pipe(proxy);
        let offset = upload.offset;
        // pipeline hands a function stage the limiter stream itself.
        await pipeline(proxy, new StreamLimiter(maxFileSize), async (limited) => {
          offset = await store.write(limited as unknown as Readable, upload.id, upload.offset);
        });
        return offset;
      } catch (error) {
        source.unpipe(proxy);
        if (sourceError !== null && error === sourceError) throw ERRORS.ABORTED;
        if (error instanceof Error && error.name === 'AbortError') throw ERRORS.ABORTED;
        throw error;
      } finally {
        source.off('error', onSourceError);
        source.off('close', onClose);
        context.signal.removeEventListener('abort', onAbort);
      }
    };
  }
}
