import type { Insertable, Kysely } from 'kysely';
import type { DB, MediaTable } from '../db/schema';

export function findMedia(db: Kysely<DB>, mediaId: number) {
  return db.selectFrom('media').selectAll().where('id', '=', mediaId).executeTakeFirst();
}

export function findMediaByUpload(db: Kysely<DB>, uploadId: string) {
  return db.selectFrom('media').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();
}

/** Files shown to people: everything but the transcript copy. */
export function listSubmissionMedia(db: Kysely<DB>, contentId: number) {
  return db
    .selectFrom('media')
    .selectAll()
    .where('submission_id', '=', contentId)
    .where('kind', '!=', 'transcript')
    .orderBy('id')
    .execute();
}

export async function countSurfaceMedia(db: Kysely<DB>, contentId: number, surface: string): Promise<number> {
  const row = await db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('submission_id', '=', contentId)
    .where('surface', '=', surface)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertMedia(db: Kysely<DB>, values: Insertable<MediaTable>) {
  return db.insertInto('media').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function setThumbnail(db: Kysely<DB>, mediaId: number, key: string) {
  await db.updateTable('media').set({ thumbnail_path: key }).where('id', '=', mediaId).execute();
}

/**
 * Inserts a file unless its page already holds `maxFiles` files, as one atomic step: the
 * submission's row is locked (PostgreSQL) or the write transaction is the only one (SQLite), so
 * parallel uploads to a one-photo page cannot both land. Null when the page is full.
 */
export async function insertMediaWithin(
  db: Kysely<DB>,
  dialect: 'sqlite' | 'postgres',
  values: Insertable<MediaTable>,
  maxFiles: number,
) {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await trx
        .selectFrom('submissions')
        .select('id')
        .where('id', '=', values.submission_id as number)
        .forUpdate()
        .execute();
    }
    if ((await countSurfaceMedia(trx, values.submission_id as number, values.surface as string)) >= maxFiles)
      return null;
    return trx.insertInto('media').values(values).returningAll().executeTakeFirstOrThrow();
  });
}
