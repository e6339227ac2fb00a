import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('submissions'))
    .addColumn('tenant', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('neu'))
    .addColumn('topic', 'text')
    .addColumn('source', 'text')
    .addColumn('user_id', 'text')
    .addColumn('user_email', 'text')
    .addColumn('access_token_hash', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addColumn('completed_at', 'text')
    .addColumn('transcript', 'text')
    .addColumn('w_answers', 'text')
    .addColumn('contact_first_name', 'text')
    .addColumn('contact_last_name', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('post_email', 'text')
    .addColumn('post_link', 'text')
    .addColumn('post_description', 'text')
    .execute();
  await db.schema
    .createIndex('submissions_tenant_created')
    .on('submissions')
    .columns(['tenant', 'created_at'])
    .execute();
  await db.schema.createIndex('submissions_user').on('submissions').column('user_id').execute();
  await db.schema.createIndex('submissions_created').on('submissions').column('created_at').execute();

  await withId(db, db.schema.createTable('media'))
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('kind', 'text', notNull)
    .addColumn('file_path', 'text', notNull)
    .addColumn('file_type', 'text', notNull)
    .addColumn('size', 'bigint', notNull)
    .addColumn('original_name', 'text', notNull)
    .addColumn('thumbnail_path', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('media_submission').on('media').column('submission_id').execute();

  await withId(db, db.schema.createTable('jobs'))
    .addColumn('kind', 'text', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('run_at', 'text', notNull)
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('result', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('jobs_ready').on('jobs').columns(['status', 'run_at']).execute();

  await withId(db, db.schema.createTable('outbox'))
    .addColumn('to_address', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['outbox', 'jobs', 'media', 'submissions']) await db.schema.dropTable(t).execute();
}
