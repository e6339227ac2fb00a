#!/usr/bin/env node
// Writes scripts/test-durations.json (seconds per test file) from the last run's JSON report
// (test-results/vitest.json), for the sequencer in vitest.config.ts: longest files start first,
// so the run does not end on one long file. Run it after a full `npm test` on a quiet machine.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const report = JSON.parse(readFileSync(path.join(root, 'test-results/vitest.json'), 'utf8'));
const durations = Object.fromEntries(
  report.testResults
    .map((f) => [path.relative(root, f.name), Math.max(1, Math.round((f.endTime - f.startTime) / 1000))])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(path.join(root, 'scripts/test-durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} test files written to scripts/test-durations.json`);
