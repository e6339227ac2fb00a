import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { texts } from '../../common/texts';
import { expireEmptySubmissions, EXPIRE_EMPTY_JOB } from '../jobs/expire-empty';
import { measureMedia } from '../media-jobs/measure';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fake-openai';
import { germanSpeech } from '../transcription/test-audio';
import { createUpload, patchUpload, tusUpload } from '../uploads/testing/tus';
import { pdf } from '../uploads/testing/fixtures';
import { PUBLIC_MAX_FILES, surfaceFor } from '../../common/upload-rules';
import WebSocket from 'ws';
import { ProtocolClient } from '../interview/testing/protocol-client';

const p = texts.publicLink;

/** Solves the ALTCHA proof of work as the browser does, and returns the form value. */
async function solveAltcha(t: TestApp): Promise<string> {
  const challenge = (await api(t, 'GET', '/api/public/challenge')).body;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}
const speech = readFileSync(germanSpeech('Hallo, ich erzähle von meiner Arbeit.').webm);

describe.each(dialects)('public link limits on %s', (dialect) => {
  let t: TestApp;
  let openai: FakeOpenAI;

  beforeAll(async () => {
    openai = await startFakeOpenAI();
    t = await startTestApp(dialect, {
      ALTCHA_MAX_NUMBER: '2000',
      PUBLIC_SUBMISSIONS_PER_HOUR: '100',
      TRANSCRIBER: 'openai',
      OPENAI_BASE_URL: openai.url,
      OPENAI_API_KEY: 'test',
      PUBLIC_RECORDINGS_PER_SUBMISSION: '2',
      PUBLIC_RECORDINGS_PER_HOUR_PER_ADDRESS: '4',
      PUBLIC_TRANSCRIPTIONS_PER_SUBMISSION: '3',
      PUBLIC_INTERVIEWS_PER_ADDRESS: '1',
      PUBLIC_INTERVIEWS_TOTAL: '2',
      PUBLIC_AUDIO_MINUTES_PER_HOUR_PER_ADDRESS: '30',
      PUBLIC_UPLOAD_MB_PER_HOUR_PER_ADDRESS: '10',
      RECORDINGS_PER_HOUR_PER_USER: '4',
      TRANSCRIPTIONS_PER_HOUR_PER_USER: '3',
      PUBLIC_UPLOAD_MB_PER_HOUR: '30',
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await openai?.close();
  });

  async function publicSubmission(): Promise<{ contentId: number; token: string }> {
    const created = await api(t, 'POST', '/api/public/submissions', {
      body: { tenant: 'vdi', altcha: await solveAltcha(t) },
    });
    expect(created.status).toBe(201);
    return { contentId: created.body.contentId, token: created.body.accessToken };
  }

  async function voiceMessage(s: { contentId: number; token: string }) {
    const res = await fetch(`${t.url}/api/submissions/${s.contentId}/voice-message`, {
      method: 'POST',
      headers: { 'content-type': 'audio/webm', origin: t.url, 'x-submission-token': s.token },
      body: new Uint8Array(speech),
    });
    return { status: res.status, body: await res.json() };
  }

  it('refuses a third voice message on one public submission, and a retranscription beyond the cap, in German', async () => {
    const s = await publicSubmission();
    const first = await voiceMessage(s);
    expect(first.status).toBe(202);
    expect((await voiceMessage(s)).status).toBe(202);
    const third = await voiceMessage(s);
    expect(third.status).toBe(429);
    expect(third.body.message).toBe(p.recordingsPerSubmission(2));
    // Two transcriptions came with the uploads; one retry is left.
    const retry = () =>
      api(t, 'POST', `/api/submissions/${s.contentId}/transcriptions`, {
        body: { mediaId: first.body.mediaId },
        headers: { 'x-submission-token': s.token },
      });
    expect((await retry()).status).toBe(202);
    const refused = await retry();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(p.transcriptionsPerSubmission(3));
    const media = await t.app.db
      .selectFrom('media')
      .select('id')
      .where('submission_id', '=', s.contentId)
      .where('kind', '=', 'audio')
      .execute();
    expect(media).toHaveLength(2);
  });

  it('caps voice messages per address and hour across submissions', async () => {
    // 2 recordings from the test above, 2 more are allowed from this address, then none.
    const a = await publicSubmission();
    expect((await voiceMessage(a)).status).toBe(202);
    const b = await publicSubmission();
    expect((await voiceMessage(b)).status).toBe(202);
    const c = await publicSubmission();
    const refused = await voiceMessage(c);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(p.recordingsPerAddress);
  });

  it('a signed-in contributor is not counted by the public limits', async () => {
    await addUser(t.app, 'vdi@example.org', 'vdi_admin');
    const cookie = await login(t, 'vdi@example.org');
    const created = await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'voice' } });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${t.url}/api/submissions/${created.body.contentId}/voice-message`, {
        method: 'POST',
        headers: { 'content-type': 'audio/webm', origin: t.url, cookie },
        body: new Uint8Array(speech),
      });
      expect(res.status).toBe(202);
    }
  });

  it('bounds a signed-in contributor too, generously: voice messages and re-transcriptions per session and hour, in German', async () => {
    const cookie = await login(t, 'vdi@example.org');
    const created = await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'voice' } });
    const send = () =>
      fetch(`${t.url}/api/submissions/${created.body.contentId}/voice-message`, {
        method: 'POST',
        headers: { 'content-type': 'audio/webm', origin: t.url, cookie },
        body: new Uint8Array(speech),
      });
    let mediaId = 0;
    for (let i = 0; i < 4; i++) {
      const res = await send();
      expect(res.status).toBe(202);
      mediaId = ((await res.json()) as { mediaId: number }).mediaId;
    }
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(texts.voiceMessages.tooManyRecordings);
    const retry = () =>
      api(t, 'POST', `/api/submissions/${created.body.contentId}/transcriptions`, { cookie, body: { mediaId } });
    for (let i = 0; i < 3; i++) expect((await retry()).status).toBe(202);
    const tooMany = await retry();
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.message).toBe(texts.voiceMessages.tooManyTranscriptions);
  });

  it('holds one running public interview per address and a total, and frees the slot on a new start of the same submission', async () => {
    await t.app.db.deleteFrom('public_usage').execute();
    const a = await publicSubmission();
    const b = await publicSubmission();
    const signed = (s: { contentId: number; token: string }) =>
      api(t, 'GET', `/api/voice/signed-url?tenant=vdi&topic=free-topic&contentId=${s.contentId}`, {
        headers: { 'x-submission-token': s.token },
      });
    expect((await signed(a)).status).toBe(200);
    const busy = await signed(b);
    expect(busy.status).toBe(429);
    expect(busy.body.message).toBe(p.interviewsBusyAddress);
    // The same browser starting again does not lock itself out.
    expect((await signed(a)).status).toBe(200);
    // Elsewhere, two other visitors are interviewing: the total is reached.
    await t.app.db.updateTable('public_usage').set({ ended_at: Date.now() }).execute();
    for (const address of ['198.51.100.1', '198.51.100.2'])
      await t.app.db
        .insertInto('public_usage')
        .values({ kind: 'interview', address, submission_id: null, started_at: Date.now(), ended_at: null, seconds: 0 })
        .execute();
    const full = await signed(b);
    expect(full.status).toBe(429);
    expect(full.body.message).toBe(p.interviewsBusyTotal);
  });

  it('counts minutes of audio per hour, per address and in total', async () => {
    await t.app.db.deleteFrom('public_usage').execute();
    const now = Date.now();
    // Two interviews of 16 minutes from this address (the test's own) in the last hour.
    const s = await publicSubmission();
    for (const [from, to] of [
      [50, 34],
      [30, 14],
    ])
      await t.app.db
        .insertInto('public_usage')
        .values({
          kind: 'interview',
          address: '127.0.0.1',
          submission_id: null,
          started_at: now - from! * 60_000,
          ended_at: now - to! * 60_000,
          seconds: 0,
        })
        .execute();
    const refused = await api(t, 'GET', `/api/voice/signed-url?tenant=vdi&topic=free-topic&contentId=${s.contentId}`, {
      headers: { 'x-submission-token': s.token },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(p.audioMinutesAddress);
    expect((await voiceMessage(s)).body.message).toBe(p.audioMinutesAddress);
    // Minutes older than an hour no longer count.
    await t.app.db
      .updateTable('public_usage')
      .set({ started_at: now - 120 * 60_000, ended_at: now - 90 * 60_000 })
      .where('kind', '=', 'interview')
      .execute();
    expect(
      (
        await api(t, 'GET', `/api/voice/signed-url?tenant=vdi&topic=free-topic&contentId=${s.contentId}`, {
          headers: { 'x-submission-token': s.token },
        })
      ).status,
    ).toBe(200);
    // 16 other visitors spoke 20 minutes each in the last hour: 320 of the 300 minutes in total.
    await t.app.db.updateTable('public_usage').set({ ended_at: now }).execute();
    for (let n = 0; n < 16; n++)
      await t.app.db
        .insertInto('public_usage')
        .values({
          kind: 'interview',
          address: `203.0.113.${n}`,
          submission_id: null,
          started_at: now - 30 * 60_000,
          ended_at: now - 10 * 60_000,
          seconds: 0,
        })
        .execute();
    const full = await api(t, 'GET', `/api/voice/signed-url?tenant=vdi&topic=free-topic&contentId=${s.contentId}`, {
      headers: { 'x-submission-token': s.token },
    });
    expect(full.status).toBe(429);
    expect(full.body.message).toBe(p.audioMinutesTotal);
  });
  it('admits exactly the audio minutes it names', async () => {
    await t.app.db.deleteFrom('public_usage').execute();
    const s = await publicSubmission();
    const now = Date.now();
    // 30 minutes per address: spoken so far is 30 minutes less this voice message.
    // The message counts its length measured from its packets, in whole seconds.
    const measured = await measureMedia(germanSpeech('Hallo, ich erzähle von meiner Arbeit.').webm, {
      mime: 'audio/webm',
      limitSeconds: 60,
    });
    const spoken = 30 * 60 - Math.ceil(measured.seconds!);
    // Two interviews (one counts at most PUBLIC_INTERVIEW_MAX_MINUTES).
    for (const [start, seconds] of [
      [55, 15 * 60],
      [35, spoken - 15 * 60],
    ] as const)
      await t.app.db
        .insertInto('public_usage')
        .values({
          kind: 'interview',
          address: '127.0.0.1',
          submission_id: null,
          started_at: now - start * 60_000,
          ended_at: now - start * 60_000 + seconds * 1000,
          seconds: 0,
        })
        .execute();
    expect((await voiceMessage(s)).status).toBe(202);
    const refused = await voiceMessage(s);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(p.audioMinutesAddress);
  });

  it('frees the slot of a signed URL that is never used when its token expires; a begun interview holds it', async () => {
    await t.app.db.deleteFrom('public_usage').execute();
    const signed = (s: { contentId: number; token: string }) =>
      api(t, 'GET', `/api/voice/signed-url?tenant=vdi&topic=free-topic&contentId=${s.contentId}`, {
        headers: { 'x-submission-token': s.token },
      });
    const a = await publicSubmission();
    const b = await publicSubmission();
    expect((await signed(a)).status).toBe(200);
    expect((await signed(b)).status).toBe(429);
    // Three minutes later the unused URL's token is long expired: its slot no longer counts.
    const back = async (minutes: number) => {
      const rows = await t.app.db
        .selectFrom('public_usage')
        .select(['id', 'started_at', 'lapses_at'])
        .where('kind', '=', 'interview')
        .execute();
      for (const r of rows)
        await t.app.db
          .updateTable('public_usage')
          .set({
            started_at: Number(r.started_at) - minutes * 60_000,
            lapses_at: r.lapses_at === null ? null : Number(r.lapses_at) - minutes * 60_000,
          })
          .where('id', '=', r.id)
          .execute();
    };
    await back(3);
    const fresh = await signed(b);
    expect(fresh.status).toBe(200);
    // This one is used: the interview begins and holds its slot past the token's lifetime.
    const client = await ProtocolClient.connect(fresh.body.signedUrl);
    try {
      await client.until(() => client.messages.length > 0, 20_000);
      await vi.waitFor(async () =>
        expect(
          (
            await t.app.db
              .selectFrom('public_usage')
              .select('lapses_at')
              .where('submission_id', '=', b.contentId)
              .executeTakeFirstOrThrow()
          ).lapses_at,
        ).toBeNull(),
      );
      await back(3);
      const busy = await signed(await publicSubmission());
      expect(busy.status).toBe(429);
      expect(busy.body.message).toBe(p.interviewsBusyAddress);
    } finally {
      client.close();
    }
  });

  // The refused handshake also must not stay half open: the app's close waited for it for ever
  // (afterAll timed out) until the WebSocket plugin came before the Origin guard (http/websocket.ts).
  it('the interview socket checks Origin like every other route', async () => {
    await t.app.db.deleteFrom('public_usage').execute();
    const s = await publicSubmission();
    const open = async (origin: string) => {
      const signed = await api(t, 'GET', `/api/voice/signed-url?tenant=vdi&topic=free-topic&contentId=${s.contentId}`, {
        headers: { 'x-submission-token': s.token },
      });
      expect(signed.status).toBe(200);
      const socket = new WebSocket(signed.body.signedUrl, ['convai'], { origin });
      return new Promise<number>((resolve) => {
        socket.once('open', () => {
          socket.close();
          resolve(101);
        });
        socket.once('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          socket.terminate();
        });
        socket.once('error', () => resolve(0));
      });
    };
    expect(await open('https://evil.example')).toBe(403);
    expect(await open(t.url)).toBe(101);
  });

  it('holds fewer files per public submission than signed in, on every page, in German', async () => {
    await t.app.db.deleteFrom('public_usage').execute();
    const s = await publicSubmission();
    const token = { 'x-submission-token': s.token };
    const send = (contentId: number, page: string, n: number, headers: Record<string, string>) =>
      tusUpload(t, { bytes: pdf(), contentId, page, filename: `seite-${n}.pdf`, headers });
    for (let n = 0; n < PUBLIC_MAX_FILES; n++)
      expect((await send(s.contentId, 'public-upload', n, token)).status).toBe(200);
    // The next one is refused before a byte is sent, also when it names the signed-in page.
    for (const page of ['public-upload', 'upload']) {
      const refused = await createUpload(t, {
        size: pdf().length,
        contentId: s.contentId,
        page,
        filename: 'zu-viel.pdf',
        headers: token,
      });
      expect(refused.status, page).toBe(429);
      expect(refused.body.message).toBe(texts.uploads.tooMany(PUBLIC_MAX_FILES));
    }
    const rows = await t.app.db.selectFrom('media').select('id').where('submission_id', '=', s.contentId).execute();
    expect(rows).toHaveLength(PUBLIC_MAX_FILES);
    // Signed in, the page keeps the spec's limit.
    await addUser(t.app, 'dateien@example.org', 'vdi_admin');
    const cookie = await login(t, 'dateien@example.org');
    const own = (await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } })).body
      .contentId as number;
    for (let n = 0; n <= PUBLIC_MAX_FILES; n++) expect((await send(own, 'upload', n, { cookie })).status).toBe(200);
    expect(surfaceFor({}, 'upload').maxFiles).toBeGreaterThan(PUBLIC_MAX_FILES);
    expect(surfaceFor({}, 'public-upload').maxFiles).toBe(PUBLIC_MAX_FILES);
  });

  it('answers 404 in German for a voice asset named like an object property', async () => {
    for (const name of ['hasOwnProperty', 'constructor', '__proto__', 'toString']) {
      const res = await api(t, 'GET', `/api/voice/assets/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.body.message).toBe(texts.common.notFound);
    }
  });

  const MB = 1024 * 1024;
  const create = (s: { contentId: number; token: string }, size: number, headers: Record<string, string> = {}) =>
    createUpload(t, {
      size,
      contentId: s.contentId,
      page: 'upload',
      filename: 'film.mp4',
      headers: { 'x-submission-token': s.token, ...headers },
    });

  it('counts the declared bytes of public uploads per address and hour and in total, and refuses beyond them in German before a byte is sent', async () => {
    await t.app.db.deleteFrom('public_usage').execute();
    const s = await publicSubmission();
    expect((await create(s, 6 * MB)).status).toBe(201);
    const refused = await create(s, 5 * MB);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(p.uploadBytesAddress);
    // A refusal does not count: what is left of the budget still goes.
    expect((await create(s, 4 * MB)).status).toBe(201);
    // No length declared (deferred): refused on the public link.
    const deferred = await create(s, 0, { 'upload-length': '', 'upload-defer-length': '1' });
    expect(deferred.status).toBe(400);
    expect(deferred.body.message).toBe(p.uploadLengthRequired);
    // Other visitors uploaded 25 MB in the last hour: 30 MB in total are reached.
    await t.app.db.deleteFrom('public_usage').where('kind', '=', 'upload').execute();
    for (let n = 0; n < 5; n++)
      await t.app.db
        .insertInto('public_usage')
        .values({
          kind: 'upload',
          address: `203.0.113.${n}`,
          submission_id: null,
          started_at: Date.now(),
          ended_at: Date.now(),
          seconds: 0,
          bytes: 5 * MB,
        })
        .execute();
    const full = await create(s, 6 * MB);
    expect(full.status).toBe(429);
    expect(full.body.message).toBe(p.uploadBytesTotal);
    // Bytes older than an hour no longer count.
    await t.app.db
      .updateTable('public_usage')
      .set({ started_at: Date.now() - 61 * 60_000 })
      .where('kind', '=', 'upload')
      .execute();
    expect((await create(s, 6 * MB)).status).toBe(201);
    // A signed-in contributor's uploads are not counted.
    await t.app.db.deleteFrom('public_usage').execute();
    const cookie = await login(t, 'vdi@example.org');
    const own = await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } });
    for (let i = 0; i < 3; i++)
      expect(
        (
          await createUpload(t, {
            size: 9 * MB,
            contentId: own.body.contentId,
            page: 'upload',
            filename: 'film.mp4',
            headers: { cookie },
          })
        ).status,
      ).toBe(201);
  });

  it('refuses every request of an existing anonymous token at once when the public link is switched off or the tenant archived', async () => {
    await t.app.db.deleteFrom('public_usage').execute();
    const s = await publicSubmission();
    const upload = await create(s, 1000);
    expect(upload.status).toBe(201);
    const token = { 'x-submission-token': s.token };
    const requests = async () => [
      await create(s, 1000),
      await patchUpload(upload.location!, 0, Buffer.alloc(10), token),
      await voiceMessage(s),
      await api(t, 'GET', `/api/voice/signed-url?tenant=vdi&topic=free-topic&contentId=${s.contentId}`, {
        headers: token,
      }),
      await api(t, 'GET', `/api/submissions/${s.contentId}`, { headers: token }),
      await api(t, 'PUT', `/api/submissions/${s.contentId}/contact`, {
        headers: token,
        body: { name: 'Erika', email: 'erika@example.org' },
      }),
    ];
    const set = async (values: { public_link?: number; archived_at?: string | null }) => {
      await t.app.db.updateTable('tenants').set(values).where('key', '=', 'vdi').execute();
      t.app.tenantRegistry.invalidate();
    };
    try {
      for (const off of [{ public_link: 0 }, { archived_at: new Date().toISOString() }]) {
        await set(off);
        for (const res of await requests()) {
          expect(res.status).toBe(403);
          expect(res.body.message).toBe(p.linkClosed);
        }
        await set({ public_link: 1, archived_at: null });
      }
    } finally {
      await set({ public_link: 1, archived_at: null });
    }
    // Switched on again, the token works.
    expect((await api(t, 'GET', `/api/submissions/${s.contentId}`, { headers: token })).status).toBe(200);
  });
});

