import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

/**
 * The built-in interviewer keeps every word on the server (issue 27): one row per interview of a
 * submission ("take"), its transcript rewritten as each turn becomes final, so a closed tab or a
 * lost connection loses nothing and a reconnect continues the same take. A repeated interview is a
 * new take; the earlier ones stay for the team. The tenants get their interviewer's patience per topic.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('interview_takes'))
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('number', 'integer', notNull)
    // builtin | elevenlabs
    .addColumn('provider', 'text', notNull)
    .addColumn('conversation_id', 'text')
    // live | interrupted (may be continued) | ended
    .addColumn('state', 'text', notNull)
    .addColumn('transcript', 'text', (c) => c.notNull().defaultTo(''))
    // the take's recording (media row), replaced when a continued take ends
    .addColumn('audio_media_id', 'integer')
    .addColumn('started_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('interview_takes_number', ['submission_id', 'number'])
    .execute();
  // JSON text: {topic: 'patient' | 'normal' | 'quick'}; a topic not named is patient.
  await db.schema.alterTable('tenants').addColumn('interview_patience', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('interview_patience').execute();
  await db.schema.dropTable('interview_takes').execute();
}
