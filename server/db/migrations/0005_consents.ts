import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

/** What a person agreed to (the exact German wording shown) and when, kept with the submission. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('consents'))
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('kind', 'text', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('given_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('consents_submission').on('consents').column('submission_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('consents').execute();
}
