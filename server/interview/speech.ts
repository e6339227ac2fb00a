import { spawn, spawnSync } from 'node:child_process';
import type { AppConfig } from '../config';
import { openAIClient } from '../openai/client';
import { decodeWav } from './audio';

export type Speech = { samples: Int16Array; sampleRate: number };

/** Text to speech for the built-in interviewer. `null` from the factory: the browser speaks instead. */
export type SpeechSynthesizer = { readonly name: string; synthesize(text: string): Promise<Speech> };

export function espeakInstalled(): boolean {
  return spawnSync('espeak-ng', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** espeak-ng with its German voice, writing a WAV to stdout. */
export function espeakSynthesizer(opts: { voice?: string; wordsPerMinute?: number } = {}): SpeechSynthesizer {
  return {
    name: 'espeak-ng',
    synthesize(text) {
      return new Promise((resolve, reject) => {
        const child = spawn(
          'espeak-ng',
          ['-v', opts.voice ?? 'de', '-s', String(opts.wordsPerMinute ?? 165), '--stdout'],
          { stdio: ['pipe', 'pipe', 'ignore'] },
        );
        const out: Buffer[] = [];
        child.stdout.on('data', (d: Buffer) => out.push(d));
        child.on('error', reject);
        child.on('close', (code) => {
          if (code !== 0) return reject(new Error(`espeak-ng exited with ${code}`));
          try {
            resolve(decodeWav(Buffer.concat(out)));
          } catch (error) {
            reject(error);
          }
        });
        child.stdin.end(text);
      });
    },
  };
}

/** Any OpenAI-compatible `/v1/audio/speech` endpoint, asked for WAV. */
export function openaiSynthesizer(opts: {
  baseUrl: string;
  apiKey?: string;
  model: string;
  voice?: string;
}): SpeechSynthesizer {
  const client = openAIClient(opts);
  return {
    name: 'openai',
    async synthesize(text) {
      const wav = await client.speech(
        { model: opts.model, input: text, voice: opts.voice ?? 'alloy', response_format: 'wav' },
        { timeoutMs: 15_000 },
      );
      return decodeWav(wav);
    },
  };
}

/** Picks the synthesiser from the TTS setting; espeak-ng only when it is installed. */
export function createSynthesizer(config: AppConfig): SpeechSynthesizer | null {
  if (config.TTS === 'openai' && config.OPENAI_BASE_URL && config.OPENAI_TTS_MODEL) {
    return openaiSynthesizer({
      baseUrl: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY,
      model: config.OPENAI_TTS_MODEL,
    });
  }
  if (config.TTS === 'espeak' && espeakInstalled()) return espeakSynthesizer();
  return null;
}