describe.each(dialects)('empty submissions on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { ALTCHA_MAX_NUMBER: '2000', EMPTY_SUBMISSION_DAYS: '7' });
    await addUser(t.app, 'admin@example.org', 'admin');
    admin = await login(t, 'admin@example.org');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const listed = async () =>
    ((await api(t, 'GET', '/api/inbox', { cookie: admin })).body.items as { contentId: number }[]).map(
      (i) => i.contentId,
    );
  const vdiTotal = async () =>
    (
      (await api(t, 'GET', '/api/admin/statistics', { cookie: admin })).body.tenants as {
        tenant: string;
        totalInterviews: number;
      }[]
    ).find((x) => x.tenant === 'vdi')!.totalInterviews;

  it('keeps a submission out of the inbox, statistics and export until content arrives; a contact alone is content', async () => {
    const created = await api(t, 'POST', '/api/submissions', {
      cookie: admin,
      body: { tenant: 'vdi', kind: 'upload' },
    });
    const id = created.body.contentId as number;
    expect(await listed()).not.toContain(id);
    expect(await vdiTotal()).toBe(0);
    expect((await api(t, 'GET', '/api/inbox/export.csv', { cookie: admin })).body).not.toMatch(
      new RegExp(`^${id},`, 'm'),
    );
    const saved = await api(t, 'PUT', `/api/submissions/${id}/contact`, {
      cookie: admin,
      body: {
        firstName: 'Erika',
        lastName: 'Muster',
        email: 'erika@example.org',
        consentText: texts.finish.consent.contact,
      },
    });
    expect(saved.status).toBe(200);
    expect(await listed()).toContain(id);
    expect(await vdiTotal()).toBe(1);
  });

  it('removes empty submissions after EMPTY_SUBMISSION_DAYS through the durable job, and keeps those with content', async () => {
    const empty = (await api(t, 'POST', '/api/submissions', { cookie: admin, body: { tenant: 'vdi', kind: 'voice' } }))
      .body.contentId as number;
    const fresh = (await api(t, 'POST', '/api/submissions', { cookie: admin, body: { tenant: 'vdi', kind: 'voice' } }))
      .body.contentId as number;
    const full = (await api(t, 'POST', '/api/submissions', { cookie: admin, body: { tenant: 'vdi', kind: 'voice' } }))
      .body.contentId as number;
    await api(t, 'PUT', `/api/submissions/${full}/transcript`, { cookie: admin, body: { transcript: 'Du: Hallo' } });
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await t.app.db.updateTable('submissions').set({ created_at: old }).where('id', 'in', [empty, full]).execute();
    const before = await vdiTotal();
    // The job is planned in the jobs table; run it now.
    await t.app.db
      .updateTable('jobs')
      .set({ run_at: new Date(0).toISOString() })
      .where('kind', '=', EXPIRE_EMPTY_JOB)
      .execute();
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);
    const left = (await t.app.db.selectFrom('submissions').select('id').execute()).map((r) => r.id);
    expect(left).not.toContain(empty);
    expect(left).toContain(fresh);
    expect(left).toContain(full);
    expect(await vdiTotal()).toBe(before);
    // The next run is planned again.
    expect(
      await t.app.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', EXPIRE_EMPTY_JOB)
        .where('status', '=', 'queued')
        .execute(),
    ).toHaveLength(1);
    expect(await expireEmptySubmissions(t.app.db, 7)).toBe(0);
  });
});

describe('a public interview ends at PUBLIC_INTERVIEW_MAX_MINUTES', () => {
  it('closes the conversation with the closing words when the slot stops counting', async () => {
    const t = await startTestApp('sqlite', { ALTCHA_MAX_NUMBER: '2000', PUBLIC_INTERVIEW_MAX_MINUTES: '0.1' });
    try {
      const created = await api(t, 'POST', '/api/public/submissions', {
        body: { tenant: 'vdi', altcha: await solveAltcha(t) },
      });
      const signed = await api(
        t,
        'GET',
        `/api/voice/signed-url?tenant=vdi&topic=free-topic&contentId=${created.body.contentId}`,
        { headers: { 'x-submission-token': created.body.accessToken } },
      );
      expect(signed.status).toBe(200);
      const client = await ProtocolClient.connect(signed.body.signedUrl);
      const opened = Date.now();
      const closed = await client.closedWith(30_000);
      expect(closed.code).toBe(1000);
      // 6 s of slot, then the closing words play out.
      expect(Date.now() - opened).toBeGreaterThan(5000);
      expect(client.of('agent_response').at(-1)!.agent_response_event.agent_response).toBe(texts.interview.closing);
    } finally {
      await t.close();
    }
  }, 60_000);
});
