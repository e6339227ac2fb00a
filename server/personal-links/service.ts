import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { CODE_ALPHABET, CODE_LENGTH, normalizeCode } from '../../common/personal-link-code';
import { now } from '../db/database';
import type { DB, PersonalLinkTable } from '../db/schema';

export type PersonalLinkRow = Selectable<PersonalLinkTable>;

/** The person a link is bound to. */
export type Person = {
  tenant: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Role or job title ("Funktion"). */
  role?: string | null;
};

/** A resolved link: the person, where it belongs, until when. */
export type LinkedPerson = Person & {
  linkId: number;
  campaignId: number | null;
  expiresAt: string | null;
};

export type Resolved =
  | { state: 'open'; person: LinkedPerson }
  /** Past its time or revoked: what the page needs to say so (tenant, campaign), nothing of the person. */
  | { state: 'expired'; tenant: string; campaignId: number | null; linkId: number }
  | { state: 'unknown' };

type Secret = { authSecret: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The code of a nonce: HMAC with the server's secret, 15 characters of the code alphabet (75 bits). */
export function codeOf(config: Secret, nonce: string): string {
  const bytes = createHmac('sha256', config.authSecret).update(`personal-link:${nonce}`).digest();
  let code = '';
  // 5 bits per character from the first 10 bytes (80 bits available, 75 used).
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && code.length < CODE_LENGTH) {
      code += CODE_ALPHABET[(value >> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (code.length === CODE_LENGTH) break;
  }
  return code;
}

export const codeHash = (code: string) => sha256(code);

function toPerson(row: PersonalLinkRow): LinkedPerson {
  return {
    linkId: row.id,
    tenant: row.tenant,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    campaignId: row.campaign_id,
    expiresAt: row.expires_at,
  };
}

/** Makes a link for one person; returns its code (shown once, as /e/<code>) and its id. */
export async function createPersonalLink(
  db: Kysely<DB>,
  config: Secret,
  person: Person,
  opts: { campaignId?: number | null; expiresAt?: string | null } = {},
): Promise<{ id: number; code: string }> {
  const nonce = randomBytes(16).toString('base64url');
  const code = codeOf(config, nonce);
  const row = await db
    .insertInto('personal_links')
    .values({
      tenant: person.tenant,
      code_hash: codeHash(code),
      code_nonce: nonce,
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      role: person.role ?? null,
      campaign_id: opts.campaignId ?? null,
      created_at: now(),
      expires_at: opts.expiresAt ?? null,
      revoked_at: null,
      first_opened_at: null,
      last_opened_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), code };
}

/** Makes links for many people at once (a campaign's list): multi-row inserts, ids in the order given. */
export async function createPersonalLinks(
  db: Kysely<DB>,
  config: Secret,
  people: Person[],
  opts: { campaignId?: number | null; expiresAt?: string | null } = {},
): Promise<number[]> {
  const t = now();
  const ids: number[] = [];
  for (let i = 0; i < people.length; i += 250) {
    const rows = people.slice(i, i + 250).map((person) => {
      const nonce = randomBytes(16).toString('base64url');
      return {
        tenant: person.tenant,
        code_hash: codeHash(codeOf(config, nonce)),
        code_nonce: nonce,
        first_name: person.firstName,
        last_name: person.lastName,
        email: person.email,
        role: person.role ?? null,
        campaign_id: opts.campaignId ?? null,
        created_at: t,
        expires_at: opts.expiresAt ?? null,
        revoked_at: null,
        first_opened_at: null,
        last_opened_at: null,
      };
    });
    const inserted = await db.insertInto('personal_links').values(rows).returning(['id', 'code_hash']).execute();
    // RETURNING order is not promised: match each row by its unique hash.
    const byHash = new Map(inserted.map((r) => [r.code_hash, Number(r.id)]));
    for (const row of rows) ids.push(byHash.get(row.code_hash)!);
  }
  return ids;
}

/** The code of an existing link again (for a reminder or a resend); null for an unknown id. */
export async function codeOfLink(db: Kysely<DB>, config: Secret, linkId: number): Promise<string | null> {
  const row = await db.selectFrom('personal_links').select('code_nonce').where('id', '=', linkId).executeTakeFirst();
  return row ? codeOf(config, row.code_nonce) : null;
}

export async function findLink(db: Kysely<DB>, linkId: number): Promise<PersonalLinkRow | undefined> {
  return db.selectFrom('personal_links').selectAll().where('id', '=', linkId).executeTakeFirst();
}

/** Whether a link is open at `at`: not revoked, not past its time. */
export function isOpen(row: Pick<PersonalLinkRow, 'revoked_at' | 'expires_at'>, at = new Date()): boolean {
  return !row.revoked_at && (!row.expires_at || row.expires_at > at.toISOString());
}

/**
 * The person of a code: open, expired (or revoked), or unknown. Only the code's hash is looked up,
 * so a code reaches its own row and nothing else. `touch` records the first and last opening.
 */
export async function resolvePersonalLink(
  db: Kysely<DB>,
  input: string,
  opts: { at?: Date; touch?: boolean } = {},
): Promise<Resolved> {
  const code = normalizeCode(input);
  if (!code) return { state: 'unknown' };
  const row = await db
    .selectFrom('personal_links')
    .selectAll()
    .where('code_hash', '=', codeHash(code))
    .executeTakeFirst();
  if (!row) return { state: 'unknown' };
  if (!isOpen(row, opts.at))
    return { state: 'expired', tenant: row.tenant, campaignId: row.campaign_id, linkId: row.id };
  if (opts.touch) {
    const t = now();
    await db
      .updateTable('personal_links')
      .set({ first_opened_at: row.first_opened_at ?? t, last_opened_at: t })
      .where('id', '=', row.id)
      .execute();
  }
  return { state: 'open', person: toPerson(row) };
}

/** Closes a link at once; what was sent through it stays. */
export async function revokePersonalLink(db: Kysely<DB>, linkId: number): Promise<void> {
  await db
    .updateTable('personal_links')
    .set({ revoked_at: now() })
    .where('id', '=', linkId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Sets when the links of a campaign end (its deadline), or closes them all (`revoke`). */
export async function endCampaignLinks(
  db: Kysely<DB>,
  campaignId: number,
  change: { expiresAt: string | null } | { revoke: true },
): Promise<void> {
  const q = db.updateTable('personal_links').where('campaign_id', '=', campaignId);
  if ('revoke' in change) await q.set({ revoked_at: now() }).where('revoked_at', 'is', null).execute();
  else await q.set({ expires_at: change.expiresAt }).execute();
}

/** The Content-IDs a link made (its own submissions; nobody else's). */
export async function submissionsOfLink(db: Kysely<DB>, linkId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('submissions')
    .select('id')
    .where('personal_link_id', '=', linkId)
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Marks a submission as made through a link (called when it is created). */
export async function attachSubmission(db: Kysely<DB>, linkId: number, contentId: number): Promise<void> {
  await db.updateTable('submissions').set({ personal_link_id: linkId }).where('id', '=', contentId).execute();
}

/** Every link of a person (by e-mail, any case), for their data export. No codes, no hashes. */
export async function exportPersonalLinks(db: Kysely<DB>, email: string) {
  const rows = await db
    .selectFrom('personal_links')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    tenant: r.tenant,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    role: r.role,
    campaignId: r.campaign_id,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
    firstOpenedAt: r.first_opened_at,
    lastOpenedAt: r.last_opened_at,
  }));
}

/**
 * Erases a person's links (by e-mail): the rows go, so their codes stop working; submissions they
 * made keep their own fields (erased with the submission) and lose the reference. Returns the ids.
 */
export async function erasePersonalLinks(db: Kysely<DB>, email: string): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('personal_links')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .execute();
    const ids = rows.map((r) => Number(r.id));
    if (ids.length === 0) return ids;
    await trx.updateTable('submissions').set({ personal_link_id: null }).where('personal_link_id', 'in', ids).execute();
    await trx.deleteFrom('personal_links').where('id', 'in', ids).execute();
    return ids;
  });
}

