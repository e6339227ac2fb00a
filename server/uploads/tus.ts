import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNodeResponse } from 'srvx/node';
import {
  fileFormats,
  kindsOf,
  maxBytes,
  type FileFormat,
  publicSurface,
  surfaceFor,
  uploadMetadata,
  type UploadMetadata,
} from '../../common/schemas/uploads';
import type { UploadOutcome } from '../../common/contracts/uploads';
import { texts } from '../../common/texts';
import { DomainError } from '../http/errors';
import { tusFaultMapper } from '../http/outage';
import {
  countPublicUpload,
  forgetPublicUpload,
  isPublicSubmission,
  linkPublicUpload,
  publicUploadReceived,
} from '../public-link';
import { findSubmission, loadOwnedSubmission } from '../submissions';
import {
  acceptUpload,
  finishedUpload,
  largestUpload,
  namedFormat,
  photoRightsGiven,
  uploadKey,
  uploadLimits,
  type FinishedUpload,
} from './service';
import { countSurfaceMedia } from './queries';
import { MultipartTusStore } from './tus-blob-store';
import { AppendingFileStore } from './tus-file-store';
import { tusRequest, writeNodeBodies } from './tus-direct-body';
import { readHead, SNIFF_BYTES } from './validation';
import { checkVideoAnswerUpload, reservePublicVideo } from '../video-answers';
import { UPLOAD_PATH } from '../../common/upload-rules';
import { ignoreFailure } from '../../common/best-effort';

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

function metadataOf(values: Record<string, string | null | undefined>): UploadMetadata {
  const parsed = uploadMetadata.safeParse(values);
  if (!parsed.success) throw new DomainError('invalid', texts.uploads.noInterviewIdText);
  return parsed.data;
}

/** Abandoned partial uploads are removed after a day. */
const UPLOAD_EXPIRATION_MS = 24 * 60 * 60_000;

async function readStreamHead(stream: Readable, bytes: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let length = 0;
  try {
    for await (const data of stream) {
      parts.push(data as Buffer);
      length += (data as Buffer).length;
      if (length >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts).subarray(0, bytes);
}

/**
 * Where partial uploads live, and how a finished one reaches its final key without a copy.
 * - S3 configured (several instances): each upload is a native multipart upload of its final
 *   object, its state a database row, so any instance resumes any upload (MultipartTusStore);
 *   finishing completes the multipart upload.
 * - Local (one instance): the tus file store appends every PATCH to one file in
 *   DATA_DIR/uploads, on the same filesystem as DATA_DIR/files; finishing hard-links that file
 *   to its final key. Judging the bytes reads only the file's head.
 */
function partialUploadStore(app: FastifyInstance) {
  if (app.config.S3_ENDPOINT && app.config.S3_BUCKET) {
    const store = new MultipartTusStore(app.db, app.blobs, UPLOAD_EXPIRATION_MS, (upload) => {
      const metadata = metadataOf(upload.metadata ?? {});
      return uploadKey(metadata.contentId, upload.id, namedFormat(metadata.filename) ?? 'bin');
    });
    const finished = (upload: Upload, metadata: UploadMetadata): FinishedUpload => ({
      id: upload.id,
      size: upload.offset,
      metadata,
      head: async () =>
        readStreamHead(
          await app.blobs.get(await store.complete(upload.id), { start: 0, end: SNIFF_BYTES - 1 }),
          SNIFF_BYTES,
        ),
      finish: () => store.complete(upload.id),
      forget: () => store.forget(upload.id),
      discard: () => store.remove(upload.id).catch(ignoreFailure('discard a refused upload', app.log)),
    });
    return { store, finished };
  }
  const directory = path.join(app.config.dataDir, 'uploads');
  const store = new AppendingFileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRATION_MS });
  const finished = (upload: Upload, metadata: UploadMetadata): FinishedUpload => {
    const file = path.join(directory, upload.id);
    let linked: string | null = null;
    return {
      id: upload.id,
      size: upload.offset,
      metadata,
      head: () => readHead(file),
      async finish(format) {
        const key = uploadKey(metadata.contentId, upload.id, format);
        if (!app.blobs.adopt) throw new Error('local blob store without adopt');
        await app.blobs.adopt(key, file);
        linked = key;
        return key;
      },
      // The final key is a hard link to the same file: removing the tus name keeps the bytes.
      forget: () => store.remove(upload.id).catch(ignoreFailure('forget a finished upload', app.log)),
      async discard() {
        await store.remove(upload.id).catch(ignoreFailure('remove a failed upload', app.log));
        if (linked) await app.blobs.delete(linked).catch(ignoreFailure('remove the blob of a failed upload', app.log));
      },
    };
  };
  return { store, finished };
}

type Outcome = { status: number; body: UploadOutcome | { error: string; title?: string; message: string } };

/**
 * The tus resumable upload endpoint. Fastify checks who may upload to which submission; the tus
 * store keeps the partial file (see partialUploadStore) so a dropped connection resumes where it
 * stopped; the finished file is judged and registered by acceptUpload. Every error a client
 * sees is German JSON; an upload whose bytes all arrived but whose finishing failed is finished
 * on the client's next HEAD (its retry), so it is never left at offset = length without a file.
 */
