import { resample } from '../audio';
import { espeakSynthesizer } from '../speech';

/** German speech from espeak-ng at `rate` Hz, as a microphone would deliver it. */
export async function spokenGerman(text: string, rate = 16000): Promise<Int16Array> {
  const speech = await espeakSynthesizer({ wordsPerMinute: 160 }).synthesize(text);
  return resample(speech.samples, speech.sampleRate, rate);
}

export function silence(ms: number, rate = 16000): Int16Array {
  return new Int16Array(Math.round((rate * ms) / 1000));
}

export function concat(...parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let pos = 0;
  for (const p of parts) out.set(p, pos), (pos += p.length);
  return out;
}
