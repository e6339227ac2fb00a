import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { CreateSubmission, SubmissionKind } from '../../common/schemas/submissions';
import type { SubmissionSummary } from '../../common/contracts/submissions';
import { texts } from '../../common/texts';
import { now } from '../db/database';
import type { DB, SubmissionTable } from '../db/schema';
import type { SessionUser } from '../auth';
import { accessOfUser, entersTenant, type Access } from '../tenants';
import { DomainError } from '../http/errors';
import { listMedia } from './queries';

export type Submission = Selectable<SubmissionTable>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a submission for a signed-in user, or for an anonymous browser (returns its secret token). */
export async function createSubmission(
  db: Kysely<DB>,
  input: CreateSubmission,
  owner:
    | { user: SessionUser; access?: Access }
    | { anonymous: true; personalLink?: { id: number; campaignId: number | null }; campaignId?: number },
): Promise<{ contentId: number; accessToken?: string }> {
  // The tenant itself (exists, not archived) is checked by the caller (server/tenants/guard.ts).
  if ('user' in owner && !entersTenant(owner.access ?? (await accessOfUser(db, owner.user)), input.tenant)) {
    throw new DomainError('forbidden', texts.auth.noPermission);
  }
  const accessToken = 'anonymous' in owner ? randomBytes(32).toString('base64url') : undefined;
  const t = now();
  const row = await db
    .insertInto('submissions')
    .values({
      tenant: input.tenant,
      kind: input.kind,
      topic: input.topic ?? null,
      source: input.source ?? null,
      user_id: 'user' in owner ? owner.user.id : null,
      user_email: 'user' in owner ? owner.user.email : null,
      access_token_hash: accessToken ? hashToken(accessToken) : null,
      held: input.held ? 1 : 0,
      ...('personalLink' in owner && owner.personalLink
        ? { personal_link_id: owner.personalLink.id, campaign_id: owner.personalLink.campaignId }
        : 'campaignId' in owner && owner.campaignId
          ? { campaign_id: owner.campaignId }
          : {}),
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { contentId: Number(row.id), accessToken };
}

/** Whether `token` is the submission's anonymous access token (constant time). */
export function tokenMatches(row: Submission, token: string | undefined): boolean {
  if (!token || !row.access_token_hash) return false;
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(row.access_token_hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Releases a held submission (a draft sent from a phone, migration 0029) once its last part has
 * arrived: from now on the team sees it, with its content stamped as the triggers would have, and
 * completed (if it was) at this moment, so the editors' notifications find it. Idempotent.
 */
export async function releaseHeld(db: Kysely<DB>, row: Submission): Promise<void> {
  if (!row.held) return;
  const t = now();
  await db
    .updateTable('submissions')
    .set({
      held: 0,
      ...(row.completed_at ? { completed_at: t } : {}),
      content_at: sql<
        string | null
      >`coalesce(content_at, (SELECT min(m.created_at) FROM media m WHERE m.submission_id = ${row.id}))`,
    })
    .where('id', '=', row.id)
    .where('held', '=', 1)
    .execute();
}

export async function summarize(db: Kysely<DB>, row: Submission): Promise<SubmissionSummary> {
  const media = await listMedia(db, row.id);
  return {
    contentId: row.id,
    tenant: row.tenant,
    kind: row.kind as SubmissionKind,
    topic: row.topic,
    transcript: row.transcript,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    hasContent: row.content_at !== null,
    media: media.map((m) => ({
      id: m.id,
      kind: m.kind,
      fileType: m.file_type,
      size: Number(m.size),
      originalName: m.original_name,
      hasThumbnail: !!m.thumbnail_path,
    })),
  };
}
