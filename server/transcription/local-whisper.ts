import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fork, type ChildProcess } from 'node:child_process';
import { ensureModel, ModelDownloadFailed, type ModelSource } from './model-download';
import {
  audioExtension,
  TranscriptionFailed,
  TranscriberUnavailable,
  type AudioInput,
  type Transcriber,
  type Transcript,
} from './transcriber';
import { handledElsewhere } from '../../common/best-effort';

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

type Reply =
  | { id: number; text: string; segments: Transcript['segments']; seconds: number; error?: undefined }
  | { id: number; error: string };

const workerFile = fileURLToPath(new URL('./whisper-worker.mjs', import.meta.url));
/** After a failed download the adapter reports itself unavailable for a while instead of retrying on every request. */
const DOWNLOAD_RETRY_MS = 10 * 60_000;

/**
 * whisper.cpp in a child process, so the server stays responsive while it works and its stop
 * never waits for a recording half transcribed (whisper's `full()` cannot be interrupted; a
 * worker thread would hold the process exit until it returns). One recording at a time per
 * instance: jobs wait in line, each gets all cores.
 */
export function localWhisperTranscriber(options: LocalWhisperOptions): Transcriber & { close(): Promise<void> } {
  let worker: ChildProcess | null = null;
  let ready: Promise<ChildProcess> | null = null;
  let closed = false;
  let idleTimer: NodeJS.Timeout | null = null;
  let line: Promise<unknown> = Promise.resolve();
  let nextId = 1;
  let downloadFailedAt = 0;
  const pending = new Map<number, { resolve(reply: Reply): void; reject(error: Error): void }>();

  function failAll(error: Error) {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  }

  async function start(): Promise<ChildProcess> {
    if (closed) throw new TranscriberUnavailable('the server is stopping');
    if (!existsSync(options.modelPath) && Date.now() - downloadFailedAt < DOWNLOAD_RETRY_MS) {
      throw new TranscriberUnavailable('the whisper model could not be downloaded a moment ago');
    }
    let modelPath: string;
    try {
      modelPath = options.source
        ? await ensureModel(options.modelPath, options.source, options.log)
        : options.modelPath;
    } catch (error) {
      downloadFailedAt = Date.now();
      throw new TranscriberUnavailable((error as Error).message);
    }
    if (!existsSync(modelPath)) throw new TranscriberUnavailable(`no whisper model at ${modelPath}`);
    if (closed) throw new TranscriberUnavailable('the server is stopping');
    const w = fork(workerFile, [modelPath], {
      serialization: 'advanced',
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // Neither the process nor its channel keeps the server alive.
    w.unref();
    w.channel?.unref();
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      const exited = (code: number | null) => reject(new Error(`whisper process exited with ${code}`));
      w.once('error', failed);
      w.once('exit', exited);
      w.once('message', () => {
        w.off('error', failed);
        w.off('exit', exited);
        resolve();
      });
    });
    w.on('message', (reply: Reply) => {
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      job.resolve(reply);
    });
    w.on('error', (error) => failAll(new TranscriptionFailed(`whisper process failed: ${error.message}`)));
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
    idleTimer = setTimeout(() => void worker?.kill(), options.idleMs ?? 5 * 60_000);
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
      if (audio.kind === 'pcm16')
        w.send({ id, kind: 'pcm16', data: audio.data, sampleRate: audio.sampleRate, language, threads });
      else
        w.send({
          id,
          kind: 'file',
          data: new Uint8Array(audio.data),
          extension: audioExtension(audio.mimeType),
          language,
          threads,
        });
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
      line = result.catch(handledElsewhere);
      return result;
    },
    /** Shutdown: kills a transcription in progress (its job was handed back) and takes no more. */
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      const w = worker;
      if (w && w.exitCode === null && w.signalCode === null) {
        const exited = new Promise((resolve) => w.once('exit', resolve));
        w.kill('SIGKILL');
        await exited;
      }
      failAll(new TranscriberUnavailable('the server is stopping'));
    },
  };
}

export { ModelDownloadFailed };
