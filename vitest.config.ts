import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// Both projects run in one pool, longest files first (seconds per file from the last full run,
// scripts/test-durations.json; refresh with scripts/test-durations.mjs), so browser tests and unit
// tests fill the workers together and the run does not end on one long file.
const durations: Record<string, number> = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'scripts/test-durations.json'), 'utf8'),
);
/** A file not measured yet starts early: it is new, and a failure there shows soonest. */
const UNKNOWN_SECONDS = 30;

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (f: TestSpecification) =>
      durations[path.relative(import.meta.dirname, f.moduleId)] ?? UNKNOWN_SECONDS;
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}

// Most tests wait on a browser, a database or a child process: three files at a time keep two
// cores busy. Projects in one group must have the same number of workers.
const workers = Number(process.env.TEST_WORKERS ?? 3);

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
          // A browser test on a 2-core machine can miss a timing once; a real failure fails twice.
          retry: 1,
        },
      },
    ],
  },
});
