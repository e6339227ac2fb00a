import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ListApprovalState } from '../../common/schemas/post';
import { now } from '../db/database';
import type { DB } from '../db/schema';

/**
 * What the list shows of the submission's newest approval request that was not withdrawn: its
 * state, `expired` when it is still open past its expiry, `outdated` when it was approved and the
 * post has a newer version since.
 */
function listState(at: string) {
  return sql<string>`case
    when pa.state = 'pending' and pa.expires_at <= ${at} then 'expired'
    when pa.state = 'approved' and exists (select 1 from post_versions pv where pv.post_id = pa.post_id and pv.id > pa.version_id) then 'outdated'
    else pa.state end`;
}

const newestLive = sql`pa.submission_id = submissions.id and pa.withdrawn_at is null
    and not exists (select 1 from post_approvals pb where pb.submission_id = pa.submission_id and pb.withdrawn_at is null and pb.id > pa.id)`;

/** The list column `approval_state` (see listState). */
export function approvalStateColumn(_eb: ExpressionBuilder<DB, 'submissions'>, at = now()) {
  return sql<string | null>`(select ${listState(at)} from post_approvals pa where ${newestLive})`.as('approval_state');
}

/** The stored state behind each state the list shows. */
const storedState: Record<ListApprovalState, string> = {
  pending: 'pending',
  expired: 'pending',
  approved: 'approved',
  outdated: 'approved',
  changes: 'changes',
};

/** One WHERE condition for the inbox filter: the newest live approval request shows as `state`. */
export function approvalStateIs(state: ListApprovalState, at = now()): Expression<SqlBool> {
  // Driven from the (few) live approval requests in that state (index post_approvals_live_state).
  return sql<SqlBool>`submissions.id in (select pa.submission_id from post_approvals pa where pa.withdrawn_at is null and pa.state = ${storedState[state]}
    and not exists (select 1 from post_approvals pb where pb.submission_id = pa.submission_id and pb.withdrawn_at is null and pb.id > pa.id)
    and ${listState(at)} = ${state})`;
}
