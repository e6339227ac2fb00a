import { audioFile, TranscriptionFailed, type Transcriber } from './transcriber';

export type OpenAITranscriberOptions = {
  /** e.g. https://api.openai.com/v1 (a base without /v1 gets it added). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
};

/** Endpoint of an OpenAI-compatible base URL: `…/v1` + `/audio/transcriptions`. */
export function transcriptionsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${/\/v\d+$/.test(base) ? '' : '/v1'}/audio/transcriptions`;
}

/** Message of an OpenAI-style error body `{error: {message}}`, else the raw text. */
function providerMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: string } | string };
    if (typeof json.error === 'string') return json.error;
    if (json.error?.message) return json.error.message;
  } catch {
    // not JSON
  }
  return body.slice(0, 300);
}

/** Any OpenAI-compatible `/v1/audio/transcriptions` endpoint (OpenAI, or a self-hosted server). */
export function openAITranscriber(options: OpenAITranscriberOptions): Transcriber {
  const url = transcriptionsUrl(options.baseUrl);
  return {
    name: 'openai',
    async available() {
      return true;
    },
    async transcribe(audio, opts) {
      const file = audioFile(audio);
      const post = async (verbose: boolean) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
        form.append('model', options.model);
        form.append('language', opts.language);
        // verbose_json brings segment (and word) times for captions.
        form.append('response_format', verbose ? 'verbose_json' : 'json');
        if (verbose) {
          form.append('timestamp_granularities[]', 'segment');
          form.append('timestamp_granularities[]', 'word');
        }
        try {
          return await fetch(url, {
            method: 'POST',
            headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
            body: form,
            signal: AbortSignal.timeout(options.timeoutMs ?? 10 * 60_000),
          });
        } catch (error) {
          throw new TranscriptionFailed(`OpenAI-compatible endpoint unreachable: ${(error as Error).message}`);
        }
      };
      let res = await post(true);
      let body = await res.text();
      // Models without verbose_json (e.g. gpt-4o-transcribe) refuse it: the text alone, without times.
      if (res.status === 400 && /verbose_json|response_format|timestamp/i.test(body)) {
        res = await post(false);
        body = await res.text();
      }
      if (!res.ok)
        throw new TranscriptionFailed(
          `OpenAI-compatible endpoint answered ${res.status}: ${providerMessage(body)}`,
          res.status,
        );
      let json: {
        text?: unknown;
        segments?: { start: number; end: number; text: string }[];
        words?: { start: number; end: number; word: string }[];
      };
      try {
        json = JSON.parse(body);
      } catch {
        throw new TranscriptionFailed('OpenAI-compatible endpoint answered without JSON', res.status);
      }
      if (typeof json.text !== 'string')
        throw new TranscriptionFailed('OpenAI-compatible endpoint answered without text', res.status);
      const segments = Array.isArray(json.segments)
        ? json.segments
            .filter((s) => typeof s?.text === 'string')
            .map((s) => ({ start: Number(s.start), end: Number(s.end), text: s.text.trim() }))
        : [];
      const words = Array.isArray(json.words)
        ? json.words
            .filter((w) => typeof w?.word === 'string' && w.word.trim())
            .map((w) => ({ start: Number(w.start), end: Number(w.end), text: w.word.trim() }))
        : [];
      return { text: json.text.trim(), segments, ...(words.length ? { words } : {}) };
    },
  };
}
