import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../db/database';
import { readZip } from '../inbox/read-zip';
import { tusUpload } from '../uploads/testing/tus';
import { startS3rver } from '../storage/s3-test-server';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fake-openai';
import { addUser, api, login, startTestApp, type TestApp } from '../testing/harness';
import { germanSpeech } from '../transcription/test-audio';
import { attachFile } from '../submissions/files';
import { queueCaptions } from './service';
import { clipBytes, probeStreams } from './testing/clips';

const SPOKEN =
  'Wir haben die Anlage im Frühjahr umgebaut, und seitdem läuft sie ohne Ausfall. Das hat wirklich niemand erwartet!';
const speech = germanSpeech(SPOKEN);
/** A phone's portrait clip: HEVC stored 320×240 with rotation 90, speech as its sound. */
const phoneMov = clipBytes({
  seconds: 2,
  width: 320,
  height: 240,
  codec: 'hevc',
  container: 'mov',
  rotate: 90,
  audio: { wav: speech.wav },
  fps: 15,
});
const silentMp4 = clipBytes({
  seconds: 1,
  width: 160,
  height: 120,
  codec: 'h264',
  container: 'mp4',
  audio: null,
  fps: 10,
});

const combos: [Dialect, 'local' | 's3'][] = [
  ['sqlite', 'local'],
  ['postgres', 's3'],
];

