/**
 * The one client for OpenAI-compatible APIs (OpenAI, Ollama, llama.cpp, a self-hosted whisper):
 * base URL, key, timeouts and error mapping for chat, audio transcription and speech. Errors carry
 * the HTTP status and the provider's (English) message for the log; each adapter maps them to its
 * own error, which the routes turn into the German catalogue text — provider text never reaches users.
 */

export type OpenAIClientOptions = {
  /** e.g. https://api.openai.com/v1 (a base without /vN gets /v1 added). */
  baseUrl: string;
  apiKey?: string;
};

/** Unreachable endpoint, timeout, or a non-2xx answer; `status` is the HTTP status when there was one. */
export class OpenAIError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };
export type ChatRequest = { model: string; messages: ChatMessage[]; temperature?: number };
/** `signal` ends the call early (the caller's abort is rethrown as is); `timeoutMs` is the client's own limit. */
export type CallOptions = { signal?: AbortSignal; timeoutMs?: number };

/** Endpoint of an OpenAI-compatible base URL: `…/v1` (or the base's own `/vN`) + path. */
export function openaiUrl(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${/\/v\d+$/.test(base) ? '' : '/v1'}${path}`;
}

/** Message of an OpenAI-style error body `{error: {message}}`, else the raw text. */
export function providerMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: string } | string };
    if (typeof json.error === 'string') return json.error;
    if (json.error?.message) return json.error.message;
  } catch {
    // not JSON
  }
  return body.slice(0, 300);
}

/** Reads `data:` lines of a server-sent event stream of chat completion chunks. */
async function* sseDeltas(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      const parsed = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
      const text = parsed.choices?.[0]?.delta?.content;
      if (text) yield text;
    }
  }
}

type Reply = { choices?: { message?: { content?: string } }[] };

export type OpenAIClient = ReturnType<typeof openAIClient>;

export function openAIClient(options: OpenAIClientOptions) {
  const auth: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};

  /** POSTs JSON or a form; throws OpenAIError unless the answer is 2xx. */
  async function post(path: string, body: object | FormData, call: CallOptions = {}): Promise<Response> {
    const timeout = call.timeoutMs ? AbortSignal.timeout(call.timeoutMs) : undefined;
    const signals = [call.signal, timeout].filter((s): s is AbortSignal => !!s);
    const form = body instanceof FormData;
    let res: Response;
    try {
      res = await fetch(openaiUrl(options.baseUrl, path), {
        method: 'POST',
        headers: form ? auth : { 'content-type': 'application/json', ...auth },
        body: form ? body : JSON.stringify(body),
        ...(signals.length ? { signal: AbortSignal.any(signals) } : {}),
      });
    } catch (error) {
      if (call.signal?.aborted) throw error;
      if (timeout?.aborted) throw new OpenAIError('OpenAI-compatible endpoint timed out');
      throw new OpenAIError(`OpenAI-compatible endpoint unreachable: ${(error as Error).message}`);
    }
    if (!res.ok)
      throw new OpenAIError(
        `OpenAI-compatible endpoint answered ${res.status}: ${providerMessage(await res.text().catch(() => ''))}`,
        res.status,
      );
    return res;
  }

  return {
    post,

    /** The model's answer, trimmed ('' when it gave none). */
    async chat(request: ChatRequest, call?: CallOptions): Promise<string> {
      const res = await post('/chat/completions', { ...request, stream: false }, call);
      const body = (await res.json()) as Reply;
      return body.choices?.[0]?.message?.content?.trim() ?? '';
    },

    /** The answer as it streams; a server that ignores `stream` and sends one JSON body works too. */
    async *chatStream(request: ChatRequest, call?: CallOptions): AsyncGenerator<string> {
      const res = await post('/chat/completions', { ...request, stream: true }, call);
      if (!res.body) throw new OpenAIError('OpenAI-compatible endpoint answered without a body', res.status);
      if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) yield* sseDeltas(res.body);
      else yield ((await res.json()) as Reply).choices?.[0]?.message?.content ?? '';
    },

    /** `/audio/transcriptions` with a prepared multipart form; the parsed JSON answer. */
    async transcribe(form: FormData, call?: CallOptions): Promise<unknown> {
      const res = await post('/audio/transcriptions', form, call);
      try {
        return await res.json();
      } catch {
        throw new OpenAIError('OpenAI-compatible endpoint answered without JSON', res.status);
      }
    },

    /** `/audio/speech`: the encoded audio of the text. */
    async speech(
      request: { model: string; input: string; voice: string; response_format: 'wav' },
      call?: CallOptions,
    ): Promise<Buffer> {
      const res = await post('/audio/speech', request, call);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
