import type { Kysely } from 'kysely';

/**
 * Video and captions. Jobs get a progress (0..1) and a cancel request, so heavy media jobs can be
 * watched and stopped from the page. Media rows get their playable proxy (H.264/AAC MP4), probed
 * size and length, a state for the page (processing, ready, unreadable), the job that makes them,
 * and the timed transcript captions are made from (`timing`, JSON) with the text they now show
 * (`caption_text`, follows transcript edits) and the caption state (pending, ready, none, failed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('progress', 'real').execute();
  await db.schema.alterTable('jobs').addColumn('cancel_requested_at', 'text').execute();
  for (const [name, type] of [
    ['proxy_path', 'text'],
    ['duration_ms', 'integer'],
    ['width', 'integer'],
    ['height', 'integer'],
    ['media_state', 'text'],
    ['media_job_id', 'integer'],
    ['timing', 'text'],
    ['caption_text', 'text'],
    ['caption_state', 'text'],
  ] as const) {
    await db.schema.alterTable('media').addColumn(name, type).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'caption_state',
    'caption_text',
    'timing',
    'media_job_id',
    'media_state',
    'height',
    'width',
    'duration_ms',
    'proxy_path',
  ]) {
    await db.schema.alterTable('media').dropColumn(name).execute();
  }
  await db.schema.alterTable('jobs').dropColumn('cancel_requested_at').execute();
  await db.schema.alterTable('jobs').dropColumn('progress').execute();
}
