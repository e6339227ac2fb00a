import type { Kysely } from 'kysely';
import type { ConsentTextVersion, CurrentConsentTexts } from '../../common/contracts/own-page';
import { consentKinds, type ConsentKind } from '../../common/finish-rules';
import { writeAudit } from '../admin';
import type { SessionUser } from '../auth';
import { now } from '../db/database';
import type { DB } from '../db/schema';
import { currentText } from './ledger';

const view = (r: {
  id: number;
  kind: string;
  version: number;
  text: string;
  valid_from: string;
  valid_until: string | null;
  created_by_email: string | null;
}): ConsentTextVersion => ({
  id: Number(r.id),
  kind: r.kind,
  version: Number(r.version),
  text: r.text,
  validFrom: r.valid_from,
  validUntil: r.valid_until,
  createdByEmail: r.created_by_email,
});

/** Every version of every kind of the tenant's wording, newest first per kind. */
export async function consentTextsOf(db: Kysely<DB>, tenant: string): Promise<ConsentTextVersion[]> {
  for (const kind of consentKinds) await currentText(db, tenant, kind);
  const rows = await db
    .selectFrom('consent_texts')
    .selectAll()
    .where('tenant', '=', tenant)
    .orderBy('kind')
    .orderBy('version', 'desc')
    .execute();
  return rows.map(view);
}

/** A new wording becomes the current version; the one before keeps its words and gets its end date. */
export async function newConsentVersion(
  db: Kysely<DB>,
  admin: Pick<SessionUser, 'id' | 'email'>,
  tenant: string,
  input: { kind: ConsentKind; text: string },
): Promise<ConsentTextVersion> {
  const current = await currentText(db, tenant, input.kind);
  if (current.text === input.text) return view(current);
  const at = now();
  const row = await db.transaction().execute(async (trx) => {
    await trx.updateTable('consent_texts').set({ valid_until: at }).where('id', '=', current.id).execute();
    const inserted = await trx
      .insertInto('consent_texts')
      .values({
        tenant,
        kind: input.kind,
        version: Number(current.version) + 1,
        text: input.text,
        valid_from: at,
        valid_until: null,
        created_by_email: admin.email,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, admin, {
      action: 'consent.text',
      target: `tenant:${tenant}`,
      tenant,
      detail: { kind: input.kind, version: Number(inserted.version) },
    });
    return inserted;
  });
  return view(row);
}

/** The words each consent form of the tenant shows now, with their version's id (no personal data; public). */
export async function currentTextsOf(db: Kysely<DB>, tenant: string): Promise<CurrentConsentTexts> {
  const entries = [];
  for (const kind of consentKinds) {
    const row = await currentText(db, tenant, kind);
    entries.push([kind, { id: Number(row.id), text: row.text }] as const);
  }
  return Object.fromEntries(entries) as CurrentConsentTexts;
}
