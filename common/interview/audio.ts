/**
 * Audio of the built-in interviewer's protocol: the format names both sides announce and the one
 * codec (little-endian 16-bit PCM or G.711 μ-law) for the server, the browser and the tests.
 * No dependencies: the browser's interview chunk imports it.
 */

export type AudioEncoding = 'pcm' | 'ulaw';
export type AudioFormat = { encoding: AudioEncoding; sampleRate: number };

/** Rates the protocol allows for PCM; μ-law is 8 kHz only. */
export const PCM_RATES = [8000, 16000, 22050, 24000, 44100, 48000] as const;
export const ULAW_RATE = 8000;

/** Every format name the server accepts: 'pcm_8000' … 'pcm_48000', 'ulaw_8000' (pure: the browser's bundle drops it). */
export const AUDIO_FORMATS: readonly string[] = /* @__PURE__ */ PCM_RATES.map((r) => `pcm_${r}`).concat(
  `ulaw_${ULAW_RATE}`,
);

/**
 * The browser's microphone chunks: the end of an answer is seen on the server at most this late.
 * Half the turn detector's 32 ms frame, so every second chunk completes a frame (at 20 ms a frame
 * waited 0–16 ms for the chunk that held its end).
 */
export const USER_CHUNK_MS = 16;

export const formatName = (f: AudioFormat) => `${f.encoding}_${f.sampleRate}`;

/** The format of both directions unless the server is configured otherwise (and the browser's fallback). */
export const DEFAULT_FORMAT: AudioFormat = { encoding: 'pcm', sampleRate: 16000 };
export const DEFAULT_FORMAT_NAME = /* @__PURE__ */ formatName(DEFAULT_FORMAT);

/** 'pcm_16000' → {pcm, 16000} by its form alone (any rate); anything else → null. */
export function readAudioFormat(name: unknown): AudioFormat | null {
  const m = typeof name === 'string' ? /^(pcm|ulaw)_(\d+)$/.exec(name) : null;
  return m ? { encoding: m[1] as AudioEncoding, sampleRate: Number(m[2]) } : null;
}

export class InvalidAudioFormat extends Error {
  constructor(format: string) {
    super(`invalid audio format: ${format} (allowed: ${AUDIO_FORMATS.join(', ')})`);
  }
}

/** 'pcm_16000' → {pcm, 16000}; unknown encodings or rates are refused. */
export function parseAudioFormat(format: string): AudioFormat {
  const parsed = readAudioFormat(format);
  if (!parsed) throw new InvalidAudioFormat(format);
  const { encoding, sampleRate } = parsed;
  if (encoding === 'pcm' ? !(PCM_RATES as readonly number[]).includes(sampleRate) : sampleRate !== ULAW_RATE)
    throw new InvalidAudioFormat(format);
  return parsed;
}

/** One μ-law byte → a 16-bit sample. */
export function ulawToLinear(u: number): number {
  u = ~u & 0xff;
  const sign = u & 0x80;
  const exponent = (u >> 4) & 0x07;
  const mantissa = u & 0x0f;
  const sample = (((mantissa << 3) + 0x84) << exponent) - 0x84;
  return sign ? -sample : sample;
}

/** One 16-bit sample → a μ-law byte (clipped at ±32635). */
export function linearToUlaw(sample: number): number {
  const BIAS = 0x84;
  const CLIP = 32635;
  const sign = sample < 0 ? 0x80 : 0;
  const s = Math.min(Math.abs(sample), CLIP) + BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** Wire bytes of one chunk → 16-bit samples at the format's rate. */
export function decodeChunk(bytes: Uint8Array, format: AudioFormat): Int16Array {
  if (format.encoding === 'ulaw') return Int16Array.from(bytes, ulawToLinear);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Int16Array(bytes.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

/** 16-bit samples → wire bytes of the format (little-endian PCM or μ-law). */
export function encodeChunk(samples: Int16Array, format: AudioFormat): Uint8Array {
  if (format.encoding === 'ulaw') return Uint8Array.from(samples, linearToUlaw);
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i]!, true);
  return out;
}
