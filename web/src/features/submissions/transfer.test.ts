import { beforeEach, describe, expect, it } from 'vitest';
import type { UploadOptions } from 'tus-js-client';
import { SUBMISSION_TOKEN_HEADER } from '../../../../common/submission-token';
import { texts } from '../../../../common/texts';
import { UPLOAD_PATH } from '../../../../common/upload-rules';
import { setSubmissionToken } from '../../lib/storage';
import { installStorage } from '../../testing/memory-storage';
import { transferClip, transferFile, tusSend, UploadRefused } from './transfer';

/**
 * tus-js-client's Upload as the code drives it, answering as the server would: the tests check
 * what our side makes of the answers (the protocol itself is tested against the server in
 * server/uploads and in the browser tests).
 */
type Ending = { status: number; body: string } | { networkError: true };
let ending: Ending;
let previous: unknown[];
let made: { file: File; options: UploadOptions; resumed: unknown; started: boolean }[];

class FakeUpload {
  record: (typeof made)[number];
  constructor(file: File, options: UploadOptions) {
    this.record = { file, options, resumed: undefined, started: false };
    made.push(this.record);
  }
  findPreviousUploads() {
    return Promise.resolve(previous);
  }
  resumeFromPreviousUpload(p: unknown) {
    this.record.resumed = p;
  }
  abort() {
    return Promise.resolve();
  }
  start() {
    this.record.started = true;
    const o = this.record.options;
    o.onProgress?.(50, 100);
    const end = ending;
    const response = 'status' in end ? { getStatus: () => end.status, getBody: () => end.body } : null;
    queueMicrotask(() => {
      if (response && response.getStatus() < 300)
        o.onSuccess?.({ lastResponse: response } as unknown as Parameters<NonNullable<UploadOptions['onSuccess']>>[0]);
      else o.onError?.(Object.assign(new Error('tus failed'), response ? { originalResponse: response } : {}));
    });
  }
}
const tus = { Upload: FakeUpload as never };

const file = new File(['abc'], 'bild.jpg', { type: 'image/jpeg' });
const opts = { contentId: '12', page: 'upload' as const, onProgress: () => {}, tus };
const refusal = (status: number, body: object = {}) => ({ status, body: JSON.stringify(body) });

beforeEach(() => {
  installStorage();
  made = [];
  previous = [];
  ending = { status: 204, body: '' };
});

describe('sending a file with tus', () => {
  it("registers the file under its Content-ID and page, with this browser's token", async () => {
    setSubmissionToken(12, 'geheim');
    const media = { id: 3, filename: 'bild.jpg' };
    ending = { status: 204, body: JSON.stringify({ media }) };
    await expect(tusSend(file, opts)).resolves.toEqual({ media });
    const { options } = made[0] ?? ({} as never);
    expect(options.endpoint).toBe(UPLOAD_PATH);
    expect(options.metadata).toEqual({ contentId: '12', page: 'upload', filename: 'bild.jpg', filetype: 'image/jpeg' });
    expect(options.headers).toEqual({ [SUBMISSION_TOKEN_HEADER]: 'geheim' });
    // The spec's retries: three more attempts, one second apart.
    expect(options.retryDelays).toEqual([1000, 1000, 1000]);
  });

  it('resumes an upload begun before a reload instead of sending the file again', async () => {
    previous = [{ uploadUrl: '/api/uploads/abc' }];
    await tusSend(file, opts);
    expect(made[0]?.resumed).toEqual({ uploadUrl: '/api/uploads/abc' });
    expect(made[0]?.started).toBe(true);
  });

  it("a file the server refuses shows the server's German title and reason, for good", async () => {
    ending = refusal(413, { title: 'Datei zu groß', message: 'bild.jpg ist zu groß.' });
    const error = await transferFile(file, opts).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRefused);
    expect(error).toMatchObject({ title: 'Datei zu groß', message: 'bild.jpg ist zu groß.', final: true });
  });

  it('signed out, locked, rate-limited or a server fault: worth another try later (not final)', async () => {
    for (const status of [401, 408, 423, 429, 500, 503]) {
      ending = refusal(status, { message: 'Später erneut.' });
      await expect(tusSend(file, opts)).rejects.toMatchObject({ final: false });
    }
  });

  it('no connection at all: the German upload problem, not final', async () => {
    ending = { networkError: true };
    await expect(tusSend(file, opts)).rejects.toMatchObject({
      title: texts.uploads.failedTitle,
      message: texts.uploads.uploadException,
      final: false,
    });
  });

  it('a refusal without a readable body still says something in German', async () => {
    ending = { status: 400, body: '<html>' };
    await expect(tusSend(file, opts)).rejects.toMatchObject({ message: texts.uploads.uploadException, final: true });
  });
});

describe("sending a video answer's clip", () => {
  const clip = { index: 1, blob: new Blob(['v']), mimeType: 'video/mp4', seconds: 4, recordedAt: 1_700_000_000_000 };

  it('is a file named after its question with its recording time, so a reload finds the same upload', async () => {
    const percents: number[] = [];
    await transferClip(clip, '12', (p) => percents.push(p), { tus });
    const sent = made[0];
    expect(sent?.file.name).toBe('Videoantwort Frage 2.mp4');
    expect(sent?.file.lastModified).toBe(clip.recordedAt);
    expect(sent?.options.metadata).toMatchObject({ page: 'video-answer', question: '1', contentId: '12' });
    expect(percents).toEqual([50]);
  });

  it('a clip the server measured and refused (too long) is refused for good with its reason', async () => {
    ending = { status: 204, body: JSON.stringify({ error: 'too_long', title: 'Zu lang', message: 'Höchstens 90 s.' }) };
    await expect(transferClip(clip, '12', () => {}, { tus })).rejects.toMatchObject({
      title: 'Zu lang',
      message: 'Höchstens 90 s.',
      final: true,
    });
  });

  it('a clip still being measured counts as sent', async () => {
    ending = { status: 204, body: JSON.stringify({ error: 'pending', title: '', message: '' }) };
    await expect(transferClip(clip, '12', () => {}, { tus })).resolves.toBeUndefined();
  });
});
