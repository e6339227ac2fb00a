import { OpenAIError, openAIClient, openaiUrl } from '../openai/client';
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
  return openaiUrl(baseUrl, '/audio/transcriptions');
}

/** Any OpenAI-compatible `/v1/audio/transcriptions` endpoint (OpenAI, or a self-hosted server). */
export function openAITranscriber(options: OpenAITranscriberOptions): Transcriber {
  const client = openAIClient(options);
  return {
    name: 'openai',
    async available() {
      return true;
    },
    async transcribe(audio, opts) {
      const file = audioFile(audio);
      const post = (verbose: boolean) => {
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
        return client.transcribe(form, { timeoutMs: options.timeoutMs ?? 10 * 60_000 });
      };
      let json: {
        text?: unknown;
        segments?: { start: number; end: number; text: string }[];
        words?: { start: number; end: number; word: string }[];
      };
      try {
        json = (await post(true).catch((error: unknown) => {
          // Models without verbose_json (e.g. gpt-4o-transcribe) refuse it: the text alone, without times.
          if (
            error instanceof OpenAIError &&
            error.status === 400 &&
            /verbose_json|response_format|timestamp/i.test(error.message)
          )
            return post(false);
          throw error;
        })) as typeof json;
      } catch (error) {
        if (error instanceof OpenAIError) throw new TranscriptionFailed(error.message, error.status);
        throw error;
      }
      if (typeof json?.text !== 'string')
        throw new TranscriptionFailed('OpenAI-compatible endpoint answered without text');
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
