import type { Kysely } from 'kysely';

/**
 * Templates per tenant (issue 39.5): how its quote cards are laid out, how its clips caption the
 * words and which of the shipped fonts both use. Tenant settings, no personal data.
 */
const columns: [name: string, fallback: string][] = [
  // quote | photo | name (common/media-template.ts): the quote card's layout
  ['card_layout', 'quote'],
  // plain | words: captions as whole lines, or word by word with the spoken word marked
  ['caption_style', 'plain'],
  // a key of the shipped fonts (common/media-template.ts)
  ['media_font', 'inter'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, fallback] of columns)
    await db.schema
      .alterTable('tenants')
      .addColumn(name, 'text', (c) => c.notNull().defaultTo(fallback))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of columns) await db.schema.alterTable('tenants').dropColumn(name).execute();
}
