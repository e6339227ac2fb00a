import type { Kysely } from 'kysely';
import type { TakedownTask } from '../../common/contracts/own-page';
import { texts } from '../../common/texts';
import { writeAudit } from '../admin';
import type { SessionUser } from '../auth';
import { now } from '../db/database';
import type { DB } from '../db/schema';
import { DomainError } from '../http/errors';

type Editor = Pick<SessionUser, 'id' | 'email'> & { scope: string[] | null };

/** The takedown tasks of the editor's tenants, open ones first, by due date. */
export async function takedownsFor(db: Kysely<DB>, scope: string[] | null, tenant?: string): Promise<TakedownTask[]> {
  let q = db.selectFrom('takedown_tasks').selectAll();
  if (scope !== null) q = q.where('tenant', 'in', scope.length ? scope : ['']);
  if (tenant) q = q.where('tenant', '=', tenant);
  const rows = await q.orderBy('due_at').orderBy('id').execute();
  return rows
    .map((r) => ({
      id: Number(r.id),
      tenant: r.tenant,
      contentId: Number(r.submission_id),
      channel: r.channel,
      url: r.url,
      kinds: JSON.parse(r.kinds) as string[],
      createdAt: r.created_at,
      dueAt: r.due_at,
      doneAt: r.done_at,
      doneByEmail: r.done_by_email,
    }))
    .sort((a, b) => Number(!!a.doneAt) - Number(!!b.doneAt));
}

/** An editor marks a publication as taken down: who and when are kept. */
export async function markTakedownDone(db: Kysely<DB>, editor: Editor, id: number): Promise<void> {
  const row = await db.selectFrom('takedown_tasks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (editor.scope !== null && !editor.scope.includes(row.tenant)))
    throw new DomainError('not_found', texts.common.notFound);
  if (row.done_at) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('takedown_tasks')
      .set({ done_at: now(), done_by_email: editor.email })
      .where('id', '=', row.id)
      .execute();
    await writeAudit(trx, editor, {
      action: 'takedown.done',
      target: `submission:${row.submission_id}`,
      tenant: row.tenant,
      detail: { channel: row.channel, url: row.url },
    });
  });
}
