import { type Kysely, type MigrationProvider, Migrator } from 'kysely';
import { migrations } from './migrations';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies our migrations (better-auth's tables are migrated by auth/migrate.ts first). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and across) the typed schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'app_migrations',
    migrationLockTableName: 'app_migrations_lock',
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} fehlgeschlagen: ${String(error)}`);
}
