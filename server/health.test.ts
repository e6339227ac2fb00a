import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAnswers, openDatabase } from './db/database';

/** /api/health asks the database itself only when no query of the app's own succeeded within HEALTH_PROBE_MS. */
describe('health database check', () => {
  it('takes a recent successful query as the answer, and asks the database otherwise', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ca-health-'));
    const database = openDatabase({ dataDir: dir });
    try {
      await sql`select 1`.execute(database.db);
      // From here on a query of its own would fail.
      await database.db.destroy();
      expect(await databaseAnswers(database.db, 60_000)).toBe(true);
      expect(await databaseAnswers(database.db, 0)).toBe(false);
      await new Promise((r) => setTimeout(r, 60));
      expect(await databaseAnswers(database.db, 50)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
