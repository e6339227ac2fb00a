import type { Kysely } from 'kysely';
import { notNull } from './helpers';

/**
 * Invitations of existing accounts into a tenant (issue 26): an account joins only when its owner
 * accepts. The token is stored as its SHA-256; one open invitation per address and tenant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('membership_invitations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', notNull)
    .addColumn('tenant', 'text', (c) => c.notNull().references('tenants.key').onDelete('cascade'))
    // contributor | editor
    .addColumn('role', 'text', notNull)
    .addColumn('invited_by', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('membership_invitations_email_tenant')
    .on('membership_invitations')
    .columns(['email', 'tenant'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('membership_invitations').execute();
}