describe.each(combos)('video proxies and captions on %s with the %s store', (dialect, store) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3rver>> | null = null;
  let fake: FakeOpenAI;
  let owner: string;
  let admin: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'ca-video-test-'));

  beforeAll(async () => {
    s3 = store === 's3' ? await startS3rver() : null;
    fake = await startFakeOpenAI({ text: SPOKEN });
    t = await startTestApp(dialect, {
      TRANSCRIBER: 'openai',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      ...(s3?.env ?? {}),
    });
    t.app.jobs.start();
    t.app.mediaJobs.start();
    await addUser(t.app, 'vdi@example.org', 'vdi_admin');
    await addUser(t.app, 'admin@example.org', 'admin');
    owner = await login(t, 'vdi@example.org');
    admin = await login(t, 'admin@example.org');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function newSubmission(): Promise<number> {
    const res = await api(t, 'POST', '/api/submissions', { cookie: owner, body: { tenant: 'vdi', kind: 'upload' } });
    expect(res.status).toBe(201);
    return res.body.contentId;
  }
  async function uploadVideo(bytes: Buffer, filename: string) {
    const contentId = await newSubmission();
    const res = await tusUpload(t, { bytes, contentId, page: 'upload', filename, headers: { cookie: owner } });
    expect(res.status).toBe(200);
    const [row] = await t.app.db
      .selectFrom('media')
      .selectAll()
      .where('submission_id', '=', contentId)
      .where('kind', '=', 'video')
      .execute();
    return { contentId, mediaId: row!.id };
  }
  async function settled(mediaId: number) {
    await expect
      .poll(async () => (await api(t, 'GET', `/api/media/${mediaId}/video-state`, { cookie: owner })).body, {
        timeout: 60_000,
        interval: 250,
      })
      .toMatchObject({
        mediaState: expect.stringMatching(/ready|unreadable/),
        captionState: expect.not.stringMatching(/pending/),
        // The job's row is marked done just after the media's state (two writes).
        jobStatus: expect.not.stringMatching(/queued|running/),
      });
    return (await api(t, 'GET', `/api/media/${mediaId}/video-state`, { cookie: owner })).body;
  }
  async function bytes(url: string, cookie = owner) {
    const res = await fetch(`${t.url}${url}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return {
      body: Buffer.from(await res.arrayBuffer()),
      type: res.headers.get('content-type'),
      cache: res.headers.get('cache-control'),
    };
  }

  it('a rotated HEVC .mov gets an H.264/AAC proxy in display orientation, a poster and German captions; the original stays as it was', async () => {
    const { contentId, mediaId } = await uploadVideo(phoneMov, 'Handy Clip.mov');
    const state = await settled(mediaId);
    expect(state).toMatchObject({
      mediaState: 'ready',
      jobStatus: 'done',
      progress: 1,
      captionState: 'ready',
      hasProxy: true,
      hasThumbnail: true,
      width: 240,
      height: 320,
    });

    const proxy = await bytes(`/api/media/${mediaId}/proxy`);
    expect(proxy.type).toBe('video/mp4');
    // Personal media stays out of the browser's cache (a shared computer after sign-out).
    expect(proxy.cache).toBe('private, no-store');
    const proxyFile = path.join(dir, `proxy-${mediaId}.mp4`);
    writeFileSync(proxyFile, proxy.body);
    const streams = probeStreams(proxyFile);
    const v = streams.find((s) => s.codec_type === 'video')!;
    expect(v).toMatchObject({ codec_name: 'h264', width: 240, height: 320 });
    expect(v.side_data_list?.some((d) => d.rotation)).toBeFalsy();
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    // faststart: the index (moov) comes before the media data.
    expect(proxy.body.indexOf('moov')).toBeLessThan(proxy.body.indexOf('mdat'));
    expect((await bytes(`/api/media/${mediaId}/file`)).body.equals(phoneMov)).toBe(true);
    const poster = await bytes(`/api/media/${mediaId}/thumbnail`);
    expect([poster.type, poster.cache]).toEqual(['image/jpeg', 'private, no-store']);

    // The speech went to the transcriber as audio, with verbose_json for segment times.
    expect(fake.requests.at(-1)).toMatchObject({ responseFormat: 'verbose_json', fileType: 'audio/ogg' });
    const vtt = (await bytes(`/api/media/${mediaId}/captions.vtt`)).body.toString();
    expect(vtt).toMatch(/^WEBVTT\n\n00:00:00\.500 --> /);
    expect(vtt).toContain('Wir haben die Anlage im Frühjahr umgebaut,');
    const srt = (await bytes(`/api/media/${mediaId}/captions.srt`)).body.toString();
    expect(srt).toMatch(/^1\n00:00:00,500 --> /);
    // The words joined the submission's transcript.
    expect((await api(t, 'GET', `/api/submissions/${contentId}`, { cookie: owner })).body.transcript).toBe(SPOKEN);

    // An edit of the transcript: the captions follow.
    await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
      cookie: owner,
      body: { transcript: SPOKEN.replace('Frühjahr', 'Frühling') },
    });
    const edited = (await bytes(`/api/media/${mediaId}/captions.vtt`)).body.toString();
    expect(edited).toContain('im Frühling umgebaut,');
    expect(edited.split('\n')[2]).toBe(vtt.split('\n')[2]);

    // The ZIP holds the captions next to the file.
    const zip = readZip((await bytes(`/api/inbox/${contentId}/zip`, admin)).body);
    expect([...zip.keys()]).toEqual(
      expect.arrayContaining(['Handy Clip.mov', 'Handy Clip.mov.de.vtt', 'Handy Clip.mov.de.srt']),
    );
    expect(zip.get('Handy Clip.mov.de.vtt')!.toString()).toContain('Frühling');
    expect(zip.get('Handy Clip.mov')!.equals(phoneMov)).toBe(true);

    // The media list hands out signed proxy and captions URLs.
    const list = (await api(t, 'GET', `/api/submissions/${contentId}/media`, { cookie: owner })).body;
    const item = list.find((m: { id: number }) => m.id === mediaId);
    expect(item.proxyUrl).toMatch(/^\/api\/media\/\d+\/proxy\?exp=/);
    expect((await fetch(`${t.url}${item.captionsUrl}`)).status).toBe(200);
  }, 120_000);

  it('a video without sound plays, gets no captions and says so', async () => {
    const { mediaId } = await uploadVideo(silentMp4, 'stumm.mp4');
    const state = await settled(mediaId);
    expect(state).toMatchObject({ mediaState: 'ready', captionState: 'none', width: 160, height: 120 });
    expect((await api(t, 'GET', `/api/media/${mediaId}/captions.vtt`, { cookie: owner })).status).toBe(404);
  }, 60_000);

  it('a clip whose picture ends before the poster point (one frame, 2 s of sound) gets the first frame as poster; the job does not fail', async () => {
    const file = path.join(dir, 'kurz.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=0.1'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=300:duration=2', '-c:v', 'libx264', '-c:a', 'aac', '-y', file],
    ]);
    const { mediaId } = await uploadVideo(readFileSync(file), 'kurz.mp4');
    await expect
      .poll(async () => (await api(t, 'GET', `/api/media/${mediaId}/video-state`, { cookie: owner })).body, {
        timeout: 60_000,
        interval: 250,
      })
      .toMatchObject({ jobStatus: expect.stringMatching(/done|failed/) });
    const state = (await api(t, 'GET', `/api/media/${mediaId}/video-state`, { cookie: owner })).body;
    expect(state).toMatchObject({ mediaState: 'ready', jobStatus: 'done', hasProxy: true, hasThumbnail: true });
    expect((await bytes(`/api/media/${mediaId}/thumbnail`)).type).toBe('image/jpeg');
  }, 60_000);

  it('a file that only looks like a video is marked unreadable, the original kept', async () => {
    const broken = Buffer.concat([silentMp4.subarray(0, 64), Buffer.alloc(4000, 7)]);
    const { mediaId } = await uploadVideo(broken, 'kaputt.mp4');
    const state = await settled(mediaId);
    expect(state).toMatchObject({ mediaState: 'unreadable', hasProxy: false });
    expect((await bytes(`/api/media/${mediaId}/file`)).body.equals(broken)).toBe(true);
  }, 60_000);

  it('an interview recording gets captions of its own; the interview transcript stays as it was', async () => {
    const contentId = await newSubmission();
    await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
      cookie: owner,
      body: { transcript: 'Interviewer: Was haben Sie umgebaut?\n\nSie: Die Anlage.' },
    });
    const wav = readFileSync(speech.wav);
    const media = await attachFile(t.app, {
      contentId,
      kind: 'audio',
      body: wav,
      originalName: 'interview.wav',
      contentType: 'audio/wav',
      extension: 'wav',
      size: wav.length,
    });
    expect(await queueCaptions(t.app, media.id)).toBeGreaterThan(0);
    await expect
      .poll(
        async () =>
          (await t.app.db.selectFrom('media').select('caption_state').where('id', '=', media.id).executeTakeFirst())
            ?.caption_state,
        { timeout: 30_000 },
      )
      .toBe('ready');
    expect((await bytes(`/api/media/${media.id}/captions.vtt`)).body.toString()).toContain('Wir haben die Anlage');
    expect((await api(t, 'GET', `/api/submissions/${contentId}`, { cookie: owner })).body.transcript).toBe(
      'Interviewer: Was haben Sie umgebaut?\n\nSie: Die Anlage.',
    );
  }, 60_000);

  it('a voice message gets captions from its transcription', async () => {
    const contentId = await newSubmission();
    const res = await fetch(`${t.url}/api/submissions/${contentId}/voice-message`, {
      method: 'POST',
      headers: { cookie: owner, origin: t.url, 'content-type': 'audio/ogg' },
      body: new Uint8Array(readFileSync(speech.ogg)),
    });
    expect(res.status).toBe(202);
    const [audio] = await t.app.db
      .selectFrom('media')
      .selectAll()
      .where('submission_id', '=', contentId)
      .where('kind', '=', 'audio')
      .execute();
    await expect
      .poll(
        async () =>
          (await t.app.db.selectFrom('media').select('caption_state').where('id', '=', audio!.id).executeTakeFirst())
            ?.caption_state,
        { timeout: 20_000 },
      )
      .toBe('ready');
    const zip = readZip((await bytes(`/api/inbox/${contentId}/zip`, admin)).body);
    const name = audio!.original_name;
    expect(zip.get(`${name}.de.srt`)!.toString()).toContain('Das hat wirklich niemand erwartet!');
  }, 60_000);
});
