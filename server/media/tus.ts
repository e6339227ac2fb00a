import { createReadStream } from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileFormats, kindsOf, maxBytes, type FileFormat, surfaceFor, uploadMetadata, type UploadMetadata } from '../../common/schemas/upload';
import { texts } from '../../common/texts';
import { DomainError } from '../http/errors';
import { tusFaultMapper } from '../http/outage';
import { findSubmission } from '../submissions/queries';
import { loadOwnedSubmission } from '../submissions/service';
import { acceptUpload, largestUpload } from './service';
import { countSurfaceMedia } from './queries';
import { BlobTusStore } from './tus-blob-store';
import { readHead, SNIFF_BYTES } from './validation';

export const UPLOAD_PATH = '/api/uploads';

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
  if (!parsed.success) throw new DomainError('invalid', texts.upload.noInterviewIdText);
  return parsed.data;
}

/** Abandoned partial uploads are removed after a day. */
const UPLOAD_EXPIRATION_MS = 24 * 60 * 60_000;

/**
 * Where partial uploads live. With S3 configured (several instances), the upload's state is a
 * database row and its bytes are objects in the bucket, so any instance resumes any upload.
 * Without S3 (one instance), the tus file store keeps them on disk (DATA_DIR/uploads).
 */
function partialUploadStore(app: FastifyInstance) {
  if (app.config.S3_ENDPOINT && app.config.S3_BUCKET) {
    const store = new BlobTusStore(app.db, app.blobs, UPLOAD_EXPIRATION_MS);
    return { store, head: (id: string) => store.head(id, SNIFF_BYTES), open: (id: string) => store.read(id) };
  }
  const directory = path.join(app.config.dataDir, 'uploads');
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRATION_MS });
  return { store, head: (id: string) => readHead(path.join(directory, id)), open: async (id: string) => createReadStream(path.join(directory, id)) };
}

/**
 * The tus resumable upload endpoint. Fastify checks who may upload to which submission; the tus
 * store keeps the partial file (see partialUploadStore) so a dropped connection resumes where it
 * stopped; the finished file is judged and moved into the blob store by acceptUpload.
 */
export async function tusRoutes(app: FastifyInstance): Promise<void> {
  const { store, head, open } = partialUploadStore(app);
  const tus = new Server({
    path: UPLOAD_PATH,
    datastore: store,
    relativeLocation: true,
    respectForwardedHeaders: true,
    maxSize: largestUpload(app.config.MAX_VIDEO_MB),
    // Storage and database faults: a German 503, never the raw text or a server path.
    onResponseError: tusFaultMapper(app.log, app.db),
    async onUploadFinish(_req, upload: Upload) {
      const metadata = metadataOf(upload.metadata ?? {});
      const submission = await findSubmission(app.db, metadata.contentId);
      if (!submission) {
        await store.remove(upload.id);
        throw { status_code: 404, body: JSON.stringify({ error: 'not_found', message: texts.common.contentIdNotFound }) };
      }
      const outcome = await acceptUpload(app, submission.tenant, {
        id: upload.id,
        head: () => head(upload.id),
        open: () => open(upload.id),
        size: upload.offset,
        metadata,
        discard: () => store.remove(upload.id).catch(() => undefined),
      });
      const body = JSON.stringify(outcome.body);
      if (outcome.status >= 400) throw { status_code: outcome.status, body };
      return { status_code: outcome.status, body, headers: { 'Content-Type': 'application/json' } };
    },
  });

  const sweep = setInterval(() => void tus.cleanUpExpiredUploads().catch(() => undefined), 60 * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  /** POST: may this caller add this file to this submission at all? */
  async function authoriseCreate(request: FastifyRequest, reply: FastifyReply) {
    const metadata = metadataOf(parseUploadMetadata(request.headers['upload-metadata'] as string | undefined));
    const submission = await loadOwnedSubmission(request, reply, metadata.contentId);
    const surface = surfaceFor(submission.tenant, metadata.page);
    const length = Number(request.headers['upload-length']);
    // Early refusal before any byte is sent: by the name's kind when it names one (the bytes are
    // judged again at the end), else by the largest limit of the surface.
    const named = fileFormats[metadata.filename.toLowerCase().split('.').pop() as FileFormat] as (typeof fileFormats)[FileFormat] | undefined;
    const kinds = named && kindsOf(surface).includes(named.kind) ? [named.kind] : kindsOf(surface);
    const limit = Math.max(...kinds.map((k) => maxBytes(surface, k, app.config.MAX_VIDEO_MB)));
    if (Number.isFinite(length) && length > limit) {
      throw new DomainError('too_large', texts.upload.tooLarge(metadata.filename, Math.round(limit / (1024 * 1024))), texts.upload.tooLargeTitle);
    }
    if ((await countSurfaceMedia(app.db, submission.id, surface.id)) >= surface.maxFiles) {
      throw new DomainError('too_many', texts.upload.tooMany(surface.maxFiles), texts.upload.tooManyTitle);
    }
  }

  /** HEAD, PATCH, DELETE: only the submission's owner may touch one of its uploads. */
  async function authoriseExisting(request: FastifyRequest, reply: FastifyReply, id: string) {
    let upload: Upload;
    try {
      upload = await store.getUpload(id);
    } catch {
      return; // tus answers 404 itself
    }
    await loadOwnedSubmission(request, reply, metadataOf(upload.metadata ?? {}).contentId);
  }

  await app.register(async (scope) => {
    // tus reads the request body itself.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const id = (request.params as { id?: string }).id;
      if (request.method === 'POST') await authoriseCreate(request, reply);
      else if (id && request.method !== 'OPTIONS') await authoriseExisting(request, reply, id);
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };
    const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    scope.route({ method: [...methods], url: UPLOAD_PATH, handler, config: { rateLimit: false } });
    scope.route({ method: [...methods], url: `${UPLOAD_PATH}/:id`, handler, config: { rateLimit: false } });
  });
}
