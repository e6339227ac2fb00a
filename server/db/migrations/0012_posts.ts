import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { notNull, withId } from './helpers';

const submissionRef = (c: ColumnDefinitionBuilder) => c.notNull().references('submissions.id').onDelete('cascade');

/**
 * Posts made from a submission: one per channel, every save a version; approval requests to the
 * contributor (hashed, expiring tokens; one decision on one version); publication records; the
 * editors' notification choices and the keys that make each notification go out once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('posts'))
    .addColumn('submission_id', 'integer', submissionRef)
    .addColumn('channel', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('posts_submission_channel', ['submission_id', 'channel'])
    .execute();

  await withId(db, db.schema.createTable('post_versions'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('number', 'integer', notNull)
    .addColumn('body', 'text', notNull)
    // JSON text: [{mediaId, alt}] in the order shown
    .addColumn('images', 'text', notNull)
    // editor | model | template | restore
    .addColumn('source', 'text', notNull)
    .addColumn('author_id', 'text', notNull)
    .addColumn('author_email', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('post_versions_number', ['post_id', 'number'])
    .execute();

  await withId(db, db.schema.createTable('post_approvals'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('submission_id', 'integer', submissionRef)
    .addColumn('version_id', 'integer', (c) => c.notNull().references('post_versions.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', notNull)
    .addColumn('sent_by_id', 'text', notNull)
    .addColumn('sent_by_email', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('withdrawn_at', 'text')
    // pending | approved | changes
    .addColumn('state', 'text', notNull)
    .addColumn('comment', 'text')
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema
    .createIndex('post_approvals_submission')
    .on('post_approvals')
    .columns(['submission_id', 'id'])
    .execute();
  await db.schema.createIndex('post_approvals_post').on('post_approvals').column('post_id').execute();

  await withId(db, db.schema.createTable('post_publications'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('submission_id', 'integer', submissionRef)
    .addColumn('version_id', 'integer', (c) => c.notNull().references('post_versions.id').onDelete('cascade'))
    .addColumn('channel', 'text', notNull)
    .addColumn('url', 'text', notNull)
    // the contributor's links to the final images
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('recorded_by_id', 'text', notNull)
    .addColumn('recorded_by_email', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('post_publications_post').on('post_publications').column('post_id').execute();

  await db.schema
    .createTable('notification_prefs')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    // immediate | digest | none
    .addColumn('mode', 'text', notNull)
    .addColumn('digest_hour', 'integer', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  // One row per notification that went (or is going) out, e.g. digest:<user>:<day>.
  await db.schema
    .createTable('notification_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', notNull)
    .execute();
  // Notifications look for newly completed submissions.
  await db.schema.createIndex('submissions_completed').on('submissions').column('completed_at').execute();
  await db.schema.createIndex('notification_keys_created').on('notification_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('submissions_completed').execute();
  for (const table of [
    'notification_keys',
    'notification_prefs',
    'post_publications',
    'post_approvals',
    'post_versions',
    'posts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
