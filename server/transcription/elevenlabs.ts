import { audioFile, TranscriptionFailed, type Transcriber } from './transcriber';

export type ElevenLabsTranscriberOptions = {
  /** https://api.elevenlabs.io */
  baseUrl: string;
  apiKey: string;
  /** scribe_v2 (or scribe_v1) */
  model: string;
  timeoutMs?: number;
};

type ElevenLabsWord = { text: string; start?: number; end?: number; type?: 'word' | 'spacing' | 'audio_event' };

/** ElevenLabs errors: `{detail: {status, message}}`, or `{detail: [{msg}]}` for validation (422). */
function providerMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { detail?: { message?: string; status?: string } | { msg?: string }[] | string };
    const detail = json.detail;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail))
      return detail
        .map((d) => d.msg)
        .filter(Boolean)
        .join('; ');
    if (detail?.message) return detail.message;
    if (detail?.status) return detail.status;
  } catch {
    // not JSON
  }
  return body.slice(0, 300);
}

/** Sentences from ElevenLabs' word list: a segment ends after . ! or ?. */
function segmentsOf(words: ElevenLabsWord[]): { start: number; end: number; text: string }[] {
  const segments: { start: number; end: number; text: string }[] = [];
  let current: { start: number; end: number; text: string } | null = null;
  for (const word of words) {
    if (word.type === 'audio_event') continue;
    if (!current) {
      if (word.type === 'spacing') continue;
      current = { start: word.start ?? 0, end: word.end ?? 0, text: '' };
    }
    current.text += word.text;
    current.end = word.end ?? current.end;
    if (word.type !== 'spacing' && /[.!?]$/.test(word.text)) {
      segments.push({ ...current, text: current.text.trim() });
      current = null;
    }
  }
  if (current?.text.trim()) segments.push({ ...current, text: current.text.trim() });
  return segments;
}

/** ElevenLabs speech to text (`POST /v1/speech-to-text`, key in `xi-api-key`). */
export function elevenLabsTranscriber(options: ElevenLabsTranscriberOptions): Transcriber {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v1/speech-to-text`;
  return {
    name: 'elevenlabs',
    async available() {
      return true;
    },
    async transcribe(audio, opts) {
      const file = audioFile(audio);
      const form = new FormData();
      form.append('model_id', options.model);
      form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
      form.append('language_code', opts.language);
      form.append('tag_audio_events', 'false');
      form.append('timestamps_granularity', 'word');
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'xi-api-key': options.apiKey },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10 * 60_000),
        });
      } catch (error) {
        throw new TranscriptionFailed(`ElevenLabs unreachable: ${(error as Error).message}`);
      }
      const body = await res.text();
      if (!res.ok)
        throw new TranscriptionFailed(`ElevenLabs answered ${res.status}: ${providerMessage(body)}`, res.status);
      let json: { text?: unknown; words?: ElevenLabsWord[] };
      try {
        json = JSON.parse(body);
      } catch {
        throw new TranscriptionFailed('ElevenLabs answered without JSON', res.status);
      }
      if (typeof json.text !== 'string') throw new TranscriptionFailed('ElevenLabs answered without text', res.status);
      const words = Array.isArray(json.words) ? json.words : [];
      return {
        text: json.text.trim(),
        segments: segmentsOf(words),
        // Word times for captions (spacing and audio events are not words).
        words: words
          .filter(
            (w) =>
              (w.type ?? 'word') === 'word' &&
              typeof w.start === 'number' &&
              typeof w.end === 'number' &&
              w.text.trim(),
          )
          .map((w) => ({ start: w.start!, end: w.end!, text: w.text.trim() })),
      };
    },
  };
}
