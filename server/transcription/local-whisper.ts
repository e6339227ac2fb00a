import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ensureModel, ModelDownloadFailed, type ModelSource } from './model-download';
import { audioExtension, TranscriptionFailed, TranscriberUnavailable, type AudioInput, type Transcriber, type Transcript } from './transcriber';

export type LocalWhisperOptions = {
  /** Where the model lives (DATA_DIR/models/ggml-base.bin); an operator may place it there. */
  modelPath: string;
  /** Where to fetch it on first use; without a source the file must be placed by hand. */
  source?: ModelSource;
  threads?: number;
  /** The worker (and the model in memory) goes away after this long without work. */
  idleMs?: number;
  log?: { info(msg: string): void; warn(msg: string): void };
};

type Reply = { id: number; text: string; segments: Transcript['segments']; seconds: number; error?: undefined } | { id: number; error: string };

const workerFile = fileURLToPath(new URL('./whisper-worker.mjs', import.meta.url));
/** After a failed download the adapter reports itself unavailable for a while instead of retrying on every request. */
const DOWNLOAD_RETRY_MS = 10 * 60_000;

/**
 * whisper.cpp in a worker thread, so the server stays responsive while it works. One recording
 * at a time per instance: jobs wait in line, each gets all cores.
 */
export function localWhisperTranscriber(options: LocalWhisperOptions): Transcriber & { close(): Promise<void> } {
  let worker: Worker | null = null;
  let ready: Promise<Worker> | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let line: Promise<unknown> = Promise.resolve();
  let nextId = 1;
  let downloadFailedAt = 0;
  const pending = new Map<number, { resolve(reply: Reply): void; reject(error: Error): void }>();

  function failAll(error: Error) {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  }

  async function start(): Promise<Worker> {
    if (!existsSync(options.modelPath) && Date.now() - downloadFailedAt < DOWNLOAD_RETRY_MS) {
      throw new TranscriberUnavailable('the whisper model could not be downloaded a moment ago');
    }
    let modelPath: string;
    try {
      modelPath = options.source ? await ensureModel(options.modelPath, options.source, options.log) : options.modelPath;
    } catch (error) {
      downloadFailedAt = Date.now();
      throw new TranscriberUnavailable((error as Error).message);
    }
    if (!existsSync(modelPath)) throw new TranscriberUnavailable(`no whisper model at ${modelPath}`);
    const w = new Worker(workerFile, { workerData: { modelPath } });
    w.unref();
    await new Promise<void>((resolve, reject) => {
      w.once('error', reject);
      w.once('message', () => {
        w.off('error', reject);
        resolve();
      });
    });
    w.on('message', (reply: Reply) => {
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      job.resolve(reply);
    });
    w.on('error', (error) => failAll(new TranscriptionFailed(`whisper worker failed: ${error.message}`)));
    w.on('exit', () => {
      if (worker === w) {
        worker = null;
        ready = null;
      }
      failAll(new TranscriptionFailed('whisper worker stopped'));
    });
    worker = w;
    return w;
  }

  function stopSoon() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void worker?.terminate(), options.idleMs ?? 5 * 60_000);
    idleTimer.unref();
  }

  async function run(audio: AudioInput, language: string): Promise<Transcript> {
    if (idleTimer) clearTimeout(idleTimer);
    if (!ready) {
      ready = start();
      ready.catch(() => {
        ready = null;
      });
    }
    const w = await ready;
    const id = nextId++;
    const reply = await new Promise<Reply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      const threads = options.threads ?? availableParallelism();
      if (audio.kind === 'pcm16') w.postMessage({ id, kind: 'pcm16', data: audio.data, sampleRate: audio.sampleRate, language, threads });
      else w.postMessage({ id, kind: 'file', data: new Uint8Array(audio.data), extension: audioExtension(audio.mimeType), language, threads });
    }).finally(stopSoon);
    if (reply.error !== undefined) throw new TranscriptionFailed(`local transcription failed: ${reply.error}`);
    return { text: reply.text, segments: reply.segments };
  }

  return {
    name: 'local',
    async available() {
      if (existsSync(options.modelPath)) return true;
      return !!options.source && Date.now() - downloadFailedAt > DOWNLOAD_RETRY_MS;
    },
    transcribe(audio, opts) {
      const result = line.then(() => run(audio, opts.language));
      line = result.catch(() => undefined);
      return result;
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      await worker?.terminate();
    },
  };
}

export { ModelDownloadFailed };
