import { wavFromPcm16 } from '../transcription/transcriber';

/** Sample handling the built-in agent needs; the protocol's formats and codec are in common/interview/audio.ts. */

/** Linear-interpolation resampling; enough for speech between the protocol's rates. */
export function resample(samples: Int16Array, from: number, to: number): Int16Array {
  if (from === to || samples.length === 0) return samples;
  const out = new Int16Array(Math.max(1, Math.round((samples.length * to) / from)));
  const step = from / to;
  for (let i = 0; i < out.length; i++) {
    const pos = i * step;
    const j = Math.floor(pos);
    const a = samples[Math.min(j, samples.length - 1)]!;
    const b = samples[Math.min(j + 1, samples.length - 1)]!;
    out[i] = Math.round(a + (b - a) * (pos - j));
  }
  return out;
}

/** Root mean square of a frame, 0..1. */
export function rms(samples: Int16Array, start = 0, end = samples.length): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum += samples[i]! * samples[i]!;
  return end > start ? Math.sqrt(sum / (end - start)) / 32768 : 0;
}

/** A mono 16-bit WAV file. */
export const encodeWav = wavFromPcm16;

/** Reads a 16-bit PCM WAV (mono, or the first channel); other encodings are refused. */
export function decodeWav(file: Buffer): { samples: Int16Array; sampleRate: number } {
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not a WAV file');
  let offset = 12;
  let channels = 1;
  let sampleRate = 0;
  let bits = 16;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    let size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (file.readUInt16LE(body) !== 1) throw new Error('WAV is not PCM');
      channels = file.readUInt16LE(body + 2);
      sampleRate = file.readUInt32LE(body + 4);
      bits = file.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16) throw new Error('WAV is not 16-bit');
      // espeak-ng writes 0x7fffffff as the size when it streams to stdout.
      if (size === 0 || body + size > file.length) size = file.length - body;
      const frames = Math.floor(size / (2 * channels));
      const samples = new Int16Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = file.readInt16LE(body + i * 2 * channels);
      return { samples, sampleRate };
    }
    offset = body + size + (size & 1);
  }
  throw new Error('WAV has no data');
}

/** The whole conversation on one timeline: the microphone stream is the clock, agent speech is mixed in. */
export class ConversationRecorder {
  private chunks: Int16Array[] = [];
  private length = 0;
  private agent: { at: number; samples: Int16Array }[] = [];
  private readonly maxSamples: number;

  constructor(
    readonly sampleRate: number,
    maxMinutes = 60,
  ) {
    this.maxSamples = sampleRate * 60 * maxMinutes;
  }

  /** Samples heard so far: where the next agent audio starts. */
  get position(): number {
    return this.length;
  }

  addUser(samples: Int16Array): void {
    if (this.length + samples.length > this.maxSamples) return;
    this.chunks.push(samples);
    this.length += samples.length;
  }

  addAgent(samples: Int16Array, at = this.length): void {
    this.agent.push({ at, samples });
  }

  get isEmpty(): boolean {
    return this.length === 0 && this.agent.length === 0;
  }

  toWav(): Buffer {
    const end = Math.max(this.length, ...this.agent.map((a) => a.at + a.samples.length));
    const mix = new Int32Array(end);
    let pos = 0;
    for (const c of this.chunks) {
      for (let i = 0; i < c.length; i++) mix[pos + i] = c[i]!;
      pos += c.length;
    }
    for (const a of this.agent)
      for (let i = 0; i < a.samples.length; i++) mix[a.at + i] = mix[a.at + i]! + a.samples[i]!;
    return encodeWav(
      Int16Array.from(mix, (v) => Math.max(-32768, Math.min(32767, v))),
      this.sampleRate,
    );
  }
}
