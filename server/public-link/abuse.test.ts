import { readFileSync } from 'node:fs';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { api, dialects, startTestApp, type TestApp } from '../testing/harness';
import { germanSpeech } from '../transcription/test-audio';

const p = texts.publicLink;
const speech = readFileSync(germanSpeech('Hallo, ich erzähle von meiner Arbeit.').webm);

async function solveAltcha(t: TestApp): Promise<string> {
  const challenge = (await api(t, 'GET', '/api/public/challenge')).body;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

/**
 * The public link's caps per address cannot be dodged with a forged X-Forwarded-For: without
 * TRUST_PROXY the address counted is the connection's.
 */
describe.each(dialects)('public link caps against forged addresses on %s', (dialect) => {
  let t: TestApp;
  let forged = 0;
  const spoof = () => ({ 'x-forwarded-for': `203.0.113.${++forged}` });

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      ALTCHA_MAX_NUMBER: '2000',
      PUBLIC_SUBMISSIONS_PER_HOUR: '100',
      PUBLIC_RECORDINGS_PER_SUBMISSION: '5',
      PUBLIC_RECORDINGS_PER_HOUR_PER_ADDRESS: '2',
      PUBLIC_TRANSCRIPTIONS_PER_SUBMISSION: '10',
      PUBLIC_TRANSCRIPTIONS_PER_HOUR_PER_ADDRESS: '2',
    });
  }, 60_000);
  afterAll(() => t?.close());

  async function publicSubmission() {
    const created = await api(t, 'POST', '/api/public/submissions', {
      body: { tenant: 'vdi', altcha: await solveAltcha(t) },
      headers: spoof(),
    });
    expect(created.status).toBe(201);
    return { contentId: created.body.contentId as number, token: created.body.accessToken as string };
  }

  const voiceMessage = async (s: { contentId: number; token: string }) => {
    const res = await fetch(`${t.url}/api/submissions/${s.contentId}/voice-message`, {
      method: 'POST',
      headers: { 'content-type': 'audio/webm', origin: t.url, 'x-submission-token': s.token, ...spoof() },
      body: new Uint8Array(speech),
    });
    return { status: res.status, body: await res.json() };
  };

  it('caps voice messages and re-transcriptions per address however the forwarded address changes', async () => {
    const a = await publicSubmission();
    const first = await voiceMessage(a);
    expect(first.status).toBeLessThan(300);
    expect((await voiceMessage(await publicSubmission())).status).toBeLessThan(300);
    const third = await voiceMessage(await publicSubmission());
    expect(third.status).toBe(429);
    expect(third.body.message).toBe(p.recordingsPerAddress);

    const retry = () =>
      api(t, 'POST', `/api/submissions/${a.contentId}/transcriptions`, {
        body: { mediaId: first.body.mediaId },
        headers: { 'x-submission-token': a.token, ...spoof() },
      });
    expect((await retry()).status).toBeLessThan(300);
    expect((await retry()).status).toBeLessThan(300);
    const refused = await retry();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(p.transcriptionsPerAddress);
    const usage = await t.app.db.selectFrom('public_usage').select('address').distinct().execute();
    expect(usage.map((u) => u.address)).not.toContain('203.0.113.1');
  });
});
