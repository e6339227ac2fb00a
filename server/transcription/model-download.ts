import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The whisper.cpp project's multilingual models and their official SHA-1 sums. */
export const whisperModels = {
  base: {
    url: 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base.bin',
    sha1: '465707469ff3a37a2b9b8d8f89f2f99de7299dac',
  },
  small: {
    url: 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-small.bin',
    sha1: '55356645c2b361a969dfd0ef2c5a50d530afd8d5',
  },
} as const;

export class ModelDownloadFailed extends Error {}

export type ModelSource = { url: string; sha1: string };

export async function sha1Of(file: string): Promise<string> {
  const hash = createHash('sha1');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

const inFlight = new Map<string, Promise<string>>();

/**
 * Returns the model file, downloading it first if it is not there. The download goes to
 * `<file>.part`; an interrupted one is resumed with a Range request (or restarted when the server
 * sends the whole file), and the file is used only after its SHA-1 matches. A mismatch removes
 * the partial file, so the next attempt starts clean.
 */
export function ensureModel(file: string, source: ModelSource, log?: { info(msg: string): void }): Promise<string> {
  if (existsSync(file)) return Promise.resolve(file);
  let running = inFlight.get(file);
  if (!running) {
    running = download(file, source, log).finally(() => inFlight.delete(file));
    inFlight.set(file, running);
  }
  return running;
}

async function download(file: string, source: ModelSource, log?: { info(msg: string): void }): Promise<string> {
  mkdirSync(path.dirname(file), { recursive: true });
  const part = `${file}.part`;
  const have = existsSync(part) ? statSync(part).size : 0;
  log?.info(have ? `resuming model download at ${have} bytes: ${source.url}` : `downloading model: ${source.url}`);
  let res: Response;
  try {
    res = await fetch(source.url, { headers: have ? { range: `bytes=${have}-` } : {}, redirect: 'follow' });
  } catch (error) {
    throw new ModelDownloadFailed(`model download failed: ${(error as Error).message}`);
  }
  if (res.status === 416 && have) {
    // The partial file may already be complete; the checksum decides.
  } else if (res.ok && res.body) {
    const resumed = res.status === 206 && (res.headers.get('content-range') ?? '').startsWith(`bytes ${have}-`);
    const out = createWriteStream(part, { flags: resumed ? 'a' : 'w' });
    try {
      await pipeline(Readable.fromWeb(res.body as never), out);
    } catch (error) {
      // Let writes still in flight land before anyone resumes from the file's size.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      throw new ModelDownloadFailed(`model download interrupted (kept for resuming): ${(error as Error).message}`);
    }
  } else {
    throw new ModelDownloadFailed(`model download failed: HTTP ${res.status}`);
  }
  const actual = await sha1Of(part);
  if (actual !== source.sha1.toLowerCase()) {
    rmSync(part, { force: true });
    throw new ModelDownloadFailed(`model checksum mismatch: expected ${source.sha1}, got ${actual}`);
  }
  renameSync(part, file);
  log?.info(`model ready: ${file}`);
  return file;
}
