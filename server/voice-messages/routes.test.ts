import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fake-openai';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';
import { buildApp } from '../app';
import { germanSpeech, testModel } from '../transcription/test-audio';
import { TRANSCRIBE_JOB } from './service';
import { wavFromPcm16 } from '../transcription/transcriber';

const speech = germanSpeech('Hallo, ich bin Ingenieurin und baue Brücken.');

async function upload(t: TestApp, contentId: number, body: Buffer, type: string, cookie?: string) {
  const res = await fetch(`${t.url}/api/submissions/${contentId}/voice-message`, {
    method: 'POST',
    headers: { 'content-type': type, origin: t.url, ...(cookie ? { cookie } : {}) },
    body: new Uint8Array(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Lets retries that wait for their back-off run now. */
async function runJobsNow(t: TestApp) {
  await t.app.db
    .updateTable('jobs')
    .set({ run_at: new Date(0).toISOString() })
    .where('status', '=', 'queued')
    .execute();
  return t.app.jobs.drain();
}

describe.each(dialects)('voice message upload and transcription job on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeOpenAI;
  let cookie: string;
  let other: string;
  const newSubmission = async () =>
    (await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'bank', kind: 'voice' } })).body
      .contentId as number;

  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: 'sk-server-only', text: 'Hallo, ich bin Ingenieurin und baue Brücken.' });
    t = await startTestApp(dialect, {
      TRANSCRIBER: 'openai',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-server-only',
    });
    await addUser(t.app, 'bank@example.de', 'bank');
    await addUser(t.app, 'other@example.de', 'bank');
    cookie = await login(t, 'bank@example.de');
    other = await login(t, 'other@example.de');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('keeps the recording as audio of the submission and transcribes it in a job', async () => {
    const contentId = await newSubmission();
    const webm = readFileSync(speech.webm);
    const res = await upload(t, contentId, webm, 'audio/webm;codecs=opus', cookie);
    expect(res.status).toBe(202);
    expect(res.body.jobId).toBeGreaterThan(0);
    const before = await api(t, 'GET', `/api/submissions/${contentId}/transcriptions/${res.body.jobId}`, { cookie });
    expect(before.body).toEqual({ jobId: res.body.jobId, status: 'queued' });

    expect(await t.app.jobs.drain()).toBe(1);
    const after = await api(t, 'GET', `/api/submissions/${contentId}/transcriptions/${res.body.jobId}`, { cookie });
    expect(after.body).toEqual({
      jobId: res.body.jobId,
      status: 'done',
      text: 'Hallo, ich bin Ingenieurin und baue Brücken.',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      authorization: 'Bearer sk-server-only',
      fileType: 'audio/webm',
      fileSize: webm.length,
      language: 'de',
    });

    const summary = await api(t, 'GET', `/api/submissions/${contentId}`, { cookie });
    expect(summary.body.media).toEqual([
      expect.objectContaining({ id: res.body.mediaId, kind: 'audio', fileType: 'audio/webm', size: webm.length }),
    ]);
    // nothing is lost if the page is closed now
    expect(summary.body.transcript).toBe('Hallo, ich bin Ingenieurin und baue Brücken.');
    // the job never runs twice
    expect(await t.app.jobs.drain()).toBe(0);
  });

  it('tells mp4, ogg and wav recordings apart by their bytes', async () => {
    const contentId = await newSubmission();
    for (const [ext, type] of [
      ['mp4', 'audio/mp4'],
      ['ogg', 'audio/ogg'],
      ['wav', 'audio/wav'],
    ] as const) {
      const res = await upload(t, contentId, readFileSync(speech[ext]), 'application/octet-stream', cookie);
      expect(res.status).toBe(202);
      const media = await t.app.db
        .selectFrom('media')
        .select(['file_type', 'file_path'])
        .where('id', '=', res.body.mediaId)
        .executeTakeFirstOrThrow();
      expect(media.file_type).toBe(type);
      expect(media.file_path).toMatch(new RegExp(`^${contentId}/\\d+_[0-9a-f]+\\.${ext}$`));
    }
    await t.app.jobs.drain();
  });

  it('takes a recording far larger than the JSON body limit (5 minutes of WAV)', async () => {
    const contentId = await newSubmission();
    const wav = wavFromPcm16(
      new Int16Array(16000 * 300).map((_, i) => Math.round(Math.sin(i / 10) * 3000)),
      16000,
    );
    expect(wav.length).toBeGreaterThan(9_000_000);
    const res = await upload(t, contentId, wav, 'audio/wav', cookie);
    expect(res.status).toBe(202);
    const media = await t.app.db
      .selectFrom('media')
      .select('size')
      .where('id', '=', res.body.mediaId)
      .executeTakeFirstOrThrow();
    expect(Number(media.size)).toBe(wav.length);
    await t.app.jobs.drain();
    expect(fake.requests.at(-1)!.fileSize).toBe(wav.length);
  });

  it('refuses a file that is not audio', async () => {
    const contentId = await newSubmission();
    const res = await upload(t, contentId, Buffer.from('<html>kein Audio</html>'), 'audio/webm', cookie);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(texts.voiceMessages.notAudio);
  });

  it('keeps other users out of the recording and its transcription', async () => {
    const contentId = await newSubmission();
    const res = await upload(t, contentId, readFileSync(speech.wav), 'audio/wav', cookie);
    expect((await upload(t, contentId, readFileSync(speech.wav), 'audio/wav', other)).status).toBe(404);
    expect(
      (await api(t, 'GET', `/api/submissions/${contentId}/transcriptions/${res.body.jobId}`, { cookie: other })).status,
    ).toBe(404);
    const foreign = await newSubmission();
    expect(
      (await api(t, 'GET', `/api/submissions/${foreign}/transcriptions/${res.body.jobId}`, { cookie })).status,
    ).toBe(404);
    await t.app.jobs.drain();
  });

  it('retries a failing provider and then reports the failure in German, keeping the audio', async () => {
    const contentId = await newSubmission();
    fake.fail(500, 'The server had an error while processing your request.', 3);
    const res = await upload(t, contentId, readFileSync(speech.ogg), 'audio/ogg', cookie);
    await runJobsNow(t);
    expect(
      (await api(t, 'GET', `/api/submissions/${contentId}/transcriptions/${res.body.jobId}`, { cookie })).body.status,
    ).toBe('queued');
    await runJobsNow(t);
    await runJobsNow(t);
    const status = await api(t, 'GET', `/api/submissions/${contentId}/transcriptions/${res.body.jobId}`, { cookie });
    expect(status.body).toEqual({
      jobId: res.body.jobId,
      status: 'failed',
      message: texts.voiceMessages.transcriptionFailed,
    });
    const summary = await api(t, 'GET', `/api/submissions/${contentId}`, { cookie });
    expect(summary.body.media.map((m: { kind: string }) => m.kind)).toEqual(['audio']);

    // 'Erneut versuchen' transcribes the stored recording again, without a second upload
    const again = await api(t, 'POST', `/api/submissions/${contentId}/transcriptions`, {
      cookie,
      body: { mediaId: res.body.mediaId },
    });
    expect(again.status).toBe(202);
    await t.app.jobs.drain();
    const retried = await api(t, 'GET', `/api/submissions/${contentId}/transcriptions/${again.body.jobId}`, { cookie });
    expect(retried.body).toMatchObject({ status: 'done', text: 'Hallo, ich bin Ingenieurin und baue Brücken.' });
    expect(
      (await api(t, 'POST', `/api/submissions/${contentId}/transcriptions`, { cookie, body: { mediaId: 999999 } }))
        .status,
    ).toBe(404);
  });
});