/**
 * The thank-you page's way to the own page for a submission sent without an account or a personal
 * link: a link bound to this submission alone, with no address (one typed into the form is not
 * verified, so it must not open the address's other submissions). Given only to the holder of the
 * submission; saved again, the same link. Its row holds the name from the contact form: erased with
 * the submission (eraseSubmissionLinks), exported with it (the same name is in its contact fields).
 */
export async function submissionLink(
  db: Kysely<DB>,
  config: Secret,
  submission: {
    id: number;
    tenant: string;
    user_id: string | null;
    personal_link_id?: number | null;
    contact_first_name: string | null;
    contact_last_name: string | null;
  },
): Promise<string | null> {
  if (submission.user_id) return null;
  if (submission.personal_link_id) {
    const own = await findLink(db, submission.personal_link_id);
    return own && own.email === '' && isOpen(own) ? codeOf(config, own.code_nonce) : null;
  }
  const link = await createPersonalLink(db, config, {
    tenant: submission.tenant,
    firstName: submission.contact_first_name ?? '',
    lastName: submission.contact_last_name ?? '',
    email: '',
  });
  await db.updateTable('submissions').set({ personal_link_id: link.id }).where('id', '=', submission.id).execute();
  return link.code;
}

/** Erases the links bound to these submissions alone (the thank-you page's, no address). */
export async function eraseSubmissionLinks(db: Kysely<DB> | Transaction<DB>, contentIds: number[]): Promise<void> {
  if (contentIds.length === 0) return;
  const rows = await db
    .selectFrom('submissions')
    .select('personal_link_id')
    .where('id', 'in', contentIds)
    .where('personal_link_id', 'is not', null)
    .execute();
  const ids = rows.map((r) => Number(r.personal_link_id));
  if (ids.length === 0) return;
  await db.deleteFrom('personal_links').where('id', 'in', ids).where('email', '=', '').execute();
}
