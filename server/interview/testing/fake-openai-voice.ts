import { createServer, type Server } from 'node:http';
import { encodeWav } from '../audio';

/**
 * A local server with the OpenAI-compatible endpoints the built-in interviewer uses besides
 * transcription: `POST /v1/chat/completions` (the model's reply is scripted) and
 * `POST /v1/audio/speech` (a WAV tone as long as the text needs to be spoken).
 */
export type FakeOpenAIVoice = {
  url: string;
  chats: { model: string; messages: { role: string; content: string }[] }[];
  speeches: { model: string; input: string; response_format: string }[];
  /** Replies of the chat model in order; `null` answers with a 500 error. */
  replies: (string | null)[];
  close(): Promise<void>;
};

export async function startFakeOpenAIVoice(opts: { apiKey?: string } = {}): Promise<FakeOpenAIVoice> {
  const fake: Omit<FakeOpenAIVoice, 'url' | 'close'> = { chats: [], speeches: [], replies: [] };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`)
      return json(401, {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
      });
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      fake.chats.push(body);
      const reply = fake.replies.shift();
      if (reply === null || reply === undefined)
        return json(500, { error: { message: 'The server had an error', type: 'server_error' } });
      return json(200, {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
      });
    }
    if (req.method === 'POST' && req.url === '/v1/audio/speech') {
      fake.speeches.push(body);
      const seconds = Math.max(0.5, String(body.input).length / 15);
      const rate = 24000;
      const tone = Int16Array.from({ length: Math.round(rate * seconds) }, (_, i) =>
        Math.round(Math.sin((2 * Math.PI * 220 * i) / rate) * 8000),
      );
      res.writeHead(200, { 'content-type': 'audio/wav' });
      return res.end(encodeWav(tone, rate));
    }
    return json(404, { error: { message: `Invalid URL (${req.method} ${req.url})`, type: 'invalid_request_error' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
