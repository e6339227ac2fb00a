import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fake-openai';
import { addUser, api, login, startTestApp, type TestApp } from '../testing/harness';
import { ProtocolClient } from './testing/protocol-client';
import { concat, silence, spokenGerman } from './testing/spoken';

const plan = texts.interview.plans.engineer['engineering-path'];
const ANSWER = 'Ich bin Maria Schulz und entwickle Getriebe für Windkraftanlagen in Bremen.';

/**
 * A transcriber that answers late (a slow local model): the plan interviewer asks its next
 * question without waiting for the words, and the words reach the transcript before that question
 * once they come.
 */
describe('the built-in interviewer when the words of an answer come late', () => {
  let t: TestApp;
  let whisper: FakeOpenAI;
  let cookie: string;

  beforeAll(async () => {
    whisper = await startFakeOpenAI({ text: ANSWER });
    t = await startTestApp('sqlite', {
      TRANSCRIBER: 'openai',
      OPENAI_BASE_URL: whisper.url,
      OPENAI_API_KEY: 'sk-test',
    });
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    cookie = await login(t, 'vdi@example.de');
  });
  afterAll(async () => {
    await t?.close();
    await whisper?.close();
  });

  it('asks the next question within moments of the end, and writes the answer before it when the words arrive', async () => {
    const contentId = (
      await api(t, 'POST', '/api/submissions', {
        cookie,
        body: { tenant: 'vdi', kind: 'interview', topic: 'engineering-path' },
      })
    ).body.contentId as number;
    const res = await api(t, 'GET', `/api/voice/signed-url?tenant=vdi&topic=engineering-path&contentId=${contentId}`, {
      cookie,
    });
    const client = await ProtocolClient.connect(res.body.signedUrl);
    await client.until(() => client.of('agent_response').length === 1);
    const openingEvent = client.of('agent_response')[0]!.agent_response_event.event_id;

    // Every transcription from now on waits until released.
    const release = whisper.hold();
    const answer = await spokenGerman(ANSWER);
    await client.sendAudio(concat(answer, silence(200)), { realTime: true });
    const voiceEnded = Date.now();
    await client.sendAudio(silence(4000), { realTime: true, chunkMs: 100 }).catch(() => undefined);

    // The question's audio came while the words were still held back.
    const question = client.of('audio').find((a) => a.audio_event.event_id !== openingEvent);
    expect(question).toBeDefined();
    expect(question!.receivedAt - voiceEnded).toBeLessThan(3000);
    expect(client.of('user_transcript')).toHaveLength(0);
    expect(client.of('agent_response')).toHaveLength(1);

    release();
    await client.until(() => client.of('agent_response').length === 2);
    const order = client.messages
      .filter((m) => m.type === 'user_transcript' || m.type === 'agent_response')
      .map((m) => m.type);
    expect(order).toEqual(['agent_response', 'user_transcript', 'agent_response']);
    expect(client.of('user_transcript')[0]!.user_transcription_event.user_transcript).toBe(ANSWER);
    expect(client.of('agent_response')[1]!.agent_response_event).toMatchObject({
      agent_response: plan.questions[0],
      event_id: question!.audio_event.event_id,
    });
    client.close();
  }, 60_000);
});
