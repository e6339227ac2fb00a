import type { Kysely } from 'kysely';

/**
 * A media job's lease records its ffmpeg child (issue 37): the pid and the host it runs on. An
 * instance that takes the job up again after its worker died ends that child first when it is
 * still running on the same host, so one job never has two encodes. No personal data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('child_pid', 'integer').execute();
  await db.schema.alterTable('jobs').addColumn('child_host', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('child_host').execute();
  await db.schema.alterTable('jobs').dropColumn('child_pid').execute();
}
