import { createServer, type Server } from 'node:http';

export type FakeChatRequest = {
  authorization: string | undefined;
  model: string;
  stream: boolean;
  messages: { role: string; content: string }[];
};

export type FakeOpenAIChat = {
  /** Base URL including `/v1`, as OPENAI_BASE_URL expects it. */
  url: string;
  requests: FakeChatRequest[];
  /** What the model says next. */
  reply(text: string): void;
  /**
   * How it answers: `stream` honours the request's `stream` flag with server-sent events in
   * chunks of `chunkSize` characters; `json` answers with one body whatever was asked (as some
   * servers do); `delayMs` waits before the first byte (a model that takes too long).
   */
  behave(opts: { mode?: 'stream' | 'json'; chunkSize?: number; delayMs?: number }): void;
  close(): Promise<void>;
};

/**
 * A local server speaking OpenAI's `POST /v1/chat/completions`: a `chat.completion` JSON body, or
 * with `stream: true` `text/event-stream` lines of `chat.completion.chunk` objects ending in
 * `data: [DONE]`; errors as `{"error": {...}}`. For tests only; listens on a random port.
 */
export async function startFakeOpenAIChat(opts: { apiKey?: string; text?: string } = {}): Promise<FakeOpenAIChat> {
  let text = opts.text ?? 'Ein Beitrag.';
  let behaviour: { mode: 'stream' | 'json'; chunkSize: number; delayMs: number } = {
    mode: 'stream',
    chunkSize: 12,
    delayMs: 0,
  };
  const requests: FakeChatRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return json(404, {
        error: {
          message: `Invalid URL (${req.method} ${req.url})`,
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      });
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      return json(401, {
        error: {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      });
    }
    let body: { model?: string; stream?: boolean; messages?: { role: string; content: string }[] };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return json(400, {
        error: {
          message: 'We could not parse the JSON body of your request.',
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      });
    }
    if (!body.model || !Array.isArray(body.messages))
      return json(400, {
        error: {
          message: "Missing required parameter: 'messages'.",
          type: 'invalid_request_error',
          param: 'messages',
          code: null,
        },
      });
    requests.push({
      authorization: req.headers.authorization,
      model: body.model,
      stream: !!body.stream,
      messages: body.messages,
    });
    const { mode, chunkSize, delayMs } = behaviour;
    const reply = text;
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (res.destroyed) return;
    const base = { id: 'chatcmpl-fake', created: Math.floor(Date.now() / 1000), model: body.model };
    if (!body.stream || mode === 'json') {
      return json(200, {
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const event = (choice: unknown) =>
      res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [choice] })}\n\n`);
    event({ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null });
    const chars = [...reply];
    for (let i = 0; i < chars.length; i += chunkSize) {
      event({ index: 0, delta: { content: chars.slice(i, i + chunkSize).join('') }, finish_reason: null });
      await new Promise((resolve) => setImmediate(resolve));
    }
    event({ index: 0, delta: {}, finish_reason: 'stop' });
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(next) {
      text = next;
    },
    behave(next) {
      behaviour = { ...behaviour, ...next };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
