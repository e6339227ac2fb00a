import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth';
import { now } from '../db/database';
import type { DB } from '../db/schema';

export type AuditEntry = { action: string; target: string; tenant?: string | null; detail?: Record<string, unknown> };

/** Records who did what; written in the same transaction as the change when one is given. */
export async function writeAudit(
  db: Kysely<DB>,
  actor: Pick<SessionUser, 'id' | 'email'> | null,
  entry: AuditEntry,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: now(),
      actor_id: actor?.id ?? null,
      actor_email: actor?.email ?? null,
      action: entry.action,
      target: entry.target,
      tenant: entry.tenant ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}
