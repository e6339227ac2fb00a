import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export function postsOf(db: Kysely<DB>, contentId: number) {
  return db.selectFrom('posts').selectAll().where('submission_id', '=', contentId).orderBy('id').execute();
}

export function findPost(db: Kysely<DB>, contentId: number, channel: string) {
  return db
    .selectFrom('posts')
    .selectAll()
    .where('submission_id', '=', contentId)
    .where('channel', '=', channel)
    .executeTakeFirst();
}

export function versionsOf(db: Kysely<DB>, postIds: number[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('post_versions')
    .selectAll()
    .where('post_id', 'in', postIds)
    .orderBy('post_id')
    .orderBy('number')
    .execute();
}

export function latestVersion(db: Kysely<DB>, postId: number) {
  return db
    .selectFrom('post_versions')
    .selectAll()
    .where('post_id', '=', postId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function approvalsOf(db: Kysely<DB>, postIds: number[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('post_approvals').selectAll().where('post_id', 'in', postIds).orderBy('id', 'desc').execute();
}

export function publicationsOf(db: Kysely<DB>, postIds: number[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('post_publications').selectAll().where('post_id', 'in', postIds).orderBy('id', 'desc').execute();
}

export function approvalByTokenHash(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('post_approvals')
    .innerJoin('posts', 'posts.id', 'post_approvals.post_id')
    .innerJoin('post_versions', 'post_versions.id', 'post_approvals.version_id')
    .innerJoin('submissions', 'submissions.id', 'post_approvals.submission_id')
    .select([
      'post_approvals.id',
      'post_approvals.submission_id',
      'post_approvals.state',
      'post_approvals.expires_at',
      'post_approvals.withdrawn_at',
      'post_approvals.void_reason',
      'post_approvals.decided_at',
      'post_approvals.sent_by_email',
      'post_approvals.email',
      'posts.channel',
      'post_versions.number as version_number',
      'post_versions.body',
      'post_versions.images',
      'post_versions.items',
      'submissions.tenant',
    ])
    .where('post_approvals.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function publicationByTokenHash(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('post_publications')
    .innerJoin('post_versions', 'post_versions.id', 'post_publications.version_id')
    .select(['post_publications.submission_id', 'post_versions.images', 'post_versions.items'])
    .where('post_publications.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function approvalWithSubmission(db: Kysely<DB>, approvalId: number) {
  return db
    .selectFrom('post_approvals')
    .innerJoin('submissions', 'submissions.id', 'post_approvals.submission_id')
    .select([
      'post_approvals.id',
      'post_approvals.submission_id',
      'post_approvals.state',
      'post_approvals.withdrawn_at',
      'submissions.tenant',
    ])
    .where('post_approvals.id', '=', approvalId)
    .executeTakeFirst();
}

export function photosOf(db: Kysely<DB>, contentId: number) {
  return db
    .selectFrom('media')
    .selectAll()
    .where('submission_id', '=', contentId)
    .where('kind', '=', 'photo')
    .orderBy('id')
    .execute();
}

/** Claims a notification key; false when another instance (or an earlier run) already has it. */
export async function claimKey(db: Kysely<DB>, key: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('notification_keys')
    .values({ key, created_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function completedSince(db: Kysely<DB>, tenants: readonly string[] | null, since: string, until: string) {
  return db
    .selectFrom('submissions')
    .select(['id', 'tenant', 'kind', 'completed_at'])
    .where('completed_at', '>=', since)
    .where('completed_at', '<=', until)
    .where('held', '=', 0)
    .$if(tenants !== null, (q) => q.where('tenant', 'in', tenants!))
    .orderBy('completed_at')
    .limit(500)
    .execute();
}

export function editorsWithNotifications(db: Kysely<DB>) {
  return db
    .selectFrom('notification_prefs')
    .innerJoin('user', 'user.id', 'notification_prefs.user_id')
    .leftJoin('memberships', 'memberships.user_id', 'user.id')
    .select([
      'user.id',
      'user.email',
      'user.role',
      'user.banned',
      'memberships.tenant as member_tenant',
      'memberships.role as member_role',
      'notification_prefs.mode',
      'notification_prefs.digest_hour',
      'notification_prefs.updated_at',
    ])
    .where('notification_prefs.mode', '<>', 'none')
    .execute();
}
