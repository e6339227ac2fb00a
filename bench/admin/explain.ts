/**
 * The plans of the inbox queries against a database seeded by dev-queries.ts (for tuning):
 *   npx tsx bench/admin/explain.ts sqlite|postgres DIR_OR_DATABASE_URL [filter name ...]
 * PostgreSQL: EXPLAIN (ANALYZE, BUFFERS); SQLite: EXPLAIN QUERY PLAN and the virtual machine
 * steps of one run (a measure of work that the machine's load does not change).
 */
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
import path from 'node:path';
import pg from 'pg';
import { inboxFilter } from '../../common/schemas/inbox';
import type { DB } from '../../server/db/schema';
import { countMatching, listPage, searchPage } from '../../server/inbox/queries';
import { decodeCursor } from '../../server/inbox/service';
import { filters } from './dev-filters';

const [dialect, where, ...names] = process.argv.slice(2) as ['sqlite' | 'postgres', string, ...string[]];
const seen: CompiledQuery[] = [];
const log = (e: { level: string; query: CompiledQuery }) => void seen.push(e.query);
const file = dialect === 'sqlite' ? new SqliteDatabase(path.join(where, 'content.db'), { readonly: true }) : null;
const pool = dialect === 'postgres' ? new pg.Pool({ connectionString: where, max: 2 }) : null;
const db = new Kysely<DB>({
  dialect: file ? new SqliteDialect({ database: file }) : new PostgresDialect({ pool: pool! }),
  log,
});

for (const [name, f] of Object.entries(filters)) {
  if (names.length && !names.includes(name)) continue;
  const filter = inboxFilter.parse(f);
  seen.length = 0;
  const position = decodeCursor(filter.cursor);
  if (filter.q) await searchPage(db, null, filter, position?.kind === 'offset' ? position.offset : 0, 25);
  else await Promise.all([listPage(db, null, filter, null, 26), countMatching(db, null, filter)]);
  console.log(`\n### ${name}`);
  for (const q of [...seen]) {
    console.log(q.sql.replace(/\s+/g, ' ').slice(0, 400), JSON.stringify(q.parameters));
    if (file) {
      for (const row of file.prepare(`explain query plan ${q.sql}`).all(q.parameters as unknown[]) as {
        detail: string;
      }[])
        console.log(`   ${row.detail}`);
      const st = file.prepare(q.sql);
      const t = performance.now();
      st.all(q.parameters as unknown[]);
      console.log(`   ${(performance.now() - t).toFixed(1)} ms`);
    } else {
      const { rows } = await pool!.query(`explain (analyze, buffers, costs off) ${q.sql}`, q.parameters as unknown[]);
      console.log(rows.map((r) => `   ${r['QUERY PLAN']}`).join('\n'));
    }
  }
}
await db.destroy();
