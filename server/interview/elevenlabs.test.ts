import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';
import { startFakeElevenLabs, type FakeElevenLabs } from './testing/fake-elevenlabs';
import { ProtocolClient } from './testing/protocol-client';

const questions = ['Wie sind Sie zur Bank gekommen?', 'Was war Ihr schönstes Erlebnis?'];
const heard = ['Über eine Ausbildung in Köln.', 'Die Eröffnung unserer Filiale.'];

describe.each(dialects)('the ElevenLabs voice agent on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeElevenLabs;
  let bank: string;

  beforeAll(async () => {
    fake = await startFakeElevenLabs({
      apiKey: 'xi-test-key',
      questions,
      heard,
      secondsPerAnswer: 1,
      processingPolls: 1,
    });
    t = await startTestApp(dialect, {
      VOICE_AGENT: 'elevenlabs',
      ELEVENLABS_API_KEY: 'xi-test-key',
      ELEVENLABS_BASE_URL: fake.url,
      ELEVENLABS_AGENT_IDS: 'bank.*=agent_bank,*.image=agent_image,vdi.free-topic=agent_vdi',
    });
    await addUser(t.app, 'bank@example.de', 'bank');
    await addUser(t.app, 'other@example.de', 'bank');
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    bank = await login(t, 'bank@example.de');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const newInterview = async (cookie: string, topic: string) =>
    (await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'bank', kind: 'interview', topic } })).body
      .contentId as number;

  it('hands out a signed URL of the bank agent, holds the conversation and stores the ElevenLabs transcript', async () => {
    const contentId = await newInterview(bank, 'behind-scenes');
    const res = await api(t, 'GET', `/api/voice/signed-url?tenant=bank&topic=behind-scenes&contentId=${contentId}`, {
      cookie: bank,
    });
    expect(res.status).toBe(200);
    expect(res.body.provider).toBe('elevenlabs');
    expect(res.body.signedUrl).toMatch(
      /^ws:\/\/127\.0\.0\.1:\d+\/v1\/convai\/conversation\?agent_id=agent_bank&conversation_signature=/,
    );
    expect(JSON.stringify(res.body)).not.toContain('xi-test-key');

    const client = await ProtocolClient.connect(res.body.signedUrl);
    await client.until(() => client.of('agent_response').length === 1);
    const conversationId = client.of('conversation_initiation_metadata')[0]!.conversation_initiation_metadata_event
      .conversation_id as string;
    await client.sendAudio(new Int16Array(16000));
    await client.until(() => client.of('agent_response').length === 2);
    client.send({ type: 'user_message', text: heard[1]! });
    expect(await client.closedWith()).toMatchObject({ code: 1000 });
    expect(fake.conversations.get(conversationId)!.pongs).toBeGreaterThan(0);

    // The browser saved its live preview; the ElevenLabs transcript replaces it.
    await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
      cookie: bank,
      body: { transcript: 'Interviewer: Vorschau', completed: true },
    });
    const queued = await api(t, 'POST', `/api/voice/conversations/${conversationId}/transcript`, {
      cookie: bank,
      body: { contentId },
    });
    expect(queued.status).toBe(202);
    await t.app.jobs.drain(); // first poll: ElevenLabs still processing, the job is retried
    await t.app.db
      .updateTable('jobs')
      .set({ run_at: new Date(0).toISOString() })
      .where('status', '=', 'queued')
      .execute();
    await t.app.jobs.drain();

    const summary = await api(t, 'GET', `/api/submissions/${contentId}`, { cookie: bank });
    expect(summary.body.transcript).toBe(
      `Interviewer: ${questions[0]}\n\nSie: ${heard[0]}\n\nInterviewer: ${questions[1]}\n\nSie: ${heard[1]}`,
    );
    expect(summary.body.completedAt).toBeTruthy();
    const kinds = summary.body.media.map((m: { kind: string }) => m.kind).sort();
    expect(kinds).toEqual(['audio', 'transcript']);
  });

  it('uses the image agent for the image interview', async () => {
    const contentId = await newInterview(bank, 'image');
    const res = await api(t, 'GET', `/api/voice/signed-url?tenant=bank&topic=image&contentId=${contentId}`, {
      cookie: bank,
    });
    expect(res.body.signedUrl).toContain('agent_id=agent_image');
  });

  it('says so when a topic has no agent', async () => {
    const vdi = await login(t, 'vdi@example.de');
    const res = await api(t, 'GET', '/api/voice/signed-url?tenant=vdi&topic=tech-dive', { cookie: vdi });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(texts.interview.unavailableAgent);
  });

  it("refuses another tenant and another user's Content-ID", async () => {
    const vdi = await login(t, 'vdi@example.de');
    expect((await api(t, 'GET', '/api/voice/signed-url?tenant=bank&topic=free-topic', { cookie: vdi })).status).toBe(
      403,
    );
    const contentId = await newInterview(bank, 'free-topic');
    const other = await login(t, 'other@example.de');
    expect(
      (
        await api(t, 'GET', `/api/voice/signed-url?tenant=bank&topic=free-topic&contentId=${contentId}`, {
          cookie: other,
        })
      ).status,
    ).toBe(404);
    expect(
      (await api(t, 'POST', '/api/voice/conversations/conv_x/transcript', { cookie: other, body: { contentId } }))
        .status,
    ).toBe(404);
    expect((await api(t, 'GET', '/api/voice/signed-url?tenant=bank&topic=free-topic')).status).toBe(401);
  });

  it("ignores a conversation with another tenant's agent", async () => {
    const contentId = await newInterview(bank, 'free-topic');
    const vdi = await login(t, 'vdi@example.de');
    const res = await api(t, 'GET', '/api/voice/signed-url?tenant=vdi&topic=free-topic', { cookie: vdi });
    expect(res.body.signedUrl).toContain('agent_id=agent_vdi');
    const client = await ProtocolClient.connect(res.body.signedUrl);
    await client.until(() => client.of('conversation_initiation_metadata').length === 1);
    const conversationId = client.of('conversation_initiation_metadata')[0]!.conversation_initiation_metadata_event
      .conversation_id;
    client.send({ type: 'user_message', text: 'Geheime Antwort.' });
    client.close();
    await client.closedWith();
    await api(t, 'POST', `/api/voice/conversations/${conversationId}/transcript`, {
      cookie: bank,
      body: { contentId },
    });
    await t.app.jobs.drain();
    expect((await api(t, 'GET', `/api/submissions/${contentId}`, { cookie: bank })).body.transcript).toBeNull();
  });
});
