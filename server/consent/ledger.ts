import type { Kysely, Transaction } from 'kysely';
import { consentKinds, consentWordings, type ConsentKind } from '../../common/finish-rules';
import { texts } from '../../common/texts';
import { now } from '../db/database';
import { DomainError } from '../http/errors';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The consent ledger (migration 0036): every record points to the version of the tenant's wording
 * that was shown; a withdrawal is a new record. What needs a consent asks `liveKinds` at the
 * moment of use (attach, approve, publish).
 */

/** The tenant's current version of a kind's wording; version 1 from the catalogue when it has none yet. */
export async function currentText(db: Db, tenant: string, kind: ConsentKind) {
  const row = await db
    .selectFrom('consent_texts')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('kind', '=', kind)
    .where('valid_until', 'is', null)
    .orderBy('version', 'desc')
    .executeTakeFirst();
  if (row) return row;
  const at = now();
  await db
    .insertInto('consent_texts')
    .values({ tenant, kind, version: 1, text: consentWordings[kind][0]!, valid_from: at, valid_until: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return db
    .selectFrom('consent_texts')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('kind', '=', kind)
    .orderBy('version', 'desc')
    .executeTakeFirstOrThrow();
}

/** The tenant's version with exactly these words (the current one first), or null. */
export async function versionWithText(db: Db, tenant: string, kind: ConsentKind, text: string) {
  const current = await currentText(db, tenant, kind);
  if (current.text === text) return current;
  const older = await db
    .selectFrom('consent_texts')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('kind', '=', kind)
    .where('text', '=', text)
    .orderBy('version', 'desc')
    .executeTakeFirst();
  return older ?? null;
}

/** What a page showed: the words and, from current pages, the id of their version. */
export type Shown = { text?: string; textId?: number };

/**
 * The version a person agreed to. With an id it must be the tenant's current version of the kind
 * (a page showing replaced words gets a 409: reload and read the new words); without one (a draft
 * kept on the device, an older page) the words must be one of the tenant's versions.
 */
export async function shownVersion(db: Db, tenant: string, kind: ConsentKind, shown: Shown) {
  const current = await currentText(db, tenant, kind);
  if (shown.textId !== undefined) {
    if (Number(current.id) === shown.textId && (shown.text === undefined || shown.text === current.text))
      return current;
    const older = await db
      .selectFrom('consent_texts')
      .select(['id', 'text'])
      .where('id', '=', shown.textId)
      .where('tenant', '=', tenant)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (older && (shown.text === undefined || shown.text === older.text))
      throw new DomainError('conflict', texts.finish.consentStale);
    throw new DomainError('invalid', texts.finish.consentUnknown);
  }
  const version = await versionWithText(db, tenant, kind, shown.text ?? consentWordings[kind][0]!);
  if (!version) throw new DomainError('invalid', texts.finish.consentUnknown);
  return version;
}

/** Records that the person agreed to the version shown for a submission (refused when unknown or replaced). */
export async function recordGiven(db: Db, consent: { contentId: number; kind: ConsentKind; givenAt: string } & Shown) {
  const submission = await db
    .selectFrom('submissions')
    .select('tenant')
    .where('id', '=', consent.contentId)
    .executeTakeFirstOrThrow();
  const version = await shownVersion(db, submission.tenant, consent.kind, consent);
  return db
    .insertInto('consents')
    .values({
      submission_id: consent.contentId,
      kind: consent.kind,
      text: version.text,
      text_id: version.id,
      given_at: consent.givenAt,
      action: 'given',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The kinds in force for a submission (the newest record of each kind is a consent), and those withdrawn. */
export async function liveKinds(
  db: Db,
  contentId: number,
): Promise<{ live: Set<ConsentKind>; withdrawn: Set<ConsentKind> }> {
  const rows = await db
    .selectFrom('consents')
    .select(['kind', 'action'])
    .where('submission_id', '=', contentId)
    .orderBy('id')
    .execute();
  const last = new Map<string, string>();
  for (const r of rows) last.set(r.kind, r.action);
  const live = new Set<ConsentKind>();
  const withdrawn = new Set<ConsentKind>();
  for (const kind of consentKinds) {
    if (last.get(kind) === 'given') live.add(kind);
    else if (last.get(kind) === 'withdrawn') withdrawn.add(kind);
  }
  return { live, withdrawn };
}

/** Whether the submission holds a consent of this kind that was not withdrawn. */
export async function holdsConsent(db: Db, contentId: number, kind: ConsentKind): Promise<boolean> {
  return (await liveKinds(db, contentId)).live.has(kind);
}

/** Every record of the submissions with the wording's version, oldest first (the person's page, the export). */
export function ledgerOf(db: Db, contentIds: number[]) {
  if (contentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('consents')
    .leftJoin('consent_texts', 'consent_texts.id', 'consents.text_id')
    .select([
      'consents.id',
      'consents.submission_id',
      'consents.kind',
      'consents.action',
      'consents.text',
      'consents.given_at',
      'consent_texts.version',
      'consent_texts.valid_from',
    ])
    .where('consents.submission_id', 'in', contentIds)
    .orderBy('consents.id')
    .execute();
}

const kindOfNeed = {
  publication: 'publication',
  naming: 'naming',
  photo: 'photo_rights',
  video: 'video_rights',
} as const;

/** The German reason when what an item needs was withdrawn (not merely never given), or null. */
export async function withdrawnReason(
  db: Db,
  contentId: number,
  needs: Partial<Record<keyof typeof kindOfNeed, boolean>>,
): Promise<string | null> {
  const { withdrawn } = await liveKinds(db, contentId);
  for (const [need, kind] of Object.entries(kindOfNeed) as [keyof typeof kindOfNeed, ConsentKind][])
    if (needs[need] && withdrawn.has(kind)) return texts.ownPage.consentWithdrawn(texts.ownPage.consentKinds[kind]!);
  return null;
}

/** Photos of a submission whose photo rights were withdrawn can no longer go into a post (save, approval, publication). */
export async function refuseWithdrawnPhotos(db: Db, contentId: number, photos: number): Promise<void> {
  if (photos === 0) return;
  const reason = await withdrawnReason(db, contentId, { photo: true });
  if (reason) throw new DomainError('conflict', reason);
}
