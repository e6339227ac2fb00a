import type { Kysely } from 'kysely';

/**
 * The public link's byte budget and short-lived interview slots.
 * - `bytes`: the declared length of an anonymous upload, counted when the upload is created
 *   (per address and hour, and in total per hour).
 * - `lapses_at`: an interview slot handed out with a signed URL holds only until its token
 *   expires unless the interview actually begins (then it is set to null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('public_usage')
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('public_usage').addColumn('lapses_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('public_usage').dropColumn('lapses_at').execute();
  await db.schema.alterTable('public_usage').dropColumn('bytes').execute();
}
