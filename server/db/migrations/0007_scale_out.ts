import type { Kysely } from 'kysely';
import { notNull } from './helpers';

/**
 * What several app instances must share instead of keeping it in memory or on a local disk:
 * - `used_once`: keys that may be used a single time (solved ALTCHA challenges, voice session
 *   tokens), kept until they could no longer be valid anyway (`expires_at`), then swept;
 * - `tus_uploads`: the state of resumable uploads whose bytes live in the blob store (S3), so an
 *   upload started on one instance resumes on any other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('used_once')
    .addColumn('purpose', 'text', notNull)
    .addColumn('key', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addPrimaryKeyConstraint('used_once_pk', ['purpose', 'key'])
    .execute();
  await db.schema.createIndex('used_once_expires').on('used_once').column('expires_at').execute();

  await db.schema
    .createTable('tus_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // null while the length is deferred (tus creation-defer-length)
    .addColumn('size', 'bigint')
    .addColumn('upload_offset', 'bigint', notNull)
    // JSON text: the tus Upload-Metadata
    .addColumn('metadata', 'text', notNull)
    // JSON text: [{key, size}] blob objects holding the received bytes, in order
    .addColumn('chunks', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('tus_uploads_created').on('tus_uploads').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tus_uploads').execute();
  await db.schema.dropTable('used_once').execute();
}
