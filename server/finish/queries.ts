import type { Kysely, Transaction, Updateable } from 'kysely';
import type { ConsentKind } from '../../common/schemas/finish';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export function updateSubmission(db: Db, contentId: number, values: Updateable<DB['submissions']>) {
  return db.updateTable('submissions').set(values).where('id', '=', contentId).execute();
}

export function insertConsent(
  db: Db,
  consent: { contentId: number; kind: ConsentKind; text: string; givenAt: string },
) {
  return db
    .insertInto('consents')
    .values({ submission_id: consent.contentId, kind: consent.kind, text: consent.text, given_at: consent.givenAt })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function listConsents(db: Db, contentId: number) {
  return db.selectFrom('consents').selectAll().where('submission_id', '=', contentId).orderBy('id').execute();
}

/** Whether the submission holds a consent of this kind (e.g. the photo rights before any photo). */
export async function hasConsent(db: Db, contentId: number, kind: ConsentKind): Promise<boolean> {
  const row = await db
    .selectFrom('consents')
    .select('id')
    .where('submission_id', '=', contentId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row !== undefined;
}
