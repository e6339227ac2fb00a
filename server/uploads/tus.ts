import { randomBytes } from 'node:crypto';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNodeResponse } from 'srvx/node';
import { ignoreFailure } from '../../common/best-effort';
import { UPLOAD_PATH } from '../../common/upload-rules';
import { tusFaultMapper } from '../http/outage';
import { forgetPublicUpload, linkPublicUpload, publicUploadReceived } from '../public-link';
import { loadOwnedSubmission } from '../submissions';
import { finishedUpload, largestUpload, uploadLimits } from './service';
import { tusRequest, writeNodeBodies } from './tus-direct-body';
import { checkNewUpload, tusErrorAnswer, uploadFinisher } from './tus-service';
import { metadataOf } from './tus-stores';

export { UPLOAD_PATH };

/** Upload-Metadata: comma-separated `key base64(value)` pairs (tus 1.0). */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

/**
 * The tus resumable upload endpoint. Fastify checks who may upload to which submission; the tus
 * store the composition root chose keeps the partial file (uploads/tus-stores.ts) so a dropped connection resumes where it
 * stopped; the finished file is judged and registered by acceptUpload. Every error a client
 * sees is German JSON; an upload whose bytes all arrived but whose finishing failed is finished
 * on the client's next HEAD (its retry), so it is never left at offset = length without a file.
 */
