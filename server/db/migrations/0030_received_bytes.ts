import type { Kysely } from 'kysely';

/**
 * The public link's byte budget counts bytes received, not lengths announced (issue 37).
 * - `received_bytes`: what an anonymous upload has actually sent so far (its tus offset).
 * - `upload_id`: the tus upload the row counts, so each PATCH can update it.
 * The announced length (`bytes`) holds as a reservation only until `lapses_at` (a few minutes);
 * after that only the received bytes count. No new personal data: the row already names the
 * address (erased with the rest of `public_usage` after its hour, see OPERATIONS.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('public_usage')
    .addColumn('received_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('public_usage').addColumn('upload_id', 'text').execute();
  await db.schema.createIndex('public_usage_upload').on('public_usage').column('upload_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('public_usage_upload').execute();
  await db.schema.alterTable('public_usage').dropColumn('upload_id').execute();
  await db.schema.alterTable('public_usage').dropColumn('received_bytes').execute();
}
