/** Audio to transcribe: an encoded file (webm, ogg, mp4, wav, ...) or raw 16-bit PCM samples. */
export type AudioInput =
  | { kind: 'file'; data: Buffer; mimeType: string }
  | { kind: 'pcm16'; data: Int16Array; sampleRate: number };

export type Transcript = { text: string; segments: { start: number; end: number; text: string }[] };

/** Speech to text. Adapters: local whisper.cpp, OpenAI-compatible, ElevenLabs; chosen by config. */
export type Transcriber = {
  readonly name: string;
  transcribe(audio: AudioInput, opts: { language: 'de' }): Promise<Transcript>;
  /** Whether it can work right now (model present or downloadable, provider configured). */
  available(): Promise<boolean>;
};

export class TranscriberUnavailable extends Error {}

/** Used when no transcription is configured: says so, and the user types the transcript. */
export const noTranscriber: Transcriber = {
  name: 'none',
  async transcribe() {
    throw new TranscriberUnavailable('no transcriber configured');
  },
  async available() {
    return false;
  },
};