export async function tusRoutes(app: FastifyInstance): Promise<void> {
  const { store, finished } = partialUploadStore(app);
  const limits = uploadLimits(app.config);
  const largest = largestUpload(limits);
  /** Finishing in progress on this instance, so a HEAD retry joins it instead of racing it. */
  const finishing = new Map<string, Promise<Outcome>>();

  async function finishOnce(upload: Upload): Promise<Outcome> {
    const running = finishing.get(upload.id);
    if (running) return running;
    const run = (async (): Promise<Outcome> => {
      const metadata = metadataOf(upload.metadata ?? {});
      const submission = await findSubmission(app.db, metadata.contentId);
      if (!submission) {
        await store.remove(upload.id).catch(ignoreFailure('remove a refused upload', app.log));
        return { status: 404, body: { error: 'not_found', message: texts.common.contentIdNotFound } };
      }
      try {
        return await acceptUpload(app, submission.tenant, finished(upload, metadata), {
          viaPublicLink: isPublicSubmission(submission),
        });
      } catch (error) {
        // The bytes are kept: the client's retry (HEAD) finishes the upload.
        app.log.error({ err: error, uploadId: upload.id }, 'finishing an upload failed');
        return {
          status: 503,
          body: {
            error: 'unavailable',
            title: texts.uploads.storageUnavailableTitle,
            message: texts.uploads.finishPending,
          },
        };
      }
    })();
    finishing.set(upload.id, run);
    try {
      return await run;
    } finally {
      finishing.delete(upload.id);
    }
  }

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
    const pageSurface = surfaceFor((await app.tenantRegistry.fresh()).uploadSurfaces(submission.tenant), metadata.page);
    const surface = isPublicSubmission(submission) ? publicSurface(pageSurface) : pageSurface;
    const length = Number(request.headers['upload-length']);
    // Early refusal before any byte is sent: by the name's kind when it names one (the bytes are
    // judged again at the end), else by the largest limit of the surface.
    const named = fileFormats[metadata.filename.toLowerCase().split('.').pop() as FileFormat] as
      | (typeof fileFormats)[FileFormat]
      | undefined;
    const kinds = named && kindsOf(surface).includes(named.kind) ? [named.kind] : kindsOf(surface);
    const limit = Math.max(...kinds.map((k) => maxBytes(surface, k, limits)));
    if (Number.isFinite(length) && length > limit) {
      throw new DomainError(
        'too_large',
        texts.uploads.tooLarge(metadata.filename, Math.round(limit / (1024 * 1024))),
        texts.uploads.tooLargeTitle,
      );
    }
    if ((await countSurfaceMedia(app.db, submission.id, surface.id)) >= surface.maxFiles) {
      throw new DomainError('too_many', texts.uploads.tooMany(surface.maxFiles), texts.uploads.tooManyTitle);
    }
    // A file named as a photo is refused before its bytes without the photo-rights answer (its
    // bytes are judged again at the end, whatever its name).
    if (named?.kind === 'photo' && !(await photoRightsGiven(app, submission.id)))
      throw new DomainError('invalid', texts.uploads.rightsText, texts.uploads.rightsTitle);
    // A recorded clip: the tenant offers it and the question exists.
    const clip =
      metadata.page === 'video-answer' ? await checkVideoAnswerUpload(request.server, submission, metadata) : null;
    if (!isPublicSubmission(submission)) return null;
    if (!/^\d+$/.test(String(request.headers['upload-length'] ?? '')) || !Number.isSafeInteger(length))
      throw new DomainError('invalid', texts.publicLink.uploadLengthRequired);
    const counted = await countPublicUpload(app.db, app.config, request.ip, submission.id, length);
    // A public clip also counts its minutes; refused, its bytes no longer count either.
    if (clip) {
      try {
        await reservePublicVideo(request.server, request.ip, submission, clip.maxSeconds);
      } catch (error) {
        await forgetPublicUpload(app.db, counted);
        throw error;
      }
    }
    return counted;
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
    let status = response.status;
    let body: { error: string; title?: string; message: string };
    if (status === 413)
      body = {
        error: 'too_large',
        title: texts.uploads.tooLargeTitle,
        message: texts.uploads.uploadTooLarge(Math.round(largest / (1024 * 1024))),
      };
    else if (status === 404 || status === 410) body = { error: 'not_found', message: texts.uploads.uploadGone };
    else if (status === 409) body = { error: 'conflict', message: texts.uploads.uploadConflict };
    else if (status === 423) body = { error: 'conflict', message: texts.uploads.uploadConflict };
    else if (status < 500) body = { error: 'invalid', message: texts.uploads.uploadInvalid };
    else {
      request.log.error({ status, body: text.slice(0, 500) }, 'upload failed in the tus store');
      status = 503;
      body = {
        error: 'unavailable',
        title: texts.uploads.storageUnavailableTitle,
        message: /ENOSPC|EDQUOT|no space/i.test(text) ? texts.uploads.storageFull : texts.uploads.storageUnavailable,
      };
    }
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
      await sendNodeResponse(reply.raw, await german(request, response));
    };
    const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    scope.route({ method: [...methods], url: UPLOAD_PATH, handler, config: { rateLimit: false } });
    scope.route({ method: [...methods], url: `${UPLOAD_PATH}/:id`, handler, config: { rateLimit: false } });
  });
}
