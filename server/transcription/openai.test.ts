import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fake-openai';
import { openAITranscriber, transcriptionsUrl } from './openai';
import { TranscriptionFailed } from './transcriber';

const wav = (bytes = 3200) => ({ kind: 'pcm16' as const, data: new Int16Array(bytes / 2), sampleRate: 16000 });

describe('OpenAI-compatible transcriber', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({
      apiKey: 'sk-test',
      text: 'Guten Tag, hier spricht die Ingenieurin.',
      noVerboseModels: ['gpt-4o-transcribe'],
    });
  });
  afterAll(() => fake.close());

  it('builds the endpoint from a base URL with or without /v1', () => {
    expect(transcriptionsUrl('https://api.openai.com/v1')).toBe('https://api.openai.com/v1/audio/transcriptions');
    expect(transcriptionsUrl('http://whisper.local:8000/')).toBe('http://whisper.local:8000/v1/audio/transcriptions');
  });

  it('asks for verbose_json and returns segment and word times (captions)', async () => {
    const t = openAITranscriber({ baseUrl: fake.url, apiKey: 'sk-test', model: 'whisper-1' });
    fake.reply('Guten Tag. Hier spricht die Ingenieurin.');
    const result = await t.transcribe(wav(), { language: 'de' });
    fake.reply('Guten Tag, hier spricht die Ingenieurin.');
    expect(fake.requests.at(-1)!.responseFormat).toBe('verbose_json');
    expect(result.segments).toEqual([
      { start: 0.5, end: 1.3, text: 'Guten Tag.' },
      { start: 1.6, end: 3.2, text: 'Hier spricht die Ingenieurin.' },
    ]);
    expect(result.words).toHaveLength(6);
    expect(result.words![2]).toMatchObject({ text: 'Hier', start: 1.6 });
  });

  it('falls back to plain json for a model without verbose_json (no times then)', async () => {
    const t = openAITranscriber({ baseUrl: fake.url, apiKey: 'sk-test', model: 'gpt-4o-transcribe' });
    const result = await t.transcribe(wav(), { language: 'de' });
    expect(result).toEqual({ text: 'Guten Tag, hier spricht die Ingenieurin.', segments: [] });
    expect(fake.requests.slice(-2).map((r) => r.responseFormat)).toEqual(['verbose_json', 'json']);
  });

  it('sends the recording as multipart with model, language and key, and returns the text', async () => {
    const t = openAITranscriber({ baseUrl: fake.url, apiKey: 'sk-test', model: 'whisper-1' });
    const webm = Buffer.from(`1a45dfa3${'00'.repeat(100)}`, 'hex');
    const result = await t.transcribe(
      { kind: 'file', data: webm, mimeType: 'audio/webm;codecs=opus' },
      { language: 'de' },
    );
    expect(result.text).toBe('Guten Tag, hier spricht die Ingenieurin.');
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({
      authorization: 'Bearer sk-test',
      model: 'whisper-1',
      language: 'de',
      responseFormat: 'verbose_json',
      fileName: 'audio.webm',
      fileType: 'audio/webm',
      fileSize: webm.length,
    });
  });

  it('turns PCM samples into a WAV file', async () => {
    const t = openAITranscriber({ baseUrl: fake.url, apiKey: 'sk-test', model: 'gpt-4o-transcribe' });
    await t.transcribe(wav(3200), { language: 'de' });
    expect(fake.requests.at(-1)).toMatchObject({
      fileName: 'audio.wav',
      fileType: 'audio/wav',
      fileSize: 44 + 3200,
      model: 'gpt-4o-transcribe',
    });
  });

  it('reports a wrong key with the provider message and status 401', async () => {
    const t = openAITranscriber({ baseUrl: fake.url, apiKey: 'sk-wrong', model: 'whisper-1' });
    const error = await t.transcribe(wav(), { language: 'de' }).catch((e) => e);
    expect(error).toBeInstanceOf(TranscriptionFailed);
    expect(error.status).toBe(401);
    expect(error.message).toContain('Incorrect API key provided.');
  });

  it('reports rate limits and server errors from the error body', async () => {
    const t = openAITranscriber({ baseUrl: fake.url, apiKey: 'sk-test', model: 'whisper-1' });
    fake.fail(429, 'Rate limit reached for requests');
    const limited = await t.transcribe(wav(), { language: 'de' }).catch((e) => e);
    expect(limited).toMatchObject({ status: 429 });
    expect(limited.message).toContain('Rate limit reached for requests');
    fake.fail(500, 'The server had an error while processing your request.');
    await expect(t.transcribe(wav(), { language: 'de' })).rejects.toMatchObject({ status: 500 });
    await expect(t.transcribe(wav(), { language: 'de' })).resolves.toMatchObject({
      text: 'Guten Tag, hier spricht die Ingenieurin.',
    });
  });

  it('reports an unreachable endpoint', async () => {
    const t = openAITranscriber({ baseUrl: 'http://127.0.0.1:9/v1', model: 'whisper-1' });
    await expect(t.transcribe(wav(), { language: 'de' })).rejects.toThrow(/unreachable/);
  });
});
