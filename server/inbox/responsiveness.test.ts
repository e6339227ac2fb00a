import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../testing/harness';

/** About 2.5 KB of German interview text, different in every submission. */
function transcript(i: number): string {
  const words = [
    'Projekt',
    'Prüfstand',
    'Messreihe',
    'Sensor',
    'Brücke',
    'Leichtbau',
    'Windkanal',
    'Team',
    'Kunde',
    'Werkstoff',
  ];
  const parts: string[] = [];
  for (let n = 0; parts.join(' ').length < 2500; n++)
    parts.push(
      `Du: Im ${words[(i + n) % words.length]} ${i}-${n} haben wir die ${words[(i * 7 + n) % words.length]} geprüft.`,
    );
  return parts.join(' ');
}

/**
 * The mechanism, not a timing: a slow read (a scan over many long transcripts that no index
 * helps) runs through `app.readDb` while the event loop keeps answering /api/health. On SQLite the
 * read runs in the worker pool; were it on the main connection, health could only answer after it.
 */
describe.each(dialects)('a slow inbox read on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      tenant: 'vdi',
      kind: 'interview',
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      updated_at: '2026-01-01T00:00:00.000Z',
      transcript: transcript(i),
    }));
    for (let i = 0; i < rows.length; i += 250)
      await t.app.db
        .insertInto('submissions')
        .values(rows.slice(i, i + 250))
        .execute();
  });
  afterAll(() => t.close());

  it('does not hold up a concurrent health request', async () => {
    if (dialect === 'sqlite') expect(t.app.readDb).not.toBe(t.app.db);
    let slowDone = false;
    // 2,000 transcripts of 2.5 KB, scanned again and again: seconds of work, whatever the machine.
    const slow = sql<{ n: number }>`
      select count(*) as n from submissions s cross join (select id from submissions limit ${dialect === 'sqlite' ? 150 : 20}) r
      where lower(s.transcript) like '%' || r.id || ${'-%windkanal 1999-%'}`
      .execute(t.app.readDb)
      .then((r) => {
        slowDone = true;
        return Number(r.rows[0]!.n);
      });
    await new Promise((r) => setTimeout(r, 50));
    const health = await fetch(`${t.url}/api/health`);
    expect(health.status).toBe(200);
    const answeredWhileSlowRan = !slowDone;
    expect(await slow).toBeGreaterThan(0);
    expect(answeredWhileSlowRan).toBe(true);
  }, 120_000);
});
