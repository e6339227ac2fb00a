// Runs whisper.cpp in a child process of the server: its `full()` blocks for the whole recording
// and cannot be interrupted, so it must not run in a thread of the server (a process exit waits
// for every thread; a child process is simply killed on shutdown).
// Plain JavaScript so it starts the same under tsx, vitest and node.
import {
  decodeAudio,
  splitAudioFromVideo,
  Whisper,
  WhisperFullParams,
  WhisperSamplingStrategy,
} from '@napi-rs/whisper';
import { mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';

const modelPath = process.argv[2];
const reply = (message) => process.send?.(message);
// The server is gone (its channel closed): nothing is waiting for a transcript any more.
process.on('disconnect', () => process.exit(0));

// On Linux a thread has its own nice value, and the threads whisper.cpp starts from this one
// inherit it: transcription yields the CPU to the event loop thread instead of starving it.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) setPriority(tid, 10);
} catch {
  // not Linux, or not allowed: whisper runs at the server's priority
}

const whisper = new Whisper(modelPath);

/** 16 kHz mono float samples from an encoded file: wav/mp3/mp4 in memory, webm/ogg through FFmpeg. */
function decodeFile(data, extension) {
  try {
    return decodeAudio(data, `audio.${extension}`);
  } catch {
    const dir = mkdtempSync(path.join(tmpdir(), 'whisper-'));
    try {
      const file = path.join(dir, `audio.${extension}`);
      writeFileSync(file, data);
      return splitAudioFromVideo(file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

function fromPcm16(samples, sampleRate) {
  const ratio = sampleRate / 16000;
  const out = new Float32Array(Math.floor(samples.length / ratio));
  for (let i = 0; i < out.length; i++) {
    const pos = i * ratio;
    const j = Math.floor(pos);
    const next = j + 1 < samples.length ? samples[j + 1] : samples[j];
    out[i] = (samples[j] + (next - samples[j]) * (pos - j)) / 32768;
  }
  return out;
}

process.on('message', (job) => {
  try {
    const started = Date.now();
    const samples = job.kind === 'pcm16' ? fromPcm16(job.data, job.sampleRate) : decodeFile(job.data, job.extension);
    const decodedMs = Date.now() - started;
    const params = new WhisperFullParams(WhisperSamplingStrategy.Greedy);
    params.language = job.language;
    params.nThreads = job.threads;
    params.printProgress = false;
    params.printRealtime = false;
    const segments = [];
    // whisper.cpp reports segment times in units of 10 ms.
    params.onNewSegment = (segment) =>
      segments.push({ start: segment.start / 100, end: segment.end / 100, text: segment.text.trim() });
    const text = whisper.full(params, samples).trim();
    const seconds = samples.length / 16000;
    // Segment callbacks may arrive after full() returns; let them in before answering.
    setImmediate(() => {
      const found = segments.length || !text ? segments : [{ start: 0, end: seconds, text }];
      reply({ id: job.id, text, segments: found, seconds, decodedMs });
    });
  } catch (error) {
    reply({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
reply({ ready: true });
