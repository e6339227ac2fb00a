import { sql, type Kysely } from 'kysely';
import { filterIndexes } from './0010_inbox_search';
import { isPostgres } from './helpers';

/**
 * The inbox only ever lists submissions that hold something (`content_at IS NOT NULL`). The keyset
 * indexes of 0010 become partial indexes with that condition, so a page, a bounded count and the
 * filtered ids of a search read the index alone, without a lookup in the wide submissions table
 * per row only to check `content_at` (SQLite counts an index as covering only when it holds every
 * column the query names, so there it also carries `content_at`). The approval filter gets an index that starts from the
 * (few) approval requests in one state.
 */
const listed = (name: string) => `${name}_listed`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const carried = isPostgres(db) ? [] : ['content_at'];
  for (const [name, columns] of filterIndexes) {
    await db.schema
      .createIndex(listed(name))
      .on('submissions')
      .columns([...columns, 'created_at', 'id', ...carried])
      .where(sql.ref('content_at'), 'is not', null)
      .execute();
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema
    .createIndex('post_approvals_live_state')
    .on('post_approvals')
    .columns(['state', 'submission_id', 'id'])
    .where(sql.ref('withdrawn_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('post_approvals_live_state').ifExists().execute();
  for (const [name, columns] of filterIndexes) {
    await db.schema
      .createIndex(name)
      .on('submissions')
      .columns([...columns, 'created_at', 'id'])
      .execute();
    await db.schema.dropIndex(listed(name)).ifExists().execute();
  }
}
