import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav, resample } from './audio';
import { concat, silence, spokenGerman } from './testing/spoken';
import { TurnDetector, type EndedTurn } from './turns';
import { createClassifier } from './vad';

// The protocol's formats and codec are tested in common/interview/audio.test.ts.
describe('audio files', () => {
  it('writes and reads WAV files and resamples by rate', () => {
    const samples = Int16Array.from({ length: 2205 }, (_, i) => (i % 100) * 100);
    const wav = decodeWav(encodeWav(samples, 22050));
    expect(wav).toEqual({ samples, sampleRate: 22050 });
    expect(resample(samples, 22050, 16000).length).toBe(1600);
  });
});

describe('end of turn by voice activity', () => {
  it('finds one answer in spoken German and where its voice ended', async () => {
    const speech = await spokenGerman(
      'Ich habe Maschinenbau in Aachen studiert und arbeite heute bei einem Windkraftunternehmen.',
    );
    const detector = new TurnDetector({ classifier: await createClassifier() });
    const turns: EndedTurn[] = [];
    detector.onTurnEnd = (t) => turns.push(t);
    const stream = concat(silence(1000), speech, silence(1500));
    for (let i = 0; i < stream.length; i += 4000) await detector.push(stream.subarray(i, i + 4000));
    expect(turns).toHaveLength(1);
    const speechEnd = 16000 + speech.length;
    // espeak ends with a little silence of its own; the detector finds the last voiced frame.
    expect(turns[0]!.voiceEnd).toBeLessThanOrEqual(speechEnd);
    expect(turns[0]!.voiceEnd).toBeGreaterThan(speechEnd - 16000 * 0.4);
    expect(turns[0]!.voicedMs).toBeGreaterThan(2000);
  });

  it('does not end a turn in the short pauses between sentences', async () => {
    const a = await spokenGerman('Das war mein erstes Projekt.');
    const b = await spokenGerman('Danach kam die Windkraft.');
    // Without words to judge, the pause alone decides. espeak adds silence of its own around each
    // sentence and the model hears the voice end before the final "kt": about 0.7 s of pause in all.
    const detector = new TurnDetector({ classifier: await createClassifier(), finishedMs: 900 });
    const turns: EndedTurn[] = [];
    detector.onTurnEnd = (t) => turns.push(t);
    await detector.push(concat(a, silence(200), b, silence(1000)));
    expect(turns).toHaveLength(1);
  });

  it('ignores a click that is too short to be an answer', async () => {
    const detector = new TurnDetector({ classifier: await createClassifier() });
    const turns: EndedTurn[] = [];
    detector.onTurnEnd = (t) => turns.push(t);
    const click = Int16Array.from({ length: 1600 }, (_, i) => (i % 2 ? 20000 : -20000));
    await detector.push(concat(silence(500), click, silence(1500)));
    expect(turns).toHaveLength(0);
  });
});

describe('audio format settings', () => {
  it('refuses a format other than pcm or ulaw at the protocol rates when the server starts', async () => {
    const { loadConfig, ConfigError } = await import('../config');
    const dir = (await import('node:os')).tmpdir();
    expect(() => loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'x'.repeat(32), VOICE_INPUT_FORMAT: 'mp3_44100' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'x'.repeat(32), VOICE_OUTPUT_FORMAT: 'pcm_12345' })).toThrow(
      /VOICE_OUTPUT_FORMAT: Ungültiges Audioformat/,
    );
    expect(
      loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'x'.repeat(32), VOICE_INPUT_FORMAT: 'ulaw_8000' }).VOICE_INPUT_FORMAT,
    ).toBe('ulaw_8000');
  });
});
