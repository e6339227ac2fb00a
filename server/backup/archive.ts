import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ignoreFailure } from '../../common/best-effort';

/**
 * A tar archive (POSIX ustar with pax headers for long names), written and read as a stream, so
 * a backup of any size never sits in memory and `tar -tvf` can list it.
 */
const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name.slice(0, 99), 0, 'utf8');
  block.write(octal(0o644, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtime / 1000), 12), 136);
  block.write(' '.repeat(8), 148);
  block.write(type, 156);
  block.write('ustar\0', 257);
  block.write('00', 263);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/** A pax record "<length> key=value\n", whose length counts itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length)
    length = String(length).length + Buffer.byteLength(body);
  return `${length}${body}`;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export class TarWriter {
  private out: WriteStream;

  constructor(file: string) {
    // Only the owner reads a backup: it holds every story, address and the auth secret.
    this.out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  }

  private write(chunk: Buffer): Promise<void> {
    return new Promise((resolve, reject) => this.out.write(chunk, (error) => (error ? reject(error) : resolve())));
  }

  /** Adds one file; `body` must deliver exactly `size` bytes. */
  async add(name: string, size: number, body: Buffer | Readable, mtime = Date.now()): Promise<void> {
    if (Buffer.byteLength(name) > 99 || !/^[\x20-\x7e]*$/.test(name) || size >= 8 ** 11) {
      const pax = Buffer.from(paxRecord('path', name) + paxRecord('size', String(size)));
      await this.write(header('PaxHeader', pax.length, 'x', mtime));
      await this.write(Buffer.concat([pax, padding(pax.length)]));
    }
    await this.write(header(name, size >= 8 ** 11 ? 0 : size, '0', mtime));
    let written = 0;
    if (Buffer.isBuffer(body)) {
      await this.write(body);
      written = body.length;
    } else {
      for await (const chunk of body) {
        await this.write(chunk as Buffer);
        written += (chunk as Buffer).length;
      }
    }
    if (written !== size) throw new Error(`${name}: expected ${size} bytes, read ${written}`);
    await this.write(padding(size));
  }

  async close(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.out.end();
    await finished(this.out);
  }

  /** Closes the file after a failure, without the end marker. */
  async abort(): Promise<void> {
    this.out.destroy();
    await finished(this.out).catch(ignoreFailure('finish the archive stream', null, { level: 'debug' }));
  }
}

export type TarEntry = { name: string; size: number; open(): Readable; read(): Promise<Buffer> };

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** The files of a tar archive on disk, in order; each entry's bytes are read on demand. */
export async function* readTar(file: string): AsyncGenerator<TarEntry> {
  const handle = await open(file, 'r');
  try {
    let position = 0;
    let pax: Record<string, string> = {};
    for (;;) {
      const block = Buffer.alloc(BLOCK);
      const { bytesRead } = await handle.read(block, 0, BLOCK, position);
      if (bytesRead < BLOCK) throw new Error('Die Sicherungsdatei ist unvollständig.');
      if (block.every((b) => b === 0)) return;
      const type = String.fromCharCode(block[156]!);
      const stored = parseInt(field(block, 124, 12).trim() || '0', 8);
      const size = pax.size ? Number(pax.size) : stored;
      const prefix = field(block, 345, 155);
      const name = pax.path ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
      const start = position + BLOCK;
      position = start + size + ((BLOCK - (size % BLOCK)) % BLOCK);
      if (type === 'x') {
        const data = Buffer.alloc(size);
        await handle.read(data, 0, size, start);
        pax = {};
        for (let at = 0; at < data.length; ) {
          const space = data.indexOf(0x20, at);
          const length = Number(data.subarray(at, space).toString());
          const record = data.subarray(space + 1, at + length - 1).toString('utf8');
          const eq = record.indexOf('=');
          pax[record.slice(0, eq)] = record.slice(eq + 1);
          at += length;
        }
        continue;
      }
      pax = {};
      if (type !== '0' && type !== '\0') continue;
      yield {
        name,
        size,
        open: () => (size === 0 ? Readable.from([]) : createReadStream(file, { start, end: start + size - 1 })),
        read: async () => {
          const data = Buffer.alloc(size);
          await handle.read(data, 0, size, start);
          return data;
        },
      };
    }
  } finally {
    await handle.close();
  }
}
