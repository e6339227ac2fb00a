// `npm start`: builds the web app and the server when their output is missing or older than the
// sources, then runs the compiled server with plain node (in this process, so signals reach it).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = ['dist/server/BUILT', 'dist/server/main.js', 'dist/web/index.html'].map((f) => path.join(root, f));
const sources = [
  'server',
  'common',
  'web',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'scripts/build-server.mjs',
];

function newest(file) {
  if (!existsSync(file)) return 0;
  const s = statSync(file);
  if (!s.isDirectory()) return s.mtimeMs;
  let latest = s.mtimeMs;
  for (const entry of readdirSync(file))
    if (entry !== 'node_modules') latest = Math.max(latest, newest(path.join(file, entry)));
  return latest;
}

function stale() {
  if (outputs.some((f) => !existsSync(f))) return true;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  return sources.some((s) => newest(path.join(root, s)) > built);
}

if (stale()) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// No source-map table at run time: for the bundled server it holds about 90 MB of the heap, and
// every full garbage collection walks it (pauses three times as long). Traces name
// dist/server/main.js lines; NODE_OPTIONS=--enable-source-maps maps them to the sources when needed.
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
