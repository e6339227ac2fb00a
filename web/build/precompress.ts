import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images, audio and fonts are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Writes `x.br` and `x.gz` next to every compressible file of `dir` (only where they are smaller). */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gz(data, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < data.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
    files += 1;
    bytes += data.length;
    brotliBytes += Math.min(br.length, data.length);
  }
  return { files, bytes, brotliBytes };
}

/** Vite plugin: precompresses the build output (brotli + gzip) once the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'content-assistent:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const r = await precompressDir(outDir);
      this.info?.(
        `precompressed ${r.files} files: ${(r.bytes / 1024).toFixed(0)} KB → ${(r.brotliBytes / 1024).toFixed(0)} KB brotli`,
      );
    },
  };
}
