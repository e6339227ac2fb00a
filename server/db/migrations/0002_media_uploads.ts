import type { Kysely } from 'kysely';

/** Media rows remember the upload screen they came from and the tus upload that made them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('surface', 'text').execute();
  await db.schema.alterTable('media').addColumn('upload_id', 'text').execute();
  await db.schema.createIndex('media_upload_id').unique().on('media').column('upload_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('media_upload_id').execute();
  await db.schema.alterTable('media').dropColumn('upload_id').execute();
  await db.schema.alterTable('media').dropColumn('surface').execute();
}
