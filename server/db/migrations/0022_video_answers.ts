import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

/**
 * Video answers recorded in the browser (issue 28, point 1).
 * - `tenants.video_max_seconds`: the longest clip per question, set on /admin/bereiche (the
 *   flow itself is switched on by the 'video-answer' entry card of the row).
 * - `video_answers`: which question a clip (a media row) answers, with the question's text as it
 *   was shown, and what the server measured of the clip (duration by ffprobe, too long, no video).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('video_max_seconds', 'integer', (c) => c.notNull().defaultTo(90))
    .execute();

  await withId(db, db.schema.createTable('video_answers'))
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('media_id', 'integer', (c) => c.notNull().unique().references('media.id').onDelete('cascade'))
    // index in the topic's question list, and the question as the contributor saw it
    .addColumn('question_index', 'integer', notNull)
    .addColumn('question', 'text', notNull)
    // the tenant's limit when the clip arrived
    .addColumn('max_seconds', 'integer', notNull)
    // measured by the probe job; null until then
    .addColumn('duration_seconds', 'real')
    // pending | done | failed (no readable video)
    .addColumn('probe', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('over_long', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('video_answers_submission')
    .on('video_answers')
    .columns(['submission_id', 'question_index'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_answers').execute();
  await db.schema.alterTable('tenants').dropColumn('video_max_seconds').execute();
}
