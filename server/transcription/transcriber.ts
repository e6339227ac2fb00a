/** Audio to transcribe: an encoded file (webm, ogg, mp4, wav, ...) or raw 16-bit PCM samples. */
export type AudioInput =
  | { kind: 'file'; data: Buffer; mimeType: string }
  | { kind: 'pcm16'; data: Int16Array; sampleRate: number };

/** Text with segment times (seconds); `words` when the provider gives word times (captions). */
export type Transcript = {
  text: string;
  segments: { start: number; end: number; text: string }[];
  words?: { start: number; end: number; text: string }[];
};

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

/** The provider refused or failed; `status` is its HTTP status when there was one. */
export class TranscriptionFailed extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** File extension for an audio MIME type (`audio/webm;codecs=opus` → `webm`). */
export function audioExtension(mimeType: string): string {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  const known: Record<string, string> = {
    'audio/webm': 'webm',
    'video/webm': 'webm',
    'audio/ogg': 'ogg',
    'audio/opus': 'ogg',
    'audio/mp4': 'mp4',
    'video/mp4': 'mp4',
    'audio/x-m4a': 'm4a',
    'audio/m4a': 'm4a',
    'audio/aac': 'aac',
    'audio/mpeg': 'mp3',
    'audio/mp3': 'mp3',
    'audio/wav': 'wav',
    'audio/x-wav': 'wav',
    'audio/wave': 'wav',
  };
  return known[type] ?? 'bin';
}

/** A WAV file (16-bit mono) from PCM samples, for providers that take files only. */
export function wavFromPcm16(samples: Int16Array, sampleRate: number): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The audio as a file a provider accepts: name, MIME type and bytes. */
export function audioFile(audio: AudioInput): { name: string; type: string; data: Buffer } {
  if (audio.kind === 'pcm16')
    return { name: 'audio.wav', type: 'audio/wav', data: wavFromPcm16(audio.data, audio.sampleRate) };
  const type = audio.mimeType.split(';')[0]!.trim() || 'application/octet-stream';
  return { name: `audio.${audioExtension(type)}`, type, data: audio.data };
}
