import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Browser tests start their own app and Chromium; two at once fit on two cores.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // A browser test on a 2-core machine can miss a timing once; a real failure fails twice.
          retry: 1,
        },
      },
    ],
  },
});
