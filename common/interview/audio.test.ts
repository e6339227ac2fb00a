import { describe, expect, it } from 'vitest';
import {
  AUDIO_FORMATS,
  decodeChunk,
  encodeChunk,
  linearToUlaw,
  parseAudioFormat,
  readAudioFormat,
  ulawToLinear,
} from './audio';

describe('audio formats', () => {
  it('accepts pcm and ulaw at the protocol rates', () => {
    expect(parseAudioFormat('pcm_16000')).toEqual({ encoding: 'pcm', sampleRate: 16000 });
    expect(parseAudioFormat('pcm_44100')).toEqual({ encoding: 'pcm', sampleRate: 44100 });
    expect(parseAudioFormat('ulaw_8000')).toEqual({ encoding: 'ulaw', sampleRate: 8000 });
    for (const name of AUDIO_FORMATS) expect(() => parseAudioFormat(name)).not.toThrow();
  });

  it.each(['mp3_44100', 'pcm_12345', 'ulaw_16000', 'pcm', ''])(
    'refuses %j with an invalid-audio-format error',
    (format) => {
      expect(() => parseAudioFormat(format)).toThrow(/invalid audio format/);
    },
  );

  it('reads a format name by its form alone for the browser, anything else is null', () => {
    expect(readAudioFormat('pcm_12345')).toEqual({ encoding: 'pcm', sampleRate: 12345 });
    expect(readAudioFormat('ulaw_8000')).toEqual({ encoding: 'ulaw', sampleRate: 8000 });
    expect(readAudioFormat('mp3_44100')).toBeNull();
    expect(readAudioFormat(16000)).toBeNull();
    expect(readAudioFormat(undefined)).toBeNull();
  });
});

describe('codec', () => {
  it('round-trips PCM exactly and μ-law within its quantisation', () => {
    const samples = Int16Array.from({ length: 800 }, (_, i) => Math.round(Math.sin(i / 10) * 12000));
    expect(decodeChunk(encodeChunk(samples, parseAudioFormat('pcm_16000')), parseAudioFormat('pcm_16000'))).toEqual(
      samples,
    );
    const ulaw = parseAudioFormat('ulaw_8000');
    const back = decodeChunk(encodeChunk(samples, ulaw), ulaw);
    expect(encodeChunk(samples, ulaw).length).toBe(800);
    samples.forEach((s, i) => expect(Math.abs(back[i]! - s)).toBeLessThanOrEqual(Math.abs(s) / 16 + 8));
  });

  it('writes PCM little-endian and reads it from a view at any offset', () => {
    const pcm = parseAudioFormat('pcm_16000');
    expect([...encodeChunk(Int16Array.of(1, -2, 0x1234), pcm)]).toEqual([1, 0, 0xfe, 0xff, 0x34, 0x12]);
    const bytes = Uint8Array.of(9, 0x34, 0x12, 0xfe, 0xff, 9);
    expect([...decodeChunk(bytes.subarray(1, 5), pcm)]).toEqual([0x1234, -2]);
    expect(decodeChunk(Uint8Array.of(1, 2, 3), pcm).length).toBe(1);
  });

  it('is G.711 μ-law: pinned bytes and values, and every byte decodes and encodes back to itself', () => {
    expect([0, 1, -1, 100, -100, 1000, 8159, 32635, 32767, -32768].map(linearToUlaw)).toEqual([
      0xff, 0xff, 0x7f, 0xf2, 0x72, 0xce, 0x9f, 0x80, 0x80, 0x00,
    ]);
    expect([0xff, 0x7f, 0x80, 0x00, 0xce, 0x72].map(ulawToLinear)).toEqual([0, -0, 32124, -32124, 988, -104]);
    for (let byte = 0; byte < 256; byte++) {
      // 0x7f is "minus zero", which encodes as plain zero.
      expect(linearToUlaw(ulawToLinear(byte))).toBe(byte === 0x7f ? 0xff : byte);
    }
  });
});
