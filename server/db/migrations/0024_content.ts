import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

/**
 * Content made from a submission for publishing: quote cards (PNG), clips with burned-in
 * captions and audiograms (MP4). An item never changes once made: an edit makes a new item
 * (`replaces_id`) and swaps it into the posts that carried the old one, as a new post version.
 * Posts carry items beside their images (`post_versions.items`, JSON [{itemId, alt}]).
 * The contributor's role (job title) comes with the contact step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('content_items'))
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    // card | clip | audiogram
    .addColumn('kind', 'text', notNull)
    // 4:5 | 1:1 | 9:16 | 16:9
    .addColumn('format', 'text', notNull)
    // JSON: what it was made from (quote, source media, start/end, crop, naming, photo)
    .addColumn('spec', 'text', notNull)
    .addColumn('alt', 'text', notNull)
    .addColumn('file_key', 'text')
    .addColumn('file_type', 'text')
    .addColumn('size', 'integer')
    .addColumn('duration_ms', 'integer')
    // rendering | ready | failed | cancelled
    .addColumn('state', 'text', notNull)
    .addColumn('job_id', 'integer')
    .addColumn('replaces_id', 'integer')
    .addColumn('created_by', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('content_items_submission')
    .on('content_items')
    .columns(['submission_id', 'id'])
    .execute();
  await db.schema
    .alterTable('post_versions')
    .addColumn('items', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('submissions').addColumn('contact_role', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('submissions').dropColumn('contact_role').execute();
  await db.schema.alterTable('post_versions').dropColumn('items').execute();
  await db.schema.dropTable('content_items').execute();
}