export async function tusRoutes(app: FastifyInstance): Promise<void> {
  // The store the composition root chose (server/composition.ts): S3 multipart or local files.
  const uploads = app.adapters.partialUploads();
  const { store } = uploads;
  const largest = largestUpload(uploadLimits(app.config));
  const finishOnce = uploadFinisher(app, uploads);

  const tus = new Server({
    path: UPLOAD_PATH,
    datastore: store,
    relativeLocation: true,
    respectForwardedHeaders: true,
    maxSize: largest,
    // Storage and database faults: a German 503, never the raw text or a server path.
    onResponseError: tusFaultMapper(app.log, app.db),
    // `{timestamp}_{random}`: the final key is `{contentId}/{id}.{ext}`.
    namingFunction: () => `${Date.now()}_${randomBytes(8).toString('hex')}`,
    async onUploadFinish(_req, upload: Upload) {
      const outcome = await finishOnce(upload);
      const body = JSON.stringify(outcome.body);
      if (outcome.status >= 400) throw { status_code: outcome.status, body };
      return { status_code: outcome.status, body, headers: { 'Content-Type': 'application/json' } };
    },
  });

  writeNodeBodies(tus, store);

  const sweep = setInterval(
    () => void tus.cleanUpExpiredUploads().catch(ignoreFailure('sweep expired uploads', app.log)),
    60 * 60_000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  /**
   * POST: may this caller add this file to this submission at all? An anonymous upload counts its
   * declared length against the public link's byte budget; returns that entry's id.
   */
  async function authoriseCreate(request: FastifyRequest, reply: FastifyReply): Promise<number | null> {
    const metadata = metadataOf(parseUploadMetadata(request.headers['upload-metadata'] as string | undefined));
    const submission = await loadOwnedSubmission(request, reply, metadata.contentId);
    const length = request.headers['upload-length'] as string | undefined;
    return checkNewUpload(app, submission, metadata, { length, ip: request.ip });
  }

  /**
   * HEAD, PATCH, DELETE: only the submission's owner may touch one of its uploads. Returns the
   * upload when it exists.
   */
  async function authoriseExisting(request: FastifyRequest, reply: FastifyReply, id: string): Promise<Upload | null> {
    let upload: Upload;
    try {
      upload = await store.getUpload(id);
    } catch {
      return null; // tus answers 404 itself
    }
    await loadOwnedSubmission(request, reply, metadataOf(upload.metadata ?? {}).contentId);
    return upload;
  }

  /**
   * A HEAD of an upload whose bytes all arrived but that is still here: its finishing failed or
   * was cut off (crash). Finish it now; on success the client hears "complete", on a refusal it
   * hears that the upload is gone (tus clients then send the file again).
   */
  async function finishOnHead(upload: Upload, reply: FastifyReply) {
    const outcome = await finishOnce(upload);
    reply.header('tus-resumable', '1.0.0').header('cache-control', 'no-store');
    if (outcome.status < 400) {
      return reply
        .status(200)
        .header('upload-offset', String(upload.size))
        .header('upload-length', String(upload.size))
        .send();
    }
    return reply.status(outcome.status === 503 ? 503 : 410).send();
  }

  /**
   * HEAD or PATCH of an upload that was finished (its tus state is gone): answered here, before
   * tus sees the request, as the finish was answered (a repeated last PATCH gets the same file
   * back, a HEAD the full offset), so a client that lost the answer does not send the file again.
   * The body of a repeated PATCH is not read; only the submission's owner hears of the upload.
   */
  async function answerFinished(request: FastifyRequest, reply: FastifyReply, id: string): Promise<boolean> {
    const done = await finishedUpload(app, id);
    if (!done) return false;
    await loadOwnedSubmission(request, reply, done.contentId);
    const claimed = Number(request.headers['upload-offset']) + Number(request.headers['content-length']);
    const size = done.size ?? (Number.isSafeInteger(claimed) ? claimed : null);
    reply.header('tus-resumable', '1.0.0').header('cache-control', 'no-store');
    if (size !== null) reply.header('upload-offset', String(size));
    const outcome = await done.outcome();
    if (request.method === 'PATCH') reply.status(outcome.status).send(outcome.body);
    // As finishOnHead answers: complete, or gone when the file was refused (a photo judged by its job).
    else if (outcome.status < 400 && size !== null) reply.status(200).header('upload-length', String(size)).send();
    else reply.status(outcome.status === 503 ? 503 : 410).send();
    return true;
  }

  /** Every error of the tus library as a German JSON body; raw texts and paths stay in the log. */
  async function german(request: FastifyRequest, response: Response): Promise<Response> {
    if (response.status < 400 || request.method === 'HEAD') return response;
    const text = await response.text();
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/json; charset=utf-8');
    headers.delete('content-length');
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string') return new Response(text, { status: response.status, headers });
    } catch {
      // not ours: replaced below
    }
    const { status, body } = tusErrorAnswer(response.status, text, largest, request.log);
    return new Response(JSON.stringify(body), { status, headers });
  }

  /**
   * A public upload's budget counts the bytes it received (server/public-link/limits.ts): its new
   * offset after each PATCH; finished or refused, what it sent is what it counts.
   */
  async function countReceived(request: FastifyRequest, response: Response, id: string) {
    const offset = Number(response.headers.get('upload-offset'));
    const claimed = Number(request.headers['upload-offset']) + Number(request.headers['content-length']);
    const { status } = response;
    // 204: bytes stored, more to come; 200: finished; another 4xx (not a conflict): finishing refused it.
    const refused = status >= 400 && status < 500 && ![404, 409, 410, 423].includes(status);
    const received = status === 204 || status === 200 ? offset : refused ? claimed : Number.NaN;
    if (!Number.isSafeInteger(received)) return;
    await publicUploadReceived(app.db, id, received, status !== 204).catch((error) =>
      request.log.error({ err: error }, 'could not count the bytes of a public upload'),
    );
  }

  /** A public upload's budget after tus answered: created (linked to its id), refused (not counted), or its bytes received. */
  async function countPublicBytes(
    request: FastifyRequest,
    response: Response,
    id: string | undefined,
    counted: number | null,
  ) {
    if (counted !== null && response.status >= 400) {
      // Not created: its bytes do not count.
      await forgetPublicUpload(app.db, counted).catch((error) =>
        request.log.error({ err: error }, 'could not take back a public upload count'),
      );
    } else if (counted !== null) {
      const created = response.headers.get('location')?.split('/').pop();
      if (created) await linkPublicUpload(app.db, counted, created);
    }
    if (request.method === 'PATCH' && id) await countReceived(request, response, id);
  }

  await app.register(async (scope) => {
    // tus reads the request body itself.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const id = (request.params as { id?: string }).id;
      let counted: number | null = null;
      if (request.method === 'POST') counted = await authoriseCreate(request, reply);
      else if (id && request.method !== 'OPTIONS') {
        const upload = await authoriseExisting(request, reply, id);
        if (upload && request.method === 'HEAD' && upload.size !== undefined && upload.offset === upload.size)
          return finishOnHead(upload, reply);
        if (!upload && (request.method === 'HEAD' || request.method === 'PATCH')) {
          // (A reply is thenable: awaited, it gives no value; whether one was sent is the boolean.)
          if (await answerFinished(request, reply, id)) return reply;
        }
      }
      reply.hijack();
      const response = await tus.handleWeb(tusRequest(request.raw, reply.raw));
      await countPublicBytes(request, response, id, counted);
      await sendNodeResponse(reply.raw, await german(request, response));
    };
    const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    scope.route({ method: [...methods], url: UPLOAD_PATH, handler, config: { rateLimit: false } });
    scope.route({ method: [...methods], url: `${UPLOAD_PATH}/:id`, handler, config: { rateLimit: false } });
  });
}
