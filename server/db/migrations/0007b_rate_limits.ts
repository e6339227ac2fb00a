import type { Kysely } from 'kysely';
import { notNull } from './helpers';

/**
 * Request counters of the per-address rate limits (public link, challenges, first setup), shared
 * by all app instances: one row per route and address, its window start in epoch milliseconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', notNull)
    .addColumn('window_start', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('rate_limits_window_start').on('rate_limits').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
