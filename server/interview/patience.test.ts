import { afterAll, describe, expect, it } from 'vitest';
import { tenantDefaults } from '../../common/schemas/tenants';
import { addUser, api, login, startTestApp, type TestApp } from '../testing/harness';
import { interviewPlan, patienceOf } from './interviewer';
import { judgeWords } from './endpoint';
import { patienceWaits } from './patience';
import { buildClip, RATE, stories, transcriptOf, type Clip, type ClipSpec } from './testing/corpus';
import { sentenceCount, TurnDetector, type EndedTurn } from './turns';
import { createClassifier } from './vad';

/** Runs a clip through the detector with a patience's waits, in 96 ms pieces (the page's 100 ms chunks). */
async function turnsOf(clip: Clip, waits: { firstMs: number; laterMs: number }): Promise<EndedTurn[]> {
  const detector = new TurnDetector({
    classifier: await createClassifier(),
    finishedMs: waits.firstMs,
    laterMs: waits.laterMs,
    judge: async (samples) => {
      const text = transcriptOf([clip], samples);
      return { verdict: judgeWords(text), text };
    },
  });
  const turns: EndedTurn[] = [];
  detector.onTurnEnd = (t) => turns.push(t);
  for (let i = 0; i < clip.samples.length; i += 1536) await detector.push(clip.samples.subarray(i, i + 1536));
  return turns;
}

/** Issue 27: a story's pauses between sentences do not end it; a finished story gets its question soon. */
describe('the patient interviewer', () => {
  it('counts finished sentences', () => {
    expect(sentenceCount('Ich habe Maschinenbau studiert.')).toBe(1);
    expect(sentenceCount('Ich habe Maschinenbau studiert. Danach habe ich')).toBe(1);
    expect(sentenceCount('Ich komme aus Stuttgart. Dort habe ich studiert!')).toBe(2);
    expect(sentenceCount('Version 2.5 ist fertig')).toBe(0);
  });

  it('hears a story told with 1.0 s between its sentences as one answer, also at 10 dB SNR; quick cuts it after the first sentence', async () => {
    const [first, second, ...rest] = stories[1]!;
    for (const noise of [null, { kind: 'pink', snrDb: 10 }] as ClipSpec['noise'][]) {
      const clip = buildClip({
        first: first!,
        second: second!,
        pause: 1.0,
        more: rest.map((text) => ({ text, pause: 1.0 })),
        noise,
        tailMs: 2500,
      });
      const turns = await turnsOf(clip, patienceWaits.patient);
      expect(turns, JSON.stringify(noise)).toHaveLength(1);
      expect(turns[0]!.text).toBe(stories[1]!.join(' '));
      // Its end came after the last voiced sample: this person pauses about 1 s between sentences,
      // so the wait is a little longer than that (learnt), and still within 1.8 s.
      const after = ((turns[0]!.position - clip.answerEnd) / RATE) * 1000;
      expect(after).toBeGreaterThan(1000);
      expect(after).toBeLessThan(1800);
    }
    const quick = await turnsOf(
      buildClip({ first: first!, second: second!, pause: 1.0, tailMs: 2500 }),
      patienceWaits.quick,
    );
    expect(quick.length).toBe(2);
  }, 60_000);
});

describe('patience is a setting per tenant and topic', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('is stored with the tenant, checked, and decides the interviewer of that topic; the image plan is normal, others patient', async () => {
    t = await startTestApp('sqlite');
    await addUser(t.app, 'admin@example.de', 'admin');
    const cookie = await login(t, 'admin@example.de');
    const bad = await api(t, 'POST', '/api/admin/tenants', {
      cookie,
      body: { ...tenantDefaults, key: 'firma-p', name: 'Firma P', interviewPatience: { 'tech-dive': 'hastig' } },
    });
    expect(bad.status).toBe(400);
    const made = await api(t, 'POST', '/api/admin/tenants', {
      cookie,
      body: { ...tenantDefaults, key: 'firma-p', name: 'Firma P', interviewPatience: { 'tech-dive': 'quick' } },
    });
    expect(made.status).toBe(201);
    expect(made.body.interviewPatience).toEqual({ 'tech-dive': 'quick' });
    const row = (await t.app.tenantRegistry.fresh()).get('firma-p');
    expect(patienceOf(row, 'tech-dive', interviewPlan('firma-p', 'tech-dive', row))).toBe('quick');
    expect(patienceOf(row, 'behind-scenes', interviewPlan('firma-p', 'behind-scenes', row))).toBe('patient');
    expect(patienceOf(row, 'image', interviewPlan('firma-p', 'image', row))).toBe('normal');
  });
});
