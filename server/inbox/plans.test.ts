import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';
import { filterConditions, type ListFilter } from './queries';

/**
 * The plans, not timings: every filter combination of the list reads its keyset index alone
 * (SQLite: a covering index, no lookup in the wide submissions table per row), and the app's
 * PostgreSQL connections carry the planner settings for short queries.
 */
describe('inbox query plans', () => {
  let lite: TestApp;
  let pg: TestApp;
  beforeAll(async () => {
    [lite, pg] = await Promise.all([
      startTestApp('sqlite', {}, { listen: false }),
      startTestApp('postgres', {}, { listen: false }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([lite?.close(), pg?.close()]);
  });

  const combos: [ListFilter, string][] = [
    [{}, 'submissions_keyset_listed'],
    [{ tenant: 'bank' }, 'submissions_tenant_keyset_listed'],
    [{ kind: 'voice', from: '2025-06-01' }, 'submissions_kind_keyset_listed'],
    [{ status: 'neu' }, 'submissions_status_keyset_listed'],
    [{ tenant: 'bank', status: 'neu' }, 'submissions_tenant_status_keyset_listed'],
    [{ tenant: 'bank', kind: 'voice' }, 'submissions_tenant_kind_keyset_listed'],
    [{ kind: 'voice', status: 'neu' }, 'submissions_kind_status_keyset_listed'],
    [
      { tenant: 'vdi', kind: 'interview', status: 'neu', from: '2025-01-01', to: '2025-12-31' },
      'submissions_tenant_kind_status_keyset_listed',
    ],
  ];

  it.each(combos)('SQLite lists %j through a covering partial index', async (filter, index) => {
    const db = lite.app.db;
    const query = db
      .selectFrom('submissions')
      .select('submissions.id')
      .where((eb) => eb.and(filterConditions(eb, 'sqlite', null, filter)))
      .orderBy('submissions.created_at', 'desc')
      .orderBy('submissions.id', 'desc')
      .limit(26)
      .compile();
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    const details = plan.rows.map((r) => r.detail).join(' | ');
    expect(details).toContain(`COVERING INDEX ${index}`);
    expect(details).not.toContain('TEMP B-TREE');
  });

  it('PostgreSQL connections plan for short queries', async () => {
    const { rows } = await sql<{
      p: string;
      r: string;
    }>`select current_setting('max_parallel_workers_per_gather') as p, current_setting('random_page_cost') as r`.execute(
      pg.app.db,
    );
    expect(rows[0]).toEqual({ p: '0', r: '1.1' });
  });
});
