import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';
import { decodeWav } from './audio';
import { turnTimings } from './routes';
import { ProtocolClient } from './testing/protocol-client';
import { concat, silence, spokenGerman } from './testing/spoken';

const plan = texts.interview.plans.engineer['engineering-path'];

describe.each(dialects)('the built-in interviewer on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    cookie = await login(t, 'vdi@example.de');
  });
  afterAll(() => t?.close());

  async function startInterview(topic = 'engineering-path') {
    const contentId = (
      await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'interview', topic } })
    ).body.contentId as number;
    const res = await api(t, 'GET', `/api/voice/signed-url?tenant=vdi&topic=${topic}&contentId=${contentId}`, {
      cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: 'builtin', speech: 'server' });
    expect(res.body.signedUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/api\/voice\/agent\?token=/);
    return { contentId, client: await ProtocolClient.connect(res.body.signedUrl) };
  }

  it('opens with the metadata and asks the first question of the plan with speech', async () => {
    const { client } = await startInterview();
    const seconds = () =>
      client.of('audio').reduce((n, a) => n + Buffer.from(a.audio_event.audio_base_64, 'base64').length / 2, 0) / 16000;
    await client.until(() => client.of('agent_response').length === 1 && seconds() > 3);
    expect(client.messages[0]).toMatchObject({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        agent_output_audio_format: 'pcm_16000',
        user_input_audio_format: 'pcm_16000',
      },
    });
    const opening = client.of('agent_response')[0]!.agent_response_event;
    expect(opening.agent_response).toBe(plan.opening);
    const audio = client.of('audio');
    expect(audio.every((a) => a.audio_event.event_id === opening.event_id)).toBe(true);
    client.close();
  });

  it('waits for the end of a spoken answer, then asks the next question; speaking over the interviewer interrupts it', async () => {
    const { contentId, client } = await startInterview();
    await client.until(() => client.of('agent_response').length === 1);
    const answer = await spokenGerman('Ich bin Maria Schulz und entwickle Getriebe für Windkraftanlagen in Bremen.');
    const before = turnTimings.length;
    await client.sendAudio(concat(answer, silence(1500)), { realTime: true });
    await client.until(() => client.of('agent_response').length === 2);
    // The answer began while the opening was still playing.
    expect(client.of('interruption')).toHaveLength(1);
    expect(client.of('agent_response')[1]!.agent_response_event.agent_response).toBe(plan.questions[0]);
    const timing = turnTimings.slice(before)[0]!;
    expect(timing.latencyMs).toBeGreaterThan(0);
    // The question comes, and not as a missed end (3 s after the voice, bench/turns' bound). The
    // patience target for one sentence (1.8 s) is measured by bench/turns in audio time; a loaded
    // test machine adds its own delay (how far voice detection fell behind the audio is excluded).
    expect(timing.latencyMs).toBeLessThan(3000 + (timing.detectorLagMs ?? 0));

    // The question does not come while the person is still talking.
    const second = await spokenGerman('Als Kind habe ich mit meinem Opa Radios repariert.');
    const sentAt = Date.now();
    await client.sendAudio(concat(second, silence(1500)), { realTime: true });
    await client.until(() => client.of('agent_response').length === 3);
    // After the voice ended: espeak's clip holds about 0.35 s of silence after the last word, and
    // the client sends each 250 ms chunk at its start, so the clip's full length is no bound.
    let voiceEnd = 0;
    for (let i = 0; i < second.length; i++) if (Math.abs(second[i]!) > 300) voiceEnd = i;
    expect(client.of('agent_response')[2]!.receivedAt - sentAt).toBeGreaterThan((voiceEnd / 16000) * 1000);
    client.close();
    await client.closedWith();

    // The whole conversation is kept as audio with the submission.
    const media = await waitFor(() =>
      t.app.db
        .selectFrom('media')
        .selectAll()
        .where('submission_id', '=', contentId)
        .where('kind', '=', 'audio')
        .execute(),
    );
    expect(media.map((m) => [m.kind, m.file_type])).toEqual([['audio', 'audio/wav']]);
    // The interviewer's turns were stored as they were said (issue 27).
    expect(
      (
        await t.app.db
          .selectFrom('submissions')
          .select('transcript')
          .where('id', '=', contentId)
          .executeTakeFirstOrThrow()
      ).transcript,
    ).toContain(plan.questions[0]);
    const wav = decodeWav(await readBlob(media[0]!.file_path));
    expect(wav.samples.length / 16000).toBeGreaterThan(6);
  });

  it('takes typed answers, closes with thanks and ends the call with code 1000', async () => {
    const { client } = await startInterview();
    await client.until(() => client.of('agent_response').length === 1);
    for (let i = 0; i < plan.questions.length; i++) {
      client.send({ type: 'user_message', text: `Antwort Nummer ${i + 1} mit genug Worten.` });
      await client.until(() => client.of('agent_response').length === i + 2);
    }
    client.send({ type: 'user_message', text: 'Meine letzte Antwort mit genug Worten.' });
    await client.until(() => client.of('agent_response').length === plan.questions.length + 2);
    expect(client.of('agent_response').at(-1)!.agent_response_event.agent_response).toBe(texts.interview.closing);
    expect(client.of('user_transcript').map((m) => m.user_transcription_event.user_transcript)).toContain(
      'Antwort Nummer 1 mit genug Worten.',
    );
    expect(await client.closedWith(30_000)).toEqual({ code: 1000, reason: 'Interview beendet' });
  }, 60_000);

  it('answers pings of the client protocol with its own pings and refuses an invalid session', async () => {
    const res = await api(t, 'GET', '/api/voice/signed-url?tenant=vdi&topic=free-topic', { cookie });
    const forged = res.body.signedUrl.replace(/token=([^.]+)\.(.*)$/, 'token=$1.AAAA');
    const client = await ProtocolClient.connect(forged);
    expect(await client.closedWith()).toEqual({ code: 1008, reason: texts.interview.sessionExpired });
  });

  it('lets only people of the tenant start an interview', async () => {
    await addUser(t.app, 'bank@example.de', 'bank');
    const bank = await login(t, 'bank@example.de');
    expect((await api(t, 'GET', '/api/voice/signed-url?tenant=vdi&topic=tech-dive', { cookie: bank })).status).toBe(
      403,
    );
    expect((await api(t, 'GET', '/api/voice/signed-url?tenant=vdi&topic=bogus', { cookie })).status).toBe(400);
  });

  async function waitFor<T>(read: () => Promise<T[]>): Promise<T[]> {
    for (let i = 0; i < 50; i++) {
      const rows = await read();
      if (rows.length) return rows;
      await new Promise((r) => setTimeout(r, 100));
    }
    return read();
  }

  async function readBlob(key: string): Promise<Buffer> {
    const stream = await t.app.blobs.get(key);
    const chunks: Buffer[] = [];
    for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
    return Buffer.concat(chunks);
  }
});

describe('the built-in interviewer without server speech', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('sends only text, so the browser reads it aloud', async () => {
    t = await startTestApp('sqlite', { TTS: 'browser' });
    await addUser(t.app, 'firma@example.de', 'firma_a');
    const cookie = await login(t, 'firma@example.de');
    const res = await api(t, 'GET', '/api/voice/signed-url?tenant=firma_a&topic=behind-scenes', { cookie });
    expect(res.body).toMatchObject({ provider: 'builtin', speech: 'browser' });
    const client = await ProtocolClient.connect(res.body.signedUrl);
    await client.until(() => client.of('agent_response').length === 1);
    client.send({ type: 'user_message', text: 'Ich arbeite in der Qualitätssicherung bei Firma A.' });
    await client.until(() => client.of('agent_response').length === 2);
    expect(client.of('agent_response')[1]!.agent_response_event.agent_response).toBe(
      texts.interview.plans.engineer['behind-scenes'].questions[0],
    );
    expect(client.of('audio')).toEqual([]);
    client.close();
  });
});
