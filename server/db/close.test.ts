import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase } from './database';

const workers = () => (process.report.getReport() as { workers: unknown[] }).workers.length;

it('closing the SQLite database ends its read workers, also when no read ever ran', async () => {
  const before = workers();
  const database = openDatabase({ dataDir: mkdtempSync(path.join(tmpdir(), 'ca-db-close-')) });
  database.startReaders(2);
  await expect.poll(workers).toBe(before + 2);
  // No query through the read pool: Kysely's own destroy would skip its driver.
  await database.close();
  await expect.poll(workers).toBe(before);
});