describe('voice message without a transcriber', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { TRANSCRIBER: 'none' });
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
  });
  afterAll(() => t.close());

  it('keeps the audio and answers without a job, so the user types the transcript', async () => {
    const cookie = await login(t, 'vdi@example.de');
    const contentId = (await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'voice' } }))
      .body.contentId;
    const res = await upload(t, contentId, readFileSync(speech.webm), 'audio/webm', cookie);
    expect(res.status).toBe(201);
    expect(res.body.jobId).toBeNull();
    expect((await api(t, 'GET', `/api/submissions/${contentId}`, { cookie })).body.media).toEqual([
      expect.objectContaining({ kind: 'audio' }),
    ]);
    expect(await t.app.db.selectFrom('jobs').select('id').where('kind', '=', TRANSCRIBE_JOB).execute()).toEqual([]);
  });
});

describe('voice message with the local whisper.cpp model', () => {
  let t: TestApp;
  let modelServer: Server;
  let downloads = 0;
  beforeAll(async () => {
    const model = readFileSync(testModel);
    modelServer = createServer((_req, res) => {
      downloads++;
      res.writeHead(200, { 'content-length': model.length }).end(model);
    });
    await new Promise<void>((r) => modelServer.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(modelServer.address() as { port: number }).port}/ggml-base.bin`;
    t = await startTestApp('sqlite', {
      TRANSCRIBER: 'local',
      WHISPER_MODEL_URL: url,
      WHISPER_MODEL_SHA1: createHash('sha1').update(model).digest('hex'),
    });
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => modelServer.close(r));
  });

  it('fetches the model into DATA_DIR/models on first use and runs the job in another instance too', async () => {
    const cookie = await login(t, 'vdi@example.de');
    const contentId = (await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'voice' } }))
      .body.contentId;
    const res = await upload(t, contentId, readFileSync(speech.webm), 'audio/webm', cookie);
    expect(res.status).toBe(202);

    // a second instance on the same database takes the queued job (the first never started its worker)
    const second = await buildApp(t.config, { logger: { level: 'warn' } });
    try {
      expect(await second.jobs.drain()).toBe(1);
    } finally {
      await second.close();
    }
    expect(await t.app.jobs.drain()).toBe(0);
    expect(downloads).toBe(1);
    expect(existsSync(path.join(t.config.dataDir, 'models', 'ggml-base.bin'))).toBe(true);
    // the test model has no trained weights: the pipeline runs and understands nothing
    const status = await api(t, 'GET', `/api/submissions/${contentId}/transcriptions/${res.body.jobId}`, { cookie });
    expect(status.body).toEqual({ jobId: res.body.jobId, status: 'done', text: '' });
  }, 120_000);
});
