import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { addUser, api, login, startTestApp, type TestApp } from '../testing/harness';
import { decodeChunk, parseAudioFormat } from '../../common/interview/audio';
import { startFakeOpenAIVoice, type FakeOpenAIVoice } from './testing/fake-openai-voice';
import { ProtocolClient } from './testing/protocol-client';

const plan = texts.interview.plans.engineer['tech-dive'];

/** The built-in interviewer with an OpenAI-compatible chat model and speech endpoint, in μ-law at 8 kHz. */
describe('the built-in interviewer with a chat model and OpenAI speech', () => {
  let t: TestApp;
  let openai: FakeOpenAIVoice;
  let cookie: string;

  beforeAll(async () => {
    openai = await startFakeOpenAIVoice({ apiKey: 'sk-voice' });
    t = await startTestApp('sqlite', {
      OPENAI_BASE_URL: openai.url,
      OPENAI_API_KEY: 'sk-voice',
      OPENAI_CHAT_MODEL: 'gpt-test',
      OPENAI_TTS_MODEL: 'tts-test',
      TTS: 'openai',
      VOICE_INPUT_FORMAT: 'ulaw_8000',
      VOICE_OUTPUT_FORMAT: 'ulaw_8000',
    });
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    cookie = await login(t, 'vdi@example.de');
  });
  afterAll(async () => {
    await t?.close();
    await openai?.close();
  });

  it('asks the model for the next question, prompted with the plan, and falls back to the plan when the model fails', async () => {
    openai.replies.push('Spannend! Welche Rolle spielte dabei Ihr Team in Stuttgart?', null);
    const res = await api(t, 'GET', '/api/voice/signed-url?tenant=vdi&topic=tech-dive', { cookie });
    expect(res.body.speech).toBe('server');
    const client = await ProtocolClient.connect(res.body.signedUrl);
    await client.until(() => client.of('agent_response').length === 1);
    expect(client.messages[0]!.conversation_initiation_metadata_event).toMatchObject({
      agent_output_audio_format: 'ulaw_8000',
      user_input_audio_format: 'ulaw_8000',
    });
    // Speech from /v1/audio/speech, sent as μ-law at 8 kHz: one byte per sample.
    const audio = client.of('audio').map((a) => Buffer.from(a.audio_event.audio_base_64, 'base64'));
    const samples = decodeChunk(Buffer.concat(audio), parseAudioFormat('ulaw_8000'));
    expect(samples.length / 8000).toBeGreaterThan(plan.opening.length / 15 - 0.5);
    expect(Math.max(...samples)).toBeGreaterThan(4000);
    expect(openai.speeches[0]).toMatchObject({ model: 'tts-test', input: plan.opening, response_format: 'wav' });

    client.send({ type: 'user_message', text: 'Es geht um eine Wärmepumpe für Altbauten, die wir entwickelt haben.' });
    await client.until(() => client.of('agent_response').length === 2);
    expect(client.of('agent_response')[1]!.agent_response_event.agent_response).toBe(
      'Spannend! Welche Rolle spielte dabei Ihr Team in Stuttgart?',
    );
    const prompt = openai.chats[0]!;
    expect(prompt.model).toBe('gpt-test');
    expect(prompt.messages[0]!.role).toBe('system');
    expect(prompt.messages[0]!.content).toContain(plan.questions[0]);
    expect(prompt.messages.slice(1)).toEqual([
      { role: 'assistant', content: plan.opening },
      { role: 'user', content: 'Es geht um eine Wärmepumpe für Altbauten, die wir entwickelt haben.' },
    ]);

    client.send({ type: 'user_message', text: 'Das Team hat das Gerät zwei Jahre lang getestet.' });
    await client.until(() => client.of('agent_response').length === 3);
    // The model failed: the interviewer asks the plan's question instead.
    expect(client.of('agent_response')[2]!.agent_response_event.agent_response).toBe(plan.questions[1]);
    client.close();
  });
});
