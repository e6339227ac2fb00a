import { openAIClient } from '../openai/client';
import { DraftTimeout, DraftUnavailable, type Drafter, type Material, type Passage } from './drafter';
import { SOURCES_MARKER, systemPrompt, userPrompt } from './prompt';

/** Passages of the contributor that share several meaningful words with the text. */
export function passagesUsed(text: string, passages: Passage[]): number[] {
  const words = (s: string) => new Set(s.toLowerCase().match(/[\p{L}\p{N}]{5,}/gu) ?? []);
  const drafted = words(text);
  return passages
    .filter((p) => p.speaker === 'user')
    .filter((p) => [...words(p.text)].filter((w) => drafted.has(w)).length >= 2)
    .map((p) => p.index);
}

/** Where the model's sources line starts (case-insensitive, without changing string lengths). */
const markerAt = (text: string) => text.search(new RegExp(SOURCES_MARKER, 'i'));

function parseSources(tail: string, passages: Passage[]): number[] {
  const known = new Set(passages.map((p) => p.index));
  return [...new Set((tail.match(/\d+/g) ?? []).map(Number).filter((n) => known.has(n)))];
}

/**
 * Any OpenAI-compatible `/v1/chat/completions` endpoint (OpenAI, Ollama, llama.cpp's server),
 * asked to stream. A server that ignores `stream` and answers with one JSON body works too.
 * The model's last line names its sources; it is cut from the text the editor sees.
 */
export function modelDrafter(opts: { baseUrl: string; apiKey?: string; model: string; timeoutMs: number }): Drafter {
  const client = openAIClient(opts);
  return {
    kind: 'model',
    async draft(material: Material, onText, signal) {
      const timeout = AbortSignal.timeout(opts.timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let full = '';
      let shown = 0;
      const flush = (final: boolean) => {
        const marker = markerAt(full);
        // Holds back a possible beginning of the marker until the next chunk shows what it is.
        const end = marker >= 0 ? marker : final ? full.length : Math.max(shown, full.length - SOURCES_MARKER.length);
        if (end > shown) {
          onText(full.slice(shown, end));
          shown = end;
        }
      };
      try {
        const deltas = client.chatStream(
          {
            model: opts.model,
            temperature: 0.4,
            messages: [
              { role: 'system', content: systemPrompt(material) },
              { role: 'user', content: userPrompt(material) },
            ],
          },
          { signal: combined },
        );
        for await (const delta of deltas) {
          full += delta;
          flush(false);
        }
        flush(true);
      } catch (error) {
        if (timeout.aborted) throw new DraftTimeout('chat model timed out');
        if (signal?.aborted) throw error;
        throw error instanceof DraftUnavailable
          ? error
          : new DraftUnavailable(error instanceof Error ? error.message : String(error));
      }
      const marker = markerAt(full);
      const text = (marker >= 0 ? full.slice(0, marker) : full).trim();
      if (!text) throw new DraftUnavailable('chat model returned no text');
      const named = marker >= 0 ? parseSources(full.slice(marker), material.passages) : [];
      return { text, sources: named.length ? named : passagesUsed(text, material.passages) };
    },
  };
}
