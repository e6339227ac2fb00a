import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { localWhisperTranscriber } from './local-whisper';
import { germanSpeech, testModel } from './test-audio';
import { TranscriberUnavailable } from './transcriber';

// The test model has whisper-tiny's architecture and vocabulary but no trained weights: it runs
// the whole pipeline (decode, resample, mel, encoder, decoder) and returns an empty text.
const speech = germanSpeech('Guten Tag, ich schicke Ihnen eine kurze Sprachnachricht.');
const whisper = localWhisperTranscriber({ modelPath: testModel, idleMs: 1000 });
afterAll(() => whisper.close());

describe('local whisper.cpp transcriber', () => {
  it.each([
    ['wav', 'audio/wav'],
    ['webm', 'audio/webm;codecs=opus'],
    ['ogg', 'audio/ogg;codecs=opus'],
    ['mp4', 'audio/mp4'],
  ] as const)(
    'decodes and transcribes %s speech in the whisper process',
    async (ext, mimeType) => {
      const result = await whisper.transcribe(
        { kind: 'file', data: readFileSync(speech[ext]), mimeType },
        { language: 'de' },
      );
      expect(result).toEqual({ text: '', segments: [] });
    },
    120_000,
  );

  it('keeps the main thread free while it works', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    await whisper.transcribe(
      { kind: 'file', data: readFileSync(speech.wav), mimeType: 'audio/wav' },
      { language: 'de' },
    );
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
  }, 120_000);

  it('runs one recording at a time, in order', async () => {
    const order: number[] = [];
    const audio = { kind: 'pcm16' as const, data: new Int16Array(16000), sampleRate: 16000 };
    await Promise.all([1, 2, 3].map((n) => whisper.transcribe(audio, { language: 'de' }).then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
  }, 120_000);

  it('reports undecodable audio as a failure, not a crash', async () => {
    await expect(
      whisper.transcribe({ kind: 'file', data: Buffer.from('kein Audio'), mimeType: 'audio/webm' }, { language: 'de' }),
    ).rejects.toThrow(/local transcription failed/);
    // and still works afterwards
    await expect(
      whisper.transcribe({ kind: 'pcm16', data: new Int16Array(8000), sampleRate: 8000 }, { language: 'de' }),
    ).resolves.toMatchObject({ text: '' });
  }, 120_000);

  it('is unavailable without a model and without a download source', async () => {
    const none = localWhisperTranscriber({ modelPath: '/nonexistent/ggml-base.bin' });
    expect(await none.available()).toBe(false);
    await expect(
      none.transcribe({ kind: 'pcm16', data: new Int16Array(10), sampleRate: 16000 }, { language: 'de' }),
    ).rejects.toBeInstanceOf(TranscriberUnavailable);
  });
});
