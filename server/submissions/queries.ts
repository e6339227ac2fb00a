import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export function findSubmission(db: Kysely<DB>, contentId: number) {
  return db.selectFrom('submissions').selectAll().where('id', '=', contentId).executeTakeFirst();
}

export function listMedia(db: Kysely<DB>, contentId: number) {
  return db.selectFrom('media').selectAll().where('submission_id', '=', contentId).orderBy('id').execute();
}
