// Compiles the server to plain JavaScript: dist/server/main.js and cli.js, packages external.
// Each is one file (no shared chunks), so import.meta.url points into dist/server for both.
// Files the server loads by path at run time (the whisper worker) are copied beside them.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist/server');
mkdirSync(outdir, { recursive: true });

await build({
  absWorkingDir: root,
  entryPoints: { main: 'server/main.ts', cli: 'server/cli.ts' },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
copyFileSync(path.join(root, 'server/transcription/whisper-worker.mjs'), path.join(outdir, 'whisper-worker.mjs'));
writeFileSync(path.join(outdir, 'BUILT'), `${new Date().toISOString()}\n`);
