import { Readable } from 'node:stream';
import { Upload } from '@tus/server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import type { SessionUser } from '../auth';
import { DomainError } from '../http/errors';
import { createSubmission, findSubmission, type Submission } from '../submissions';
import { dialects } from '../testing/harness';
import { startServices, type TestServices } from '../testing/services';
import * as fixture from './testing/fixtures';
import { checkNewUpload, tusErrorAnswer, uploadFinisher } from './tus-service';

/** The tus upload path's rules called as services, without HTTP (issue 38), on both databases. */
describe.each(dialects)('tus upload services on %s', (dialect) => {
  let s: TestServices;
  let owner: SessionUser;
  let own: Submission;
  let anonymous: Submission;

  beforeAll(async () => {
    s = await startServices(dialect);
    owner = await s.user('redaktion@tus.test', 'vdi_admin');
    const signed = await createSubmission(s.deps.db, { tenant: 'vdi', kind: 'upload' }, { user: owner });
    own = (await findSubmission(s.deps.db, signed.contentId))!;
    const open = await createSubmission(s.deps.db, { tenant: 'vdi', kind: 'upload' }, { anonymous: true });
    anonymous = (await findSubmission(s.deps.db, open.contentId))!;
  });
  afterAll(() => s.close());

  const meta = (
    submission: Submission,
    filename: string,
    page: 'document-upload' | 'image-upload' = 'document-upload',
  ) => ({ contentId: submission.id, page, filename }) as const;
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof DomainError ? error.message : String(error)),
    );

  it('takes a new upload of the owner without counting it, and refuses one too large or a photo without the rights answer', async () => {
    expect(await checkNewUpload(s.deps, own, meta(own, 'bericht.pdf'), { length: '1000', ip: '127.0.0.1' })).toBeNull();
    const tooLarge = await refusal(
      checkNewUpload(s.deps, own, meta(own, 'bericht.pdf'), { length: String(10 ** 12), ip: '127.0.0.1' }),
    );
    expect(tooLarge).toMatch(/^bericht\.pdf ist zu groß/);
    const photo = await refusal(
      checkNewUpload(s.deps, own, meta(own, 'bild.jpg', 'image-upload'), { length: '1000', ip: '127.0.0.1' }),
    );
    expect(photo).toBe(texts.uploads.rightsText);
  });

  it('counts an anonymous upload against the public link and wants its length declared', async () => {
    const missing = await refusal(
      checkNewUpload(s.deps, anonymous, meta(anonymous, 'bericht.pdf'), { length: undefined, ip: '127.0.0.9' }),
    );
    expect(missing).toBe(texts.publicLink.uploadLengthRequired);
    const counted = await checkNewUpload(s.deps, anonymous, meta(anonymous, 'bericht.pdf'), {
      length: '2048',
      ip: '127.0.0.9',
    });
    expect(counted).toEqual(expect.any(Number));
    const row = await s.deps.db
      .selectFrom('public_usage')
      .selectAll()
      .where('id', '=', counted!)
      .executeTakeFirstOrThrow();
    expect(Number(row.submission_id)).toBe(anonymous.id);
  });

  it('finishes an upload in the store the composition root chose once, also when asked twice at the same time', async () => {
    const uploads = s.deps.adapters.partialUploads();
    const finish = uploadFinisher(s.deps, uploads);
    const bytes = fixture.pdf();
    const upload = new Upload({
      id: `${Date.now()}_service`,
      size: bytes.length,
      offset: 0,
      metadata: { contentId: String(own.id), page: 'document-upload', filename: 'bericht.pdf' },
    });
    await uploads.store.create(upload);
    upload.offset = await uploads.store.write(Readable.from([bytes]), upload.id, 0);
    expect(upload.offset).toBe(bytes.length);
    const [first, second] = await Promise.all([finish(upload), finish(upload)]);
    expect(first.status).toBe(200);
    expect(second).toBe(first);
    const media = await s.deps.db.selectFrom('media').selectAll().where('submission_id', '=', own.id).execute();
    expect(media.map((m) => m.original_name)).toEqual(['bericht.pdf']);
    expect(await s.deps.blobs.stat(media[0]!.file_path)).toMatchObject({ size: bytes.length });

    const gone = new Upload({
      id: `${Date.now()}_gone`,
      size: 4,
      offset: 4,
      metadata: { contentId: '999999', page: 'document-upload', filename: 'x.pdf' },
    });
    expect(await finish(gone)).toEqual({
      status: 404,
      body: { error: 'not_found', message: texts.common.contentIdNotFound },
    });
  });
});

describe('tusErrorAnswer', () => {
  const log = pino({ level: 'silent' });
  it('answers every tus library error in German, storage faults as 503', () => {
    expect(tusErrorAnswer(413, '', 50 * 1024 * 1024, log)).toMatchObject({ status: 413, body: { error: 'too_large' } });
    expect(tusErrorAnswer(410, '', 1, log).body.message).toBe(texts.uploads.uploadGone);
    expect(tusErrorAnswer(423, '', 1, log).body.message).toBe(texts.uploads.uploadConflict);
    expect(tusErrorAnswer(400, 'raw', 1, log).body.message).toBe(texts.uploads.uploadInvalid);
    expect(tusErrorAnswer(500, 'ENOSPC: no space left on device, /data/uploads/x', 1, log)).toEqual({
      status: 503,
      body: { error: 'unavailable', title: texts.uploads.storageUnavailableTitle, message: texts.uploads.storageFull },
    });
  });
});
