import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { texts } from '../../common/texts';
import type { SessionUser } from '../auth';
import type { SubmissionTable } from '../db/schema';
import type { Deps } from '../deps';
import { DomainError } from '../http/errors';
import { requireTenantEditor } from './access';

/**
 * The one editor check of the team's pages (inbox, content, post): who may review, and which
 * submissions they see. Every capability that shows a submission to its team loads it here.
 */

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'db'>;

/** The tenants an editor may see: null = all (admin). */
export type TenantScope = readonly string[] | null;

/** An admin or a tenant's editor (vdi_admin: the association) and the tenants they see. */
export type Editor = SessionUser & { scope: TenantScope };

export type Submission = Selectable<SubmissionTable>;

/** The signed-in editor of a request and the tenants they may see, resolved once per request; anyone else gets 403. */
export async function requireEditor(request: FastifyRequest, reply: FastifyReply): Promise<Editor> {
  const { user, scope } = await requireTenantEditor(request, reply);
  return { ...user, scope };
}

/** Whether the editor sees the submission: in their scope and not held. */
export function editorSees(editor: Pick<Editor, 'scope'>, row: Pick<Submission, 'held' | 'tenant'>): boolean {
  // A held submission (a draft still arriving from a phone, migration 0029) is not there yet for the team.
  if (row.held) return false;
  return editor.scope === null || editor.scope.includes(row.tenant);
}

/** A submission the editor may review; anything else looks like a missing Content-ID. */
export async function loadForEditor(deps: ServiceDeps, editor: Editor, contentId: number): Promise<Submission> {
  const row = await deps.db.selectFrom('submissions').selectAll().where('id', '=', contentId).executeTakeFirst();
  if (!row || !editorSees(editor, row)) throw new DomainError('not_found', texts.common.contentIdNotFound);
  return row;
}
