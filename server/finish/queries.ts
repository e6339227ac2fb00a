import type { Kysely, Transaction, Updateable } from 'kysely';
import type { ConsentKind } from '../../common/schemas/finish';
import type { DB } from '../db/schema';
import { holdsConsent, recordGiven, type Shown } from '../consent';

type Db = Kysely<DB> | Transaction<DB>;

export function updateSubmission(db: Db, contentId: number, values: Updateable<DB['submissions']>) {
  return db.updateTable('submissions').set(values).where('id', '=', contentId).execute();
}

/** A consent given: a record of the ledger pointing to the version of the wording shown (server/consent). */
export function insertConsent(db: Db, consent: { contentId: number; kind: ConsentKind; givenAt: string } & Shown) {
  return recordGiven(db, consent);
}

export function listConsents(db: Db, contentId: number) {
  return db.selectFrom('consents').selectAll().where('submission_id', '=', contentId).orderBy('id').execute();
}

/** Whether the submission holds a consent of this kind not withdrawn (e.g. the photo rights before any photo). */
export function hasConsent(db: Db, contentId: number, kind: ConsentKind): Promise<boolean> {
  return holdsConsent(db, contentId, kind);
}
