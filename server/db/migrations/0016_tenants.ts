import { sql, type Kysely } from 'kysely';
import { isPostgres, notNull } from './helpers';

/** The seed's five tenants as common/tenants.ts defines them on the day of this migration. */
const seedTenants = [
  {
    key: 'vdi',
    name: 'VDI',
    brand_color: '#005ea8',
    wording: 'engineering',
    entry_cards: ['interview-category', 'voice-message', 'document-upload'],
    thanks_variant: 'association',
  },
  {
    key: 'firma_a',
    name: 'Firma A',
    brand_color: '#0f766e',
    wording: 'engineering',
    entry_cards: ['content-selection', 'interview-category', 'voice-message', 'upload'],
    thanks_variant: 'company',
  },
  {
    key: 'firma_b',
    name: 'Firma B',
    brand_color: '#6d28d9',
    wording: 'engineering',
    entry_cards: ['content-selection', 'interview-category', 'voice-message', 'image-upload', 'document-upload'],
    thanks_variant: 'company',
  },
  {
    key: 'bank',
    name: 'Bank',
    brand_color: '#b91c1c',
    wording: 'banking',
    entry_cards: ['interview-category', 'voice-message', 'upload'],
    thanks_variant: 'bank',
  },
  {
    key: 'testnormec',
    name: 'Testnormec',
    brand_color: '#374151',
    wording: 'engineering',
    entry_cards: ['content-selection', 'interview-category', 'voice-message', 'upload'],
    thanks_variant: 'company',
  },
];
const allTopics = ['engineering-path', 'behind-scenes', 'tech-dive', 'free-topic'];

/**
 * Tenants as data (issue 14): the tenant rows, one membership per user (contributor or editor of
 * one tenant), and a version number every instance compares to drop its tenant cache.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', notNull)
    .addColumn('brand_color', 'text', notNull)
    // blob store key of the resized logo, null: the name's initial
    .addColumn('logo_key', 'text')
    // engineering | banking
    .addColumn('wording', 'text', notNull)
    // JSON text: entry cards of the start page, in order
    .addColumn('entry_cards', 'text', notNull)
    // JSON text: interview topics offered
    .addColumn('topics', 'text', notNull)
    // association | company | bank: thank-you and contact wording
    .addColumn('thanks_variant', 'text', notNull)
    // JSON text: {topic: ElevenLabs agent id}
    .addColumn('agent_ids', 'text', notNull)
    .addColumn('public_link', 'integer', (c) => c.notNull().defaultTo(0))
    // 1: one of the seed's tenants with its own routes (/firma-a, /bank, …); 0: under /t/<key>
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('memberships')
    // one tenant per user
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull().references('tenants.key').onDelete('cascade'))
    // contributor | editor
    .addColumn('role', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  // A deleted account takes its membership along (better-auth's table exists unless a test migrates alone).
  if (isPostgres(db)) {
    const { rows } = await sql<{ found: string | null }>`select to_regclass('"user"')::text as found`.execute(db);
    if (rows[0]?.found)
      await sql`alter table memberships add constraint memberships_user foreign key (user_id) references "user"(id) on delete cascade`.execute(
        db,
      );
  } else {
    await sql`create trigger memberships_user_gone after delete on "user" begin delete from memberships where user_id = old.id; end`
      .execute(db)
      .catch(() => undefined);
  }
  await db.schema.createIndex('memberships_tenant').on('memberships').columns(['tenant', 'role']).execute();

  await db.schema
    .createTable('cache_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', notNull)
    .execute();

  const at = new Date().toISOString();
  // biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema of its time, not today's DB type
  const d = db as Kysely<any>;
  await d
    .insertInto('tenants')
    .values(
      seedTenants.map((t) => ({
        ...t,
        entry_cards: JSON.stringify(t.entry_cards),
        topics: JSON.stringify(allTopics),
        agent_ids: '{}',
        logo_key: null,
        // the seed's public links exist already (/p/vdi/upload, …)
        public_link: 1,
        builtin: 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await d.insertInto('cache_versions').values({ name: 'tenants', version: 1 }).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cache_versions').execute();
  await db.schema.dropTable('memberships').execute();
  await db.schema.dropTable('tenants').execute();
}
