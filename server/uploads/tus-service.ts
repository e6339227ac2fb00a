import type { Upload } from '@tus/server';
import { ignoreFailure } from '../../common/best-effort';
import type { ErrorBody } from '../../common/contracts/errors';
import type { UploadOutcome } from '../../common/contracts/uploads';
import {
  type FileFormat,
  fileFormats,
  kindsOf,
  maxBytes,
  publicSurface,
  surfaceFor,
  type UploadMetadata,
} from '../../common/schemas/uploads';
import { texts } from '../../common/texts';
import type { Deps } from '../deps';
import { DomainError } from '../http/errors';
import { countPublicUpload, forgetPublicUpload, isPublicSubmission } from '../public-link';
import { findSubmission, type Submission } from '../submissions';
import type { WithTenants } from '../tenants';
import { checkVideoAnswerUpload, reservePublicVideo } from '../video-answers';
import { countSurfaceMedia } from './queries';
import { acceptUpload, photoRightsGiven, uploadLimits } from './service';
import { metadataOf, type PartialUploads } from './tus-stores';

/**
 * The rules of the tus upload path as services: what a new upload may be (checkNewUpload), how a
 * finished one is judged once (uploadFinisher), and the German answer to a tus library error
 * (tusErrorAnswer). server/uploads/tus.ts wires them to HTTP; a test calls them without it.
 */

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'config' | 'db' | 'dialect' | 'jobs' | 'log' | 'mediaJobs' | 'transcriber'> &
  WithTenants;

/** The error body of the API (common/contracts/errors.ts). */
export type Outcome = { status: number; body: UploadOutcome | ErrorBody };

/**
 * A new upload (tus POST): may this file go to this submission at all? Refused before any byte
 * arrives by the name's kind when it names one (the bytes are judged again at the end), else by the
 * largest limit of the surface; by the surface's file count; a photo without the photo-rights
 * answer; a clip the tenant does not offer. An anonymous upload counts its declared length against
 * the public link's byte budget (and a clip its minutes); returns that entry's id, else null.
 */
export async function checkNewUpload(
  deps: ServiceDeps,
  submission: Submission,
  metadata: UploadMetadata,
  declared: { length: string | undefined; ip: string },
): Promise<number | null> {
  const limits = uploadLimits(deps.config);
  const pageSurface = surfaceFor((await deps.tenantRegistry.fresh()).uploadSurfaces(submission.tenant), metadata.page);
  const surface = isPublicSubmission(submission) ? publicSurface(pageSurface) : pageSurface;
  const length = Number(declared.length);
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
  if ((await countSurfaceMedia(deps.db, submission.id, surface.id)) >= surface.maxFiles) {
    throw new DomainError('too_many', texts.uploads.tooMany(surface.maxFiles), texts.uploads.tooManyTitle);
  }
  // A file named as a photo is refused before its bytes without the photo-rights answer (its
  // bytes are judged again at the end, whatever its name).
  if (named?.kind === 'photo' && !(await photoRightsGiven(deps, submission.id)))
    throw new DomainError('invalid', texts.uploads.rightsText, texts.uploads.rightsTitle);
  // A recorded clip: the tenant offers it and the question exists.
  const clip = metadata.page === 'video-answer' ? await checkVideoAnswerUpload(deps, submission, metadata) : null;
  if (!isPublicSubmission(submission)) return null;
  if (!/^\d+$/.test(String(declared.length ?? '')) || !Number.isSafeInteger(length))
    throw new DomainError('invalid', texts.publicLink.uploadLengthRequired);
  const counted = await countPublicUpload(deps.db, deps.config, declared.ip, submission.id, length);
  // A public clip also counts its minutes; refused, its bytes no longer count either.
  if (clip) {
    try {
      await reservePublicVideo(deps, declared.ip, submission, clip.maxSeconds);
    } catch (error) {
      await forgetPublicUpload(deps.db, counted);
      throw error;
    }
  }
  return counted;
}

/**
 * Finishes uploads whose bytes all arrived: judged and registered by acceptUpload, once per upload
 * on this instance (a HEAD retry joins the finishing in progress instead of racing it). A failure
 * keeps the bytes: the client's retry (HEAD) finishes the upload.
 */
export function uploadFinisher(deps: ServiceDeps, uploads: PartialUploads): (upload: Upload) => Promise<Outcome> {
  const finishing = new Map<string, Promise<Outcome>>();
  const finish = async (upload: Upload): Promise<Outcome> => {
    const metadata = metadataOf(upload.metadata ?? {});
    const submission = await findSubmission(deps.db, metadata.contentId);
    if (!submission) {
      await uploads.store.remove(upload.id).catch(ignoreFailure('remove a refused upload', deps.log));
      return { status: 404, body: { error: 'not_found', message: texts.common.contentIdNotFound } };
    }
    try {
      return await acceptUpload(deps, submission.tenant, uploads.finished(upload, metadata), {
        viaPublicLink: isPublicSubmission(submission),
      });
    } catch (error) {
      deps.log.error({ err: error, uploadId: upload.id }, 'finishing an upload failed');
      return {
        status: 503,
        body: {
          error: 'unavailable',
          title: texts.uploads.storageUnavailableTitle,
          message: texts.uploads.finishPending,
        },
      };
    }
  };
  return async (upload) => {
    const running = finishing.get(upload.id);
    if (running) return running;
    const run = finish(upload);
    finishing.set(upload.id, run);
    try {
      return await run;
    } finally {
      finishing.delete(upload.id);
    }
  };
}

/**
 * The German answer to an error of the tus library (status and its raw text); raw texts and paths
 * stay in the log. `largest`: the largest upload any surface takes, in bytes.
 */
export function tusErrorAnswer(
  status: number,
  text: string,
  largest: number,
  log: Pick<Deps['log'], 'error'>,
): { status: number; body: ErrorBody } {
  if (status === 413)
    return {
      status,
      body: {
        error: 'too_large',
        title: texts.uploads.tooLargeTitle,
        message: texts.uploads.uploadTooLarge(Math.round(largest / (1024 * 1024))),
      },
    };
  if (status === 404 || status === 410)
    return { status, body: { error: 'not_found', message: texts.uploads.uploadGone } };
  if (status === 409 || status === 423)
    return { status, body: { error: 'conflict', message: texts.uploads.uploadConflict } };
  if (status < 500) return { status, body: { error: 'invalid', message: texts.uploads.uploadInvalid } };
  log.error({ status, body: text.slice(0, 500) }, 'upload failed in the tus store');
  return {
    status: 503,
    body: {
      error: 'unavailable',
      title: texts.uploads.storageUnavailableTitle,
      message: /ENOSPC|EDQUOT|no space/i.test(text) ? texts.uploads.storageFull : texts.uploads.storageUnavailable,
    },
  };
}
