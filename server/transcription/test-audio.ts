import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const testModel =
  process.env.TEST_WHISPER_MODEL ?? path.resolve(import.meta.dirname, 'testing/for-tests-ggml-tiny.bin');

/** German speech from espeak-ng as WAV, and the same as webm/ogg (Opus) and mp4 (AAC) via ffmpeg. */
export function germanSpeech(sentence: string, dir = mkdtempSync(path.join(tmpdir(), 'speech-'))) {
  const wav = path.join(dir, 'speech.wav');
  execFileSync('espeak-ng', ['-v', 'de', '-w', wav, sentence]);
  const convert = (ext: string, codec: string[]) => {
    const out = path.join(dir, `speech.${ext}`);
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, ...codec, out]);
    return out;
  };
  return {
    dir,
    wav,
    webm: convert('webm', ['-c:a', 'libopus']),
    ogg: convert('ogg', ['-c:a', 'libopus']),
    mp4: convert('mp4', ['-c:a', 'aac']),
  };
}
