import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elevenLabsTranscriber } from './elevenlabs';

type Seen = {
  key: string | undefined;
  model: unknown;
  language: unknown;
  granularity: unknown;
  fileName: string;
  fileType: string;
  size: number;
};

/** A local server speaking ElevenLabs' documented POST /v1/speech-to-text format and its errors. */
async function startFakeElevenLabs() {
  const seen: Seen[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/v1/speech-to-text') return send(404, { detail: 'Not Found' });
    if (req.headers['xi-api-key'] !== 'el-key')
      return send(401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    const form = await new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type']! },
      body: new Uint8Array(Buffer.concat(chunks)),
    }).formData();
    const file = form.get('file') as File | null;
    if (!form.get('model_id'))
      return send(422, { detail: [{ loc: ['body', 'model_id'], msg: 'Field required', type: 'missing' }] });
    seen.push({
      key: req.headers['xi-api-key'] as string,
      model: form.get('model_id'),
      language: form.get('language_code'),
      granularity: form.get('timestamps_granularity'),
      fileName: file!.name,
      fileType: file!.type,
      size: file!.size,
    });
    if (file!.size > 100_000) return send(400, { detail: { status: 'file_too_large', message: 'File is too large' } });
    return send(200, {
      language_code: 'deu',
      language_probability: 0.98,
      text: 'Hallo Welt. Wie geht es?',
      words: [
        { text: 'Hallo', start: 0, end: 0.4, type: 'word' },
        { text: ' ', start: 0.4, end: 0.5, type: 'spacing' },
        { text: 'Welt.', start: 0.5, end: 0.9, type: 'word' },
        { text: ' ', start: 0.9, end: 1.0, type: 'spacing' },
        { text: '(lacht)', start: 1.0, end: 1.2, type: 'audio_event' },
        { text: 'Wie', start: 1.2, end: 1.4, type: 'word' },
        { text: ' ', start: 1.4, end: 1.5, type: 'spacing' },
        { text: 'geht', start: 1.5, end: 1.7, type: 'word' },
        { text: ' ', start: 1.7, end: 1.8, type: 'spacing' },
        { text: 'es?', start: 1.8, end: 2.1, type: 'word' },
      ],
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    seen,
    close: () => new Promise((r) => server.close(r)),
  };
}

describe('ElevenLabs transcriber', () => {
  let fake: Awaited<ReturnType<typeof startFakeElevenLabs>>;
  beforeAll(async () => {
    fake = await startFakeElevenLabs();
  });
  afterAll(() => fake.close());

  it('sends file, model and language with the xi-api-key and returns text and sentences', async () => {
    const t = elevenLabsTranscriber({ baseUrl: fake.url, apiKey: 'el-key', model: 'scribe_v2' });
    const result = await t.transcribe(
      { kind: 'file', data: Buffer.alloc(2000, 1), mimeType: 'audio/ogg' },
      { language: 'de' },
    );
    expect(result.text).toBe('Hallo Welt. Wie geht es?');
    expect(result.segments).toEqual([
      { start: 0, end: 0.9, text: 'Hallo Welt.' },
      { start: 1.2, end: 2.1, text: 'Wie geht es?' },
    ]);
    // Word times for captions, without spacing and audio events.
    expect(result.words).toEqual([
      { start: 0, end: 0.4, text: 'Hallo' },
      { start: 0.5, end: 0.9, text: 'Welt.' },
      { start: 1.2, end: 1.4, text: 'Wie' },
      { start: 1.5, end: 1.7, text: 'geht' },
      { start: 1.8, end: 2.1, text: 'es?' },
    ]);
    expect(fake.seen.at(-1)).toEqual({
      key: 'el-key',
      model: 'scribe_v2',
      language: 'de',
      granularity: 'word',
      fileName: 'audio.ogg',
      fileType: 'audio/ogg',
      size: 2000,
    });
  });

  it('reports an invalid key with ElevenLabs message and status', async () => {
    const t = elevenLabsTranscriber({ baseUrl: fake.url, apiKey: 'wrong', model: 'scribe_v2' });
    await expect(
      t.transcribe({ kind: 'file', data: Buffer.alloc(10), mimeType: 'audio/webm' }, { language: 'de' }),
    ).rejects.toMatchObject({
      status: 401,
      message: expect.stringContaining('Invalid API key'),
    });
  });

  it('reports a refused file with the detail message', async () => {
    const t = elevenLabsTranscriber({ baseUrl: fake.url, apiKey: 'el-key', model: 'scribe_v2' });
    await expect(
      t.transcribe({ kind: 'file', data: Buffer.alloc(200_000), mimeType: 'audio/webm' }, { language: 'de' }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('File is too large'),
    });
  });

  it('reports validation errors (422) from the detail list', async () => {
    const t = elevenLabsTranscriber({ baseUrl: fake.url, apiKey: 'el-key', model: '' });
    await expect(
      t.transcribe({ kind: 'file', data: Buffer.alloc(10), mimeType: 'audio/webm' }, { language: 'de' }),
    ).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('Field required'),
    });
  });
});
