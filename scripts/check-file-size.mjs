#!/usr/bin/env node
// Fails on a source file over 500 lines (issue 38): a file that long mixes jobs and is split along
// its seams. Tests, browser tests, benches and generated tables (font metrics) are not counted.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MAX_LINES = 500;
const root = path.resolve(import.meta.dirname, '..');
const roots = ['common', 'server', 'web/src'];
const source = /\.(ts|tsx|mjs)$/;
const exempt = (file) =>
  /\.test\.tsx?$/.test(file) ||
  /\.d\.ts$/.test(file) ||
  file.includes('/testing/') ||
  /metrics-data|\.generated\./.test(file);

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (source.test(entry.name)) yield full;
  }
}

const over = [];
let count = 0;
for (const r of roots) {
  for (const file of walk(path.join(root, r))) {
    const rel = path.relative(root, file);
    if (exempt(rel)) continue;
    count++;
    const lines = readFileSync(file, 'utf8').split('\n').length - 1;
    if (lines > MAX_LINES) over.push(`${rel}: ${lines} lines`);
  }
}
if (over.length) {
  console.error(`Source files over ${MAX_LINES} lines (split them along their seams):\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log(`No source file over ${MAX_LINES} lines (${count} files).`);
