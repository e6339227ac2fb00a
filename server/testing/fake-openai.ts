import { createServer, type IncomingMessage, type Server } from 'node:http';

/** One transcription request as the fake server received it. */
export type FakeTranscriptionRequest = {
  authorization: string | undefined;
  model: string;
  language: string | null;
  responseFormat: string | null;
  fileName: string;
  fileType: string;
  fileSize: number;
  /** The uploaded file's bytes (a loopback server may answer with what the audio holds). */
  file: Buffer;
};

export type FakeOpenAI = {
  /** Base URL including `/v1`, as OPENAI_BASE_URL expects it. */
  url: string;
  /** Every transcription request received, oldest first. */
  requests: FakeTranscriptionRequest[];
  /** Text of the next replies (a function gets the request). */
  reply(text: string | ((request: FakeTranscriptionRequest) => string)): void;
  /** Makes the next `times` requests fail with OpenAI's error body and this HTTP status. */
  fail(status: number, message: string, times?: number): void;
  /** Keeps answers back until the returned function is called (a transcription that runs long). */
  hold(): () => void;
  close(): Promise<void>;
};

export type FakeOpenAIOptions = {
  /** Reply text (default: a German sentence). */
  text?: string | ((request: FakeTranscriptionRequest) => string);
  /** When set, requests must carry `Authorization: Bearer <apiKey>` or get OpenAI's 401. */
  apiKey?: string;
  /**
   * Segments of a `verbose_json` answer (a function gets the request and the reply text). Default:
   * the text's sentences, 0.4 s per word from 0.5 s on.
   */
  segments?: FakeSegment[] | ((request: FakeTranscriptionRequest, text: string) => FakeSegment[]);
  /** Models that refuse `verbose_json` like gpt-4o-transcribe does (OpenAI's 400). */
  noVerboseModels?: string[];
};

export type FakeSegment = { start: number; end: number; text: string };

/** Sentences of a text, 0.4 s per word, starting at 0.5 s. */
export function sentenceSegments(text: string, wordSeconds = 0.4, startAt = 0.5): FakeSegment[] {
  const sentences =
    text
      .match(/[^.!?]+[.!?]*/g)
      ?.map((x) => x.trim())
      .filter(Boolean) ?? [];
  let at = startAt;
  return sentences.map((sentence) => {
    const start = at;
    at += sentence.split(/\s+/).length * wordSeconds;
    const segment = { start: Math.round(start * 100) / 100, end: Math.round(at * 100) / 100, text: ` ${sentence}` };
    at += 0.3;
    return segment;
  });
}

function errorBody(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A local HTTP server speaking the OpenAI-compatible `POST /v1/audio/transcriptions` wire format:
 * multipart form (file, model, language, response_format) in, `{"text": ...}` out, and errors as
 * `{"error": {"message", "type", "param", "code"}}`. For tests only; listens on a random port.
 */
export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  let text: FakeOpenAIOptions['text'] = options.text ?? 'Hallo, das ist eine Sprachnachricht.';
  let failures: { status: number; message: string; times: number } | null = null;
  let held: Promise<void> | null = null;
  const requests: FakeTranscriptionRequest[] = [];

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method !== 'POST' || url.pathname !== '/v1/audio/transcriptions') {
        return send(404, errorBody(`Invalid URL (${req.method} ${url.pathname})`, 'invalid_request_error', null));
      }
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return send(401, errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
      }
      const body = await readBody(req);
      let form: FormData;
      try {
        form = await new Request('http://localhost/', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: new Uint8Array(body),
        }).formData();
      } catch {
        return send(400, errorBody('Could not parse multipart form', 'invalid_request_error', null));
      }
      const file = form.get('file');
      const model = form.get('model');
      if (!(file instanceof Blob) || file.size === 0) {
        return send(400, errorBody("Missing required parameter: 'file'.", 'invalid_request_error', null));
      }
      if (typeof model !== 'string' || !model) {
        return send(400, errorBody('you must provide a model parameter', 'invalid_request_error', null));
      }
      const received: FakeTranscriptionRequest = {
        authorization: req.headers.authorization,
        model,
        language: (form.get('language') as string | null) ?? null,
        responseFormat: (form.get('response_format') as string | null) ?? null,
        fileName: (file as File).name ?? 'file',
        fileType: file.type,
        fileSize: file.size,
        file: Buffer.from(await file.arrayBuffer()),
      };
      requests.push(received);
      if (held) await held;
      if (failures && failures.times > 0) {
        failures.times--;
        const type =
          failures.status === 429
            ? 'rate_limit_exceeded'
            : failures.status >= 500
              ? 'server_error'
              : 'invalid_request_error';
        return send(failures.status, errorBody(failures.message, type, null));
      }
      const reply = typeof text === 'function' ? text(received) : text!;
      if (received.responseFormat === 'verbose_json') {
        if (options.noVerboseModels?.includes(model)) {
          return send(
            400,
            errorBody(
              `response_format 'verbose_json' is not compatible with model '${model}'. Use 'json' or 'text' instead.`,
              'invalid_request_error',
              'unsupported_value',
            ),
          );
        }
        const segments =
          typeof options.segments === 'function'
            ? options.segments(received, reply)
            : (options.segments ?? sentenceSegments(reply));
        const wanted = form.getAll('timestamp_granularities[]');
        const words = wanted.includes('word')
          ? segments.flatMap((segment) => {
              const parts = segment.text.trim().split(/\s+/).filter(Boolean);
              const step = (segment.end - segment.start) / Math.max(1, parts.length);
              return parts.map((word, i) => ({
                word,
                start: segment.start + i * step,
                end: segment.start + (i + 1) * step,
              }));
            })
          : undefined;
        return send(200, {
          task: 'transcribe',
          language: 'german',
          duration: segments.at(-1)?.end ?? 0,
          text: reply,
          segments: segments.map((segment, id) => ({
            id,
            seek: 0,
            start: segment.start,
            end: segment.end,
            text: segment.text,
            tokens: [],
            temperature: 0,
            avg_logprob: -0.2,
            compression_ratio: 1.2,
            no_speech_prob: 0.01,
          })),
          ...(words ? { words } : {}),
        });
      }
      if (received.responseFormat === 'text') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end(reply);
      }
      return send(200, { text: reply });
    } catch (error) {
      return send(500, errorBody(String(error), 'server_error', null));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(next) {
      text = next;
    },
    fail(status, message, times = 1) {
      failures = { status, message, times };
    },
    hold() {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
