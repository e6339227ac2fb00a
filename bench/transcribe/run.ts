/**
 * Local transcription benchmark: real-time factor and peak memory of the local whisper.cpp
 * adapter on a 5-minute German recording (espeak-ng, encoded as the browser sends it: WebM/Opus).
 *
 *   npx tsx bench/transcribe/run.ts
 *   env: WHISPER_MODEL_FILE (a real ggml model; otherwise DATA_DIR/models/ggml-<WHISPER_MODEL>.bin
 *        when present, else the test model), SECONDS (300), FORMAT (webm|ogg|mp4|wav), THREADS
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { localWhisperTranscriber } from '../../server/transcription/local-whisper';
import { testModel } from '../../server/transcription/test-audio';

const SECONDS = Number(process.env.SECONDS ?? 300);
const FORMAT = process.env.FORMAT ?? 'webm';
const THREADS = process.env.THREADS ? Number(process.env.THREADS) : availableParallelism();

function chooseModel(): { file: string; real: boolean } {
  if (process.env.WHISPER_MODEL_FILE) return { file: path.resolve(process.env.WHISPER_MODEL_FILE), real: true };
  const configured = path.resolve(
    process.env.DATA_DIR ?? './data',
    'models',
    `ggml-${process.env.WHISPER_MODEL ?? 'base'}.bin`,
  );
  if (existsSync(configured)) return { file: configured, real: true };
  return { file: testModel, real: false };
}

/** About SECONDS of German speech: espeak-ng sentences, joined and cut by ffmpeg. */
function recording(dir: string): string {
  const sentences = [
    'Guten Tag, ich arbeite seit zwölf Jahren als Ingenieurin im Brückenbau.',
    'Unser aktuelles Projekt ist eine Fußgängerbrücke über die Elbe in Hamburg.',
    'Besonders spannend finde ich die Zusammenarbeit mit den Architekten und den Behörden.',
    'Für junge Menschen, die Technik mögen, ist das ein wunderbarer Beruf.',
  ];
  const wav = path.join(dir, 'satz.wav');
  execFileSync('espeak-ng', ['-v', 'de', '-s', '150', '-w', wav, sentences.join(' ')]);
  const out = path.join(dir, `nachricht.${FORMAT}`);
  const codec =
    FORMAT === 'webm' || FORMAT === 'ogg'
      ? ['-c:a', 'libopus', '-b:a', '32k']
      : FORMAT === 'mp4'
        ? ['-c:a', 'aac']
        : ['-ar', '16000', '-ac', '1'];
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-stream_loop',
    '-1',
    '-i',
    wav,
    '-t',
    String(SECONDS),
    ...codec,
    out,
  ]);
  return out;
}

const model = chooseModel();
const dir = mkdtempSync(path.join(tmpdir(), 'bench-transcribe-'));
try {
  const file = recording(dir);
  const mime = { webm: 'audio/webm', ogg: 'audio/ogg', mp4: 'audio/mp4', wav: 'audio/wav' }[FORMAT] ?? 'audio/webm';
  console.log(`model: ${model.file} (${(statSync(model.file).size / 1e6).toFixed(1)} MB)`);
  if (!model.real) {
    console.log('NOTE: no real model configured (WHISPER_MODEL_FILE or DATA_DIR/models/ggml-base.bin): using the');
    console.log('      untrained test model. It runs the whole pipeline but returns no text; its figures show the');
    console.log('      cost of decoding and the tiny architecture, not of a base or small model.');
  }
  console.log(`recording: ${SECONDS} s German speech, ${FORMAT}, ${(statSync(file).size / 1e6).toFixed(2)} MB`);
  console.log(`cpu: ${cpus()[0]?.model ?? '?'} x${cpus().length}, whisper threads: ${THREADS}`);
  const rssBefore = process.memoryUsage().rss;
  const whisper = localWhisperTranscriber({ modelPath: model.file, threads: THREADS });

  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);
  let lagMax = 0;
  let last = Date.now();
  const lag = setInterval(() => {
    const now = Date.now();
    lagMax = Math.max(lagMax, now - last - 100);
    last = now;
  }, 100);

  const started = performance.now();
  const result = await whisper.transcribe(
    { kind: 'file', data: readFileSync(file), mimeType: mime },
    { language: 'de' },
  );
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  clearInterval(lag);
  peakRss = Math.max(peakRss, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  await whisper.close();

  console.log(`transcription time: ${elapsed.toFixed(1)} s (model load, decoding and inference)`);
  console.log(
    `real-time factor: ${(elapsed / SECONDS).toFixed(3)} (time / audio length; below 1 is faster than real time)`,
  );
  console.log(
    `peak memory (process RSS): ${(peakRss / 1024 / 1024).toFixed(0)} MB (before: ${(rssBefore / 1024 / 1024).toFixed(0)} MB)`,
  );
  console.log(`main thread: longest event-loop stall ${lagMax} ms (inference runs in a worker thread)`);
  console.log(
    `text: ${result.text ? `${result.text.length} characters, ${result.segments.length} segments: "${result.text.slice(0, 160)}..."` : '(empty)'}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
