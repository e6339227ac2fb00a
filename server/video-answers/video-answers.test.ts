import { execFileSync } from 'node:child_process';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDefaults } from '../../common/schemas/tenants';
import { texts } from '../../common/texts';
import { videoQuestions } from '../../common/video-answers';
import type { Dialect } from '../db/database';
import { readZip } from '../inbox/read-zip';
import { tusUpload } from '../uploads/testing/tus';
import { startS3rver } from '../storage/s3-test-server';
import { addUser, api, login, startTestApp, type TestApp } from '../testing/harness';

/**
 * A clip as MediaRecorder writes it: VP8 and Opus in WebM, written to a pipe, so the file has no
 * duration in its header (the probe has to read the packets).
 */
function recordedClip(seconds: number): Buffer {
  return execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=64x64:rate=10:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libvpx',
      '-b:v',
      '50k',
      '-c:a',
      'libopus',
      '-f',
      'webm',
      'pipe:1',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
}

/** Solves the public link's proof of work as the browser does. */
async function solveAltcha(t: TestApp): Promise<string> {
  const challenge = (await api(t, 'GET', '/api/public/challenge')).body;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

const combos: [Dialect, 'local' | 's3'][] = [
  ['sqlite', 'local'],
  ['postgres', 'local'],
  ['sqlite', 's3'],
];

describe.each(combos)('video answers on %s with the %s blob store', (dialect, storeKind) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3rver>> | null = null;
  let owner: string;
  let admin: string;
  const short = recordedClip(2);

  beforeAll(async () => {
    s3 = storeKind === 's3' ? await startS3rver() : null;
    // 30 s of video per address and hour: one clip's reservation (15 + 3 s) fits, two do not.
    t = await startTestApp(dialect, {
      ALTCHA_MAX_NUMBER: '2000',
      PUBLIC_VIDEO_MINUTES_PER_HOUR_PER_ADDRESS: '0.5',
      ...(s3?.env ?? {}),
    });
    t.app.jobs.start();
    await addUser(t.app, 'vdi@example.org', 'vdi_admin');
    await addUser(t.app, 'admin@example.org', 'admin');
    owner = await login(t, 'vdi@example.org');
    admin = await login(t, 'admin@example.org');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  async function offerVideo(on: boolean, maxSeconds = 15) {
    const row = (await api(t, 'GET', '/api/tenants/vdi')).body;
    const cards = (row.entryCards as string[]).filter((c) => c !== 'video-answer');
    const body = {
      ...tenantDefaults,
      ...row,
      entryCards: on ? [...cards, 'video-answer'] : cards,
      videoMaxSeconds: maxSeconds,
    };
    for (const k of ['key', 'logoUrl', 'builtin', 'archivedAt', 'createdAt', 'updatedAt']) delete body[k];
    const res = await api(t, 'PUT', '/api/admin/tenants/vdi', { cookie: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  async function newVideoSubmission(): Promise<number> {
    const res = await api(t, 'POST', '/api/submissions', {
      cookie: owner,
      body: { tenant: 'vdi', kind: 'video', topic: 'tech-dive' },
    });
    expect(res.status).toBe(201);
    return res.body.contentId;
  }

  const sendClip = (contentId: number, bytes: Buffer, question: number, headers: Record<string, string>) =>
    tusUpload(t, {
      bytes,
      contentId,
      page: 'video-answer',
      filename: `Videoantwort Frage ${question + 1}.webm`,
      headers,
      metadata: { question: String(question) },
    });

  async function answers(contentId: number, headers: Record<string, string>) {
    for (let i = 0; i < 200; i++) {
      const res = await api(t, 'GET', `/api/submissions/${contentId}/video-answers`, { headers });
      expect(res.status).toBe(200);
      if (res.body.every((a: { probe: string }) => a.probe !== 'pending')) return res.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('probe did not finish');
  }

  it('refuses clips while the tenant does not offer video answers', async () => {
    await offerVideo(false);
    const contentId = await newVideoSubmission();
    const res = await sendClip(contentId, short, 0, { cookie: owner });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(texts.videoAnswers.notOffered);
  });

  it('keeps each clip with its question and measures it; refuses one longer than the limit plus tolerance', async () => {
    await offerVideo(true, 15);
    expect((await api(t, 'GET', '/api/tenants/vdi')).body).toMatchObject({ videoMaxSeconds: 15 });
    const contentId = await newVideoSubmission();
    const first = await sendClip(contentId, short, 0, { cookie: owner });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.media).toMatchObject({
      kind: 'video',
      fileType: 'video/webm',
      originalName: 'Videoantwort Frage 1.webm',
    });
    // 20 s against 15 s + 3 s tolerance: measured after the upload, refused in German, nothing kept.
    const tooLong = await sendClip(contentId, recordedClip(20), 2, { cookie: owner });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body).toMatchObject({
      error: 'too_long',
      title: texts.videoAnswers.tooLongTitle,
      message: texts.videoAnswers.tooLong(15),
    });
    const kept = await t.app.db.selectFrom('media').select('id').where('submission_id', '=', contentId).execute();
    expect(kept).toHaveLength(1);
    // 17 s lies within the tolerance (a recorder stops late): accepted.
    const late = await sendClip(contentId, recordedClip(17), 2, { cookie: owner });
    expect(late.status, JSON.stringify(late.body)).toBe(200);

    const list = await answers(contentId, { cookie: owner });
    const questions = videoQuestions('engineer', 'tech-dive');
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      questionIndex: 0,
      question: questions[0],
      probe: 'done',
      overLong: false,
      maxSeconds: 15,
    });
    expect(list[0].durationSeconds).toBeGreaterThan(1.5);
    expect(list[0].durationSeconds).toBeLessThan(2.5);
    expect(list[1]).toMatchObject({ questionIndex: 2, question: questions[2], probe: 'done', overLong: false });
    expect(list[1].durationSeconds).toBeGreaterThan(16);

    // The team sees which question each clip answers.
    const detail = await api(t, 'GET', `/api/inbox/${contentId}`, { cookie: admin });
    expect(detail.status).toBe(200);
    const clips = detail.body.media.filter((m: { videoAnswer?: unknown }) => m.videoAnswer);
    expect(clips.map((m: { videoAnswer: { question: string } }) => m.videoAnswer.question)).toEqual([
      questions[0],
      questions[2],
    ]);
    // The ZIP's summary names each clip's question too.
    const zip = await fetch(`${t.url}/api/inbox/${contentId}/zip`, { headers: { cookie: admin } });
    expect(zip.status).toBe(200);
    const summary = readZip(Buffer.from(await zip.arrayBuffer()))
      .get(texts.admin.zipSummaryName)!
      .toString('utf8');
    expect(summary).toContain(`Videoantwort Frage 1.webm`);
    expect(summary).toContain(`${texts.videoAnswers.inboxQuestion(3)}: ${questions[2]}`);
  });

  it('refuses a question the topic does not have, and files that are not video', async () => {
    await offerVideo(true, 15);
    const contentId = await newVideoSubmission();
    const wrong = await sendClip(contentId, short, 40, { cookie: owner });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(texts.videoAnswers.questionInvalid);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const res = await tusUpload(t, {
      bytes: pdf,
      contentId,
      page: 'video-answer',
      filename: 'a.webm',
      headers: { cookie: owner },
      metadata: { question: '1' },
    });
    expect(res.status).toBe(415);
    expect((await api(t, 'GET', `/api/submissions/${contentId}/video-answers`, { cookie: owner })).body).toEqual([]);
  });

  it('counts the public link’s video minutes in the database and refuses past the limit', async () => {
    await offerVideo(true, 15);
    const created = await api(t, 'POST', '/api/public/submissions', {
      body: { tenant: 'vdi', kind: 'video', topic: 'tech-dive', altcha: await solveAltcha(t) },
    });
    expect(created.status).toBe(201);
    const headers = { 'x-submission-token': created.body.accessToken };
    const contentId = created.body.contentId;
    expect((await sendClip(contentId, short, 0, headers)).status).toBe(200);
    // Measured at 2 s, the first clip leaves room for one more reservation of 18 s, not two.
    const [measured] = await answers(contentId, headers);
    expect(measured.probe).toBe('done');
    const usageRows = () =>
      t.app.db
        .selectFrom('public_usage')
        .select(['seconds', 'ended_at'])
        .where('submission_id', '=', contentId)
        .where('kind', '=', 'video')
        .execute();
    // The probe marks the clip done just before it books the measured seconds.
    await expect.poll(async () => (await usageRows())[0]?.ended_at ?? null).not.toBeNull();
    const usage = await usageRows();
    expect(usage).toHaveLength(1);
    expect(Number(usage[0]!.seconds)).toBeLessThanOrEqual(3);
    expect(usage[0]!.ended_at).not.toBeNull();
    expect((await sendClip(contentId, short, 1, headers)).status).toBe(200);
    const refused = await sendClip(contentId, short, 2, headers);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      title: texts.publicLink.limitTitle,
      message: texts.videoAnswers.minutesAddress,
    });
  });
});
