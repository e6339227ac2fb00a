import type { Generated } from 'kysely';

/**
 * The tables of consent and erasure (migration 0036): the ledger of consents given and withdrawn,
 * the tenants' wordings, the takedowns a withdrawal asks for, erasure requests and their log.
 * Part of the database's type (schema.ts's DB).
 */

export interface ConsentTable {
  id: Generated<number>;
  submission_id: number;
  /** contact | photo_rights */
  kind: string;
  /** The exact German wording the person agreed to. */
  text: string;
  given_at: string;
  /** The version of the tenant's wording shown (migration 0036). */
  text_id: number | null;
  /** given | withdrawn: a withdrawal is a new row of the ledger (migration 0036). */
  action: Generated<string>;
}

/** A tenant's wording of a consent kind, one row per version (migration 0036). */
export interface ConsentTextTable {
  id: Generated<number>;
  tenant: string;
  kind: string;
  version: number;
  text: string;
  valid_from: string;
  valid_until: string | null;
  created_by_email: string | null;
}

/** What the editors must take down after a withdrawal: one per publication record (migration 0036). */
export interface TakedownTaskTable {
  id: Generated<number>;
  tenant: string;
  submission_id: number;
  publication_id: number;
  channel: string;
  url: string;
  /** JSON text: the consent kinds withdrawn */
  kinds: string;
  created_at: string;
  due_at: string;
  done_at: string | null;
  done_by_email: string | null;
}

/** A person's request to be erased, with its deadline (migration 0036). */
export interface ErasureRequestTable {
  id: Generated<number>;
  tenant: string | null;
  /** cleared once the erasure ran */
  email: string | null;
  user_id: string | null;
  /** JSON text: [contentId] */
  submission_ids: string;
  requested_at: string;
  due_at: string;
  /** open | kept | done */
  state: string;
  keep_reason: string | null;
  decided_by_email: string | null;
  decided_at: string | null;
  executed_at: string | null;
}

/** Ids of erased submissions only; replayed by `cli restore` (migration 0036). */
export interface ErasureLogTable {
  id: Generated<number>;
  at: string;
  request_id: number | null;
  submission_id: number;
}
