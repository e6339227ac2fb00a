import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { parseTranscript } from '../../common/transcript';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fake-openai';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';
import { decodeWav } from './audio';
import { earlierTakes } from './takes';
import { ProtocolClient } from './testing/protocol-client';
import { concat, silence, spokenGerman } from './testing/spoken';

const plan = texts.interview.plans.engineer['engineering-path'];
const spoken = 'Danach habe ich bei einem Zulieferer in Aachen angefangen.';

/** Issue 27: the server keeps every turn as it becomes final; a broken interview continues. */
describe.each(dialects)('the interview kept on the server (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let whisper: FakeOpenAI;

  beforeAll(async () => {
    whisper = await startFakeOpenAI({ text: spoken });
    t = await startTestApp(dialect, { TRANSCRIBER: 'openai', OPENAI_BASE_URL: whisper.url, OPENAI_API_KEY: 'sk-test' });
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    cookie = await login(t, 'vdi@example.de');
  });
  afterAll(async () => {
    await t?.close();
    await whisper?.close();
  });

  const connect = async (contentId: number) => {
    const res = await api(t, 'GET', `/api/voice/signed-url?tenant=vdi&topic=engineering-path&contentId=${contentId}`, {
      cookie,
    });
    return ProtocolClient.connect(res.body.signedUrl);
  };
  const submission = (contentId: number) =>
    t.app.db.selectFrom('submissions').selectAll().where('id', '=', contentId).executeTakeFirstOrThrow();
  const takes = (contentId: number) =>
    t.app.db
      .selectFrom('interview_takes')
      .selectAll()
      .where('submission_id', '=', contentId)
      .orderBy('number')
      .execute();
  async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (ok(v) || Date.now() > until) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('stores each turn at once, keeps both answers when the tab closes mid-answer, continues the same interview on reconnect, and a new interview keeps the earlier one', async () => {
    const contentId = (
      await api(t, 'POST', '/api/submissions', {
        cookie,
        body: { tenant: 'vdi', kind: 'interview', topic: 'engineering-path' },
      })
    ).body.contentId as number;
    const first = await connect(contentId);
    await first.until(() => first.of('agent_response').length === 1);
    first.send({ type: 'user_message', text: 'Ich habe Maschinenbau in Aachen studiert und dort promoviert.' });
    await first.until(() => first.of('agent_response').length === 2);
    // Stored while the call still runs.
    const live = await eventually(
      () => submission(contentId),
      (r) => (r.transcript ?? '').includes(plan.questions[0]!),
    );
    expect(parseTranscript(live.transcript ?? '').map((x) => x.speaker)).toEqual([
      'interviewer',
      'user',
      'interviewer',
    ]);

    // The second answer is spoken; the tab closes while the last words are still in the air (no silence after them).
    await first.sendAudio(concat(silence(1200), await spokenGerman(spoken)), { realTime: true });
    const closedAt = Date.now();
    first.socket.terminate();
    const kept = await eventually(
      () => submission(contentId),
      (r) => (r.transcript ?? '').includes(spoken),
    );
    expect(Date.now() - closedAt).toBeLessThan(5000);
    expect(kept.transcript).toContain('Sie: Ich habe Maschinenbau in Aachen studiert und dort promoviert.');
    expect(kept.transcript).toContain(`Sie: ${spoken}`);
    const broken = await eventually(
      () => takes(contentId),
      (r) => r[0]?.state === 'interrupted',
    );
    expect(broken.map((r) => [r.number, r.state])).toEqual([[1, 'interrupted']]);
    const firstAudio = await eventually(
      () => audioOf(contentId),
      (a) => a.length === 1,
    );
    const firstSeconds = decodeWav(await readBlob(firstAudio[0]!.file_path)).samples.length / 16000;

    // A reconnect continues: no opening again, no question asked twice.
    const second = await connect(contentId);
    await second.until(() => second.of('agent_response').length === 1);
    const next = second.of('agent_response')[0]!.agent_response_event.agent_response as string;
    expect(next).not.toBe(plan.opening);
    expect(next).not.toBe(plan.questions[0]);
    second.send({ type: 'user_message', text: 'Am meisten hat mich die Arbeit im Versuchsfeld geprägt.' });
    await second.until(() => second.of('agent_response').length === 2);
    second.close();
    await second.closedWith();
    const ended = await eventually(
      () => takes(contentId),
      (r) => r[0]?.state === 'ended',
    );
    expect(ended).toHaveLength(1);
    const whole = parseTranscript(ended[0]!.transcript);
    expect(whole.filter((x) => x.speaker === 'user')).toHaveLength(3);
    expect(whole.filter((x) => x.text === plan.opening)).toHaveLength(1);
    expect((await submission(contentId)).completed_at).toBeTruthy();
    // One recording for the one interview, from its first word to its last.
    const audio = await eventually(
      () => audioOf(contentId),
      (a) => a.length === 1 && a[0]!.id !== firstAudio[0]!.id,
    );
    expect(audio).toHaveLength(1);
    expect(decodeWav(await readBlob(audio[0]!.file_path)).samples.length / 16000).toBeGreaterThan(firstSeconds + 1);

    // An interview after a normal end is a new one; the earlier stays.
    const third = await connect(contentId);
    await third.until(() => third.of('agent_response').length === 1);
    expect(third.of('agent_response')[0]!.agent_response_event.agent_response).toBe(plan.opening);
    third.close();
    await third.closedWith();
    const all = await eventually(
      () => takes(contentId),
      (r) => r.length === 2 && r[1]!.state === 'ended',
    );
    expect(all.map((r) => r.number)).toEqual([1, 2]);
    const earlier = await earlierTakes(t.app, contentId);
    expect(earlier.map((e) => e.number)).toEqual([1]);
    expect(earlier[0]!.transcript).toContain(spoken);
    expect((await submission(contentId)).transcript).toBe(`Interviewer: ${plan.opening}`);
  }, 90_000);

  const audioOf = (contentId: number) =>
    t.app.db
      .selectFrom('media')
      .selectAll()
      .where('submission_id', '=', contentId)
      .where('kind', '=', 'audio')
      .execute();
  async function readBlob(key: string): Promise<Buffer> {
    const stream = await t.app.blobs.get(key);
    const chunks: Buffer[] = [];
    for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
    return Buffer.concat(chunks);
  }
});
