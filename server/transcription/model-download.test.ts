import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localWhisperTranscriber } from './local-whisper';
import { ensureModel, ModelDownloadFailed } from './model-download';
import { testModel } from './test-audio';
import { TranscriberUnavailable } from './transcriber';

const model = readFileSync(testModel);
const sha1 = createHash('sha1').update(model).digest('hex');

type Seen = { range: string | undefined };

/** Serves the test model like the model release does, with Range support that can be switched off or cut short. */
async function startModelServer() {
  const seen: Seen[] = [];
  /** `cutAfter`: drop the connection after that many bytes, once `keptIn` (the client's partial file) holds them. */
  const mode = { ranges: true, cutAfter: 0, keptIn: '' };
  const server: Server = createServer((req, res) => {
    seen.push({ range: req.headers.range });
    if (req.url !== '/ggml-base.bin') {
      res.writeHead(404).end('Entry not found');
      return;
    }
    const match = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (match && mode.ranges) {
      const from = Number(match[1]);
      if (from >= model.length) {
        res.writeHead(416, { 'content-range': `bytes */${model.length}` }).end();
        return;
      }
      res.writeHead(206, {
        'content-range': `bytes ${from}-${model.length - 1}/${model.length}`,
        'content-length': model.length - from,
      });
      res.end(model.subarray(from));
      return;
    }
    res.writeHead(200, { 'content-length': model.length, 'accept-ranges': mode.ranges ? 'bytes' : 'none' });
    if (mode.cutAfter) {
      // The connection drops in the middle of the file, after the client has stored what came (a
      // drop at once can reach the client before the bytes do, and then nothing is kept).
      const { cutAfter, keptIn } = mode;
      const deadline = Date.now() + 5000;
      const drop = () => {
        const kept = keptIn && existsSync(keptIn) ? statSync(keptIn).size : 0;
        if (kept >= cutAfter || Date.now() > deadline) res.destroy();
        else setTimeout(drop, 10);
      };
      res.write(model.subarray(0, cutAfter), drop);
      return;
    }
    res.end(model);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/ggml-base.bin`,
    seen,
    mode,
    close: () => new Promise((r) => server.close(r)),
  };
}

describe('whisper model download', () => {
  let srv: Awaited<ReturnType<typeof startModelServer>>;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    srv = await startModelServer();
  });
  afterAll(() => srv.close());
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'models-'));
    file = path.join(dir, 'models', 'ggml-base.bin');
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    srv.seen.length = 0;
    srv.mode.ranges = true;
    srv.mode.cutAfter = 0;
  });

  it('downloads the model on first use and accepts a good checksum', async () => {
    await expect(ensureModel(file, { url: srv.url, sha1 })).resolves.toBe(file);
    expect(readFileSync(file).equals(model)).toBe(true);
    expect(existsSync(`${file}.part`)).toBe(false);
    // a second call uses the file that is there
    await ensureModel(file, { url: srv.url, sha1 });
    expect(srv.seen).toHaveLength(1);
  });

  it('refuses a bad checksum and keeps nothing', async () => {
    await expect(ensureModel(file, { url: srv.url, sha1: '0'.repeat(40) })).rejects.toThrow(/checksum mismatch/);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.part`)).toBe(false);
  });

  it('keeps a dropped download and resumes it with a Range request', async () => {
    srv.mode.cutAfter = 200_000;
    srv.mode.keptIn = `${file}.part`;
    await expect(ensureModel(file, { url: srv.url, sha1 })).rejects.toBeInstanceOf(ModelDownloadFailed);
    expect(existsSync(file)).toBe(false);
    const kept = statSync(`${file}.part`).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(model.length);
    srv.mode.cutAfter = 0;
    await ensureModel(file, { url: srv.url, sha1 });
    expect(srv.seen.at(-1)!.range).toBe(`bytes=${kept}-`);
    expect(readFileSync(file).equals(model)).toBe(true);
  });

  it('restarts from the beginning when the server ignores the Range request', async () => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.part`, model.subarray(0, 1000));
    srv.mode.ranges = false;
    await ensureModel(file, { url: srv.url, sha1 });
    expect(srv.seen.at(-1)!.range).toBe('bytes=1000-');
    expect(readFileSync(file).equals(model)).toBe(true);
  });

  it('throws a corrupt partial file away after the checksum fails, and the next try starts clean', async () => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.part`, Buffer.alloc(1000, 7));
    await expect(ensureModel(file, { url: srv.url, sha1 })).rejects.toThrow(/checksum mismatch/);
    await ensureModel(file, { url: srv.url, sha1 });
    expect(srv.seen.at(-1)!.range).toBeUndefined();
    expect(readFileSync(file).equals(model)).toBe(true);
  });

  it('lets the local transcriber fetch its model on first use and transcribe with it', async () => {
    const whisper = localWhisperTranscriber({ modelPath: file, source: { url: srv.url, sha1 } });
    expect(await whisper.available()).toBe(true);
    await expect(
      whisper.transcribe({ kind: 'pcm16', data: new Int16Array(16000), sampleRate: 16000 }, { language: 'de' }),
    ).resolves.toEqual({ text: '', segments: [] });
    expect(existsSync(file)).toBe(true);
    await whisper.close();
  }, 60_000);

  it('reports itself unavailable after a failed download instead of retrying at once', async () => {
    const whisper = localWhisperTranscriber({ modelPath: file, source: { url: srv.url, sha1: 'f'.repeat(40) } });
    await expect(
      whisper.transcribe({ kind: 'pcm16', data: new Int16Array(160), sampleRate: 16000 }, { language: 'de' }),
    ).rejects.toThrow(/checksum/);
    expect(await whisper.available()).toBe(false);
    // and it does not fetch the model again on every request
    const fetches = srv.seen.length;
    await expect(
      whisper.transcribe({ kind: 'pcm16', data: new Int16Array(160), sampleRate: 16000 }, { language: 'de' }),
    ).rejects.toBeInstanceOf(TranscriberUnavailable);
    expect(srv.seen.length).toBe(fetches);
  });
});
