import type { Selectable } from 'kysely';
import { texts } from '../../common/texts';
import type { SessionUser } from '../auth/session';
import type { SubmissionTable } from '../db/schema';
import { DomainError } from '../http/errors';
import { findSubmission } from '../submissions/queries';
import type { Deps } from '../deps';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'db'>;

/** An editor and the tenants they may see (null: all); the inbox's rule, without depending on it. */
export type ContentEditor = SessionUser & { scope: string[] | null };
export type Submission = Selectable<SubmissionTable>;

export async function submissionForEditor(
  deps: ServiceDeps,
  editor: ContentEditor,
  contentId: number,
): Promise<Submission> {
  const row = await findSubmission(deps.db, contentId);
  if (!row || (editor.scope && !editor.scope.includes(row.tenant)))
    throw new DomainError('not_found', texts.common.contentIdNotFound);
  return row;
}
