import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDefaults } from '../../common/schemas/tenants';
import { texts } from '../../common/texts';
import { tusUpload } from '../uploads/testing/tus';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';
import { measureMedia } from './measure';
import { jobTimeLimitMs } from './runner';

/**
 * Issue 37, points 1 and 2: lengths are measured from packets, never believed from a header, and
 * media past the cap (signed in, or on the public link) is refused before any work, naming the
 * limit. The fixtures are made here with ffmpeg, cheaply: one minute encoded, the rest copied.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'ca-media-limits-'));
const ff = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

/** 10 hours of 16×16 px at 1 fps with 8 kbit/s audio (about 3.6 MB): a minute repeated by stream copy. */
function tenHours(): Buffer {
  const chunk = path.join(dir, 'minute.mp4');
  const file = path.join(dir, 'zehn-stunden.mp4');
  ff(
    ...['-f', 'lavfi', '-i', 'color=c=gray:s=16x16:r=1', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '60'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '600', '-c:a', 'aac', '-b:a', '8k', chunk],
  );
  ff('-stream_loop', '599', '-i', chunk, '-c', 'copy', file);
  return readFileSync(file);
}

/** A 40 s WebM whose Segment Duration (EBML 0x4489, float64) was rewritten to 5 000 ms. */
function webmClaimingFiveSeconds(): Buffer {
  const file = path.join(dir, 'vierzig.webm');
  ff(
    ...['-f', 'lavfi', '-i', 'testsrc=size=16x16:rate=2', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono'],
    ...['-t', '40', '-c:v', 'libvpx', '-b:v', '20k', '-c:a', 'libopus', '-b:a', '6k', file],
  );
  const bytes = readFileSync(file);
  const at = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  expect(at).toBeGreaterThan(0);
  bytes.writeDoubleBE(5000, at + 3);
  return bytes;
}

/** 16 minutes of Opus speech-rate audio (a voice message past the public cap of 15). */
function sixteenMinutesOgg(): Buffer {
  const minute = path.join(dir, 'minute.ogg');
  const file = path.join(dir, 'sechzehn.ogg');
  ff('-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '60', '-c:a', 'libopus', '-b:a', '6k', minute);
  ff('-stream_loop', '15', '-i', minute, '-c', 'copy', file);
  return readFileSync(file);
}

const long = tenHours();
const rewritten = webmClaimingFiveSeconds();
const voice = sixteenMinutesOgg();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('measuring media', () => {
  it('measures the rewritten WebM at 40 s from its packets, though its header says 5 s', async () => {
    const file = path.join(dir, 'vierzig-5s.webm');
    writeFileSync(file, rewritten);
    const header = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
    expect(Number(header.toString())).toBeCloseTo(5, 0);
    const measured = await measureMedia(file, { mime: 'video/webm', limitSeconds: 120 * 60 });
    expect(measured.seconds).toBeGreaterThan(39);
    expect(measured.seconds).toBeLessThan(41);
    expect(measured).toMatchObject({ over: false, video: true, audio: true, oversized: false });
  });

  it('stops reading a 10-hour file a second past the limit and calls it over', async () => {
    const file = path.join(dir, 'zehn-stunden.mp4');
    const measured = await measureMedia(file, { mime: 'video/mp4', limitSeconds: 15 * 60 });
    expect(measured.over).toBe(true);
    expect(measured.seconds).toBeLessThan(15 * 60 + 5);
  });

  it('gives each job a time limit proportional to its length, never past the ceiling', () => {
    expect(jobTimeLimitMs(10, 7_200_000)).toBe((120 + 40) * 1000);
    expect(jobTimeLimitMs(3600, 7_200_000)).toBe(7_200_000);
    expect(jobTimeLimitMs(36_000, 7_200_000)).toBe(7_200_000);
  });
});

describe.each(dialects)('the cap on hours on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { ALTCHA_MAX_NUMBER: '2000' });
    await addUser(t.app, 'vdi@example.org', 'vdi_admin');
    await addUser(t.app, 'admin@example.org', 'admin');
    owner = await login(t, 'vdi@example.org');
    admin = await login(t, 'admin@example.org');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const mediaRows = (contentId: number) =>
    t.app.db.selectFrom('media').select('id').where('submission_id', '=', contentId).execute();
  const mediaJobs = () => t.app.db.selectFrom('jobs').select('id').where('kind', 'like', 'media.%').execute();

  async function publicSubmission(kind: 'upload' | 'video' | 'voice', topic?: string) {
    const challenge = (await api(t, 'GET', '/api/public/challenge')).body;
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(
      JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
    ).toString('base64');
    const created = await api(t, 'POST', '/api/public/submissions', {
      body: { tenant: 'vdi', kind, ...(topic ? { topic } : {}), altcha },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { contentId: created.body.contentId as number, headers: { 'x-submission-token': created.body.accessToken } };
  }

  it('tells operators the limits on /api/media/limits', async () => {
    const res = await api(t, 'GET', '/api/media/limits');
    expect(res.body).toMatchObject({
      maxMediaMinutes: 120,
      maxPublicMediaMinutes: 15,
      jobBaseSeconds: 120,
      jobSecondsPerMediaSecond: 4,
      jobMaxSeconds: 7200,
    });
  });

  it('refuses a 10-hour video signed in (120 minutes) and on the public link (15 minutes), before any work', async () => {
    const jobsBefore = (await mediaJobs()).length;
    const contentId = (
      await api(t, 'POST', '/api/submissions', { cookie: owner, body: { tenant: 'vdi', kind: 'upload' } })
    ).body.contentId as number;
    const signedIn = await tusUpload(t, {
      bytes: long,
      contentId,
      page: 'upload',
      filename: 'Vortrag.mp4',
      headers: { cookie: owner },
    });
    expect(signedIn.status).toBe(422);
    expect(signedIn.body).toMatchObject({
      error: 'too_long',
      title: texts.uploads.mediaTooLongTitle,
      message: texts.uploads.mediaTooLong('Vortrag.mp4', 120),
    });
    expect(await mediaRows(contentId)).toEqual([]);

    const anonymous = await publicSubmission('upload');
    const viaLink = await tusUpload(t, {
      bytes: long,
      contentId: anonymous.contentId,
      page: 'upload',
      filename: 'Vortrag.mp4',
      headers: anonymous.headers,
    });
    expect(viaLink.status).toBe(422);
    expect(viaLink.body.message).toBe(texts.uploads.mediaTooLong('Vortrag.mp4', 15));
    expect(viaLink.body.message).toContain('15 Minuten');
    expect(await mediaRows(anonymous.contentId)).toEqual([]);
    // No proxy, poster or captions job was queued for either.
    expect((await mediaJobs()).length).toBe(jobsBefore);
  }, 60_000);

  it('refuses a 16-minute voice message on the public link, naming 15 minutes; nothing stored or counted', async () => {
    const anonymous = await publicSubmission('voice');
    const res = await fetch(`${t.url}/api/submissions/${anonymous.contentId}/voice-message`, {
      method: 'POST',
      headers: { 'content-type': 'audio/ogg', origin: t.url, ...anonymous.headers },
      body: new Uint8Array(voice),
    });
    const body = await res.json();
    expect(res.status).toBe(413);
    expect(body.message).toBe(texts.voiceMessages.tooLong(15));
    expect(await mediaRows(anonymous.contentId)).toEqual([]);
    const usage = await t.app.db
      .selectFrom('public_usage')
      .select('id')
      .where('submission_id', '=', anonymous.contentId)
      .execute();
    expect(usage).toEqual([]);
  });

  it('keeps a voice message within the cap with its length measured from its packets', async () => {
    const contentId = (
      await api(t, 'POST', '/api/submissions', { cookie: owner, body: { tenant: 'vdi', kind: 'voice' } })
    ).body.contentId as number;
    const minute = readFileSync(path.join(dir, 'minute.ogg'));
    const res = await fetch(`${t.url}/api/submissions/${contentId}/voice-message`, {
      method: 'POST',
      headers: { 'content-type': 'audio/ogg', origin: t.url, cookie: owner },
      body: new Uint8Array(minute),
    });
    expect(res.status).toBeLessThan(300);
    const [row] = await t.app.db
      .selectFrom('media')
      .select('duration_ms')
      .where('submission_id', '=', contentId)
      .execute();
    expect(Number(row!.duration_ms)).toBeGreaterThan(59_000);
    expect(Number(row!.duration_ms)).toBeLessThan(61_000);
  });

  it('refuses the WebM whose header claims 5 s against a 15 s question: it is 40 s long', async () => {
    const row = (await api(t, 'GET', '/api/tenants/vdi')).body;
    const body = {
      ...tenantDefaults,
      ...row,
      entryCards: [...(row.entryCards as string[]).filter((c) => c !== 'video-answer'), 'video-answer'],
      videoMaxSeconds: 15,
    };
    for (const k of ['key', 'logoUrl', 'builtin', 'archivedAt', 'createdAt', 'updatedAt']) delete body[k];
    expect((await api(t, 'PUT', '/api/admin/tenants/vdi', { cookie: admin, body })).status).toBe(200);
    const anonymous = await publicSubmission('video', 'tech-dive');
    const res = await tusUpload(t, {
      bytes: rewritten,
      contentId: anonymous.contentId,
      page: 'video-answer',
      filename: 'Videoantwort Frage 1.webm',
      headers: anonymous.headers,
      metadata: { question: '0' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'too_long', message: texts.videoAnswers.tooLong(15) });
    expect(await mediaRows(anonymous.contentId)).toEqual([]);
  }, 30_000);
});
