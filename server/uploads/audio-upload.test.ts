/**
 * Audio uploaded as a file (issue 39.1): an mp3 or m4a of German speech sent through the normal
 * upload page is measured, kept as audio of the submission and transcribed by the voice messages'
 * job, so its transcript and word times reach content (sources, proposals) like a voice message's.
 * Longer than MEDIA_MAX_MINUTES, it is refused before anything is stored or transcribed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { type FakeOpenAI, startFakeOpenAI } from '../testing/fake-openai';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';
import { germanSpeech } from '../transcription/test-audio';
import { tusUpload } from './testing/tus';

const SAID = 'Ich baue seit zehn Jahren Windkraftanlagen. Heute leite ich ein Team von zwölf Leuten.';

describe.each(dialects)('audio uploaded as a file, transcribed like a voice message, on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeOpenAI;
  let cookie: string;
  const speech = germanSpeech(SAID);
  const convert = (ext: string, args: string[]) => {
    const out = path.join(speech.dir, `upload.${ext}`);
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', speech.wav, ...args, out]);
    return readFileSync(out);
  };
  const files = { mp3: convert('mp3', ['-c:a', 'libmp3lame']), m4a: convert('m4a', ['-c:a', 'aac']) };
  const seconds = Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', speech.wav], {
      encoding: 'utf8',
    }),
  );

  beforeAll(async () => {
    fake = await startFakeOpenAI({ text: SAID });
    // A cap just above the speech's length: the long recording below is over it.
    t = await startTestApp(dialect, {
      TRANSCRIBER: 'openai',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      MEDIA_MAX_MINUTES: String((seconds + 3) / 60),
    });
    t.app.mediaJobs.start();
    await addUser(t.app, `audio-${dialect}@example.org`, 'vdi_admin');
    cookie = await login(t, `audio-${dialect}@example.org`);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const newSubmission = async (): Promise<number> =>
    (await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } })).body.contentId;

  for (const format of ['mp3', 'm4a'] as const)
    it(`an ${format} gets its transcript and word times, and content proposes passages from it`, async () => {
      const contentId = await newSubmission();
      const sent = fake.requests.length;
      const res = await tusUpload(t, {
        bytes: files[format],
        contentId,
        page: 'upload',
        filename: `aufnahme.${format}`,
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      expect(res.body.media.kind).toBe('audio');
      const row = await t.app.db
        .selectFrom('media')
        .selectAll()
        .where('submission_id', '=', contentId)
        .where('kind', '=', 'audio')
        .executeTakeFirstOrThrow();
      expect(row.file_type).toBe(format === 'mp3' ? 'audio/mpeg' : 'audio/mp4');
      // Its length as measured from its packets.
      expect(Math.abs(Number(row.duration_ms) / 1000 - seconds)).toBeLessThan(0.5);

      // The voice messages' transcription job, through the OpenAI-compatible transcriber.
      expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);
      expect(fake.requests.length).toBe(sent + 1);
      expect(fake.requests.at(-1)!.fileSize).toBe(files[format].length);
      const after = await t.app.db.selectFrom('media').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      expect(after.caption_state).toBe('ready');
      const submission = await t.app.db
        .selectFrom('submissions')
        .select('transcript')
        .where('id', '=', contentId)
        .executeTakeFirstOrThrow();
      expect(submission.transcript).toBe(SAID);

      // Content sees an audio source with word times, and proposes passages from its words.
      const overview = await api(t, 'GET', `/api/content/${contentId}`, { cookie });
      expect(overview.status).toBe(200);
      const source = overview.body.sources.find((s: { mediaId: number }) => s.mediaId === row.id);
      expect(source.kind).toBe('audio');
      expect(source.words.map((w: { text: string }) => w.text).join(' ')).toBe(SAID);
      for (const w of source.words) expect(w.end).toBeGreaterThan(w.start);
      const proposals = await api(t, 'GET', `/api/content/${contentId}/proposals?mediaId=${row.id}`, { cookie });
      expect(proposals.status).toBe(200);
      expect(JSON.stringify(proposals.body)).toContain('Windkraftanlagen.');
    }, 60_000);

  it('an MP4 that holds sound only becomes audio of the submission and is transcribed', async () => {
    const contentId = await newSubmission();
    const res = await tusUpload(t, {
      bytes: readFileSync(speech.mp4),
      contentId,
      page: 'upload',
      filename: 'aufnahme.mp4',
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    const mediaOf = () =>
      t.app.db.selectFrom('media').selectAll().where('submission_id', '=', contentId).executeTakeFirstOrThrow();
    await expect.poll(async () => (await mediaOf()).caption_state, { timeout: 60_000, interval: 250 }).toBe('ready');
    const row = await mediaOf();
    expect([row.kind, row.file_type, row.media_state]).toEqual(['audio', 'audio/mp4', null]);
    expect(Math.abs(Number(row.duration_ms) / 1000 - seconds)).toBeLessThan(0.5);
    const overview = await api(t, 'GET', `/api/content/${contentId}`, { cookie });
    const source = overview.body.sources.find((s: { mediaId: number }) => s.mediaId === row.id);
    expect(source.kind).toBe('audio');
    expect(source.words.map((w: { text: string }) => w.text).join(' ')).toBe(SAID);
  }, 90_000);

  it('refuses a recording longer than MEDIA_MAX_MINUTES before storing or transcribing it', async () => {
    const contentId = await newSubmission();
    const long = path.join(speech.dir, 'long.mp3');
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=f=220:d=${Math.ceil(seconds + 10)}`],
      ...['-c:a', 'libmp3lame', long],
    ]);
    await t.app.jobs.drain();
    const sent = fake.requests.length;
    const res = await tusUpload(t, {
      bytes: readFileSync(long),
      contentId,
      page: 'upload',
      filename: 'lang.mp3',
      headers: { cookie },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain(texts.uploads.mediaTooLongTitle);
    const rows = await t.app.db.selectFrom('media').select('id').where('submission_id', '=', contentId).execute();
    expect(rows).toEqual([]);
    await t.app.jobs.drain();
    expect(fake.requests.length).toBe(sent);
  }, 60_000);
});
