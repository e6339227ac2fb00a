import type { Kysely } from 'kysely';

/**
 * One tenant model (issue 30): everything that made the bank differ from the association in code
 * becomes a field of the tenant row, so an admin can make a tenant "like the bank" on
 * /admin/bereiche. The seed's rows get the values the code held on the day of this migration.
 */
const columns: [name: string, type: 'text' | 'integer', fallback: string | number | null][] = [
  // JSON text {upload page: surface id} (common/upload-rules.ts); {}: the standard surfaces
  ['upload_surfaces', 'text', '{}'],
  // 1: the upload pages are plain file drops with their limits stated, the contact page next
  ['file_upload_screens', 'integer', 0],
  // JSON text {card: {title, text}}: start-page cards with their own wording
  ['card_texts', 'text', '{}'],
  // JSON text {card: icon name}
  ['card_icons', 'text', '{}'],
  // voice | bank_voice: the word in a voice message's local Content-ID
  ['voice_variant', 'text', 'voice'],
  // 1: the contributor is told when the Content-ID is only local
  ['announce_local_id', 'integer', 1],
  // standard | own: the browser keys the interview id and transcript are kept under
  ['storage_keys', 'text', 'standard'],
  // 1: the transcript editor saves and goes on ("Speichern und weiter")
  ['transcript_save_and_continue', 'integer', 0],
  // colour of the start buttons; null: the brand colour
  ['start_button_color', 'text', null],
  // text of the logo tile without a logo; null: the name's initial
  ['logo_text', 'text', null],
  // name in the page footer; null: the name
  ['footer_name', 'text', null],
  // 1: a general interview beside the topics
  ['general_interview', 'integer', 0],
  // JSON text: topics that first show a short category intro
  ['topic_intros', 'text', '[]'],
];

const bankCards = {
  upload: {
    title: 'Ein Dokument hochladen',
    text: 'Ein einzelnes Dokument (PDF, DOC, DOCX oder TXT, max. 4MB) für Ihren Beitrag.',
  },
  'document-upload': {
    title: 'Mehrere Dokumente hochladen',
    text: 'Bis zu zehn Dokumente auf einmal, auch Tabellen (CSV, XLS, XLSX; bis 25MB).',
  },
  'document-image-upload': {
    title: 'Dokumente mit Fotos hochladen',
    text: 'Dokumente und Fotos zusammen, in zwei Reitern.',
  },
  'image-upload': { title: 'Ein Foto hochladen', text: 'Ein Foto (JPG oder PNG) für Ihren Beitrag.' },
};

/** The seed's values as common/tenants.ts held them. */
const seedValues: Record<string, Record<string, string | number>> = {
  vdi: { logo_text: 'VDI', footer_name: 'VDI Verein Deutscher Ingenieure' },
  firma_a: { logo_text: 'A' },
  firma_b: { logo_text: 'B' },
  testnormec: { logo_text: 'T' },
  bank: {
    logo_text: 'Bank',
    start_button_color: '#dc2626',
    upload_surfaces: JSON.stringify({
      upload: 'bank-upload',
      'image-upload': 'bank-image',
      'document-upload': 'bank-documents',
      'document-image-upload': 'bank-document-images',
      'image-upload-after-voice': 'bank-after-voice',
    }),
    file_upload_screens: 1,
    card_texts: JSON.stringify(bankCards),
    card_icons: JSON.stringify({
      upload: 'file-text',
      'document-upload': 'file-stack',
      'document-image-upload': 'file-image',
    }),
    voice_variant: 'bank_voice',
    announce_local_id: 0,
    storage_keys: 'own',
    transcript_save_and_continue: 1,
    general_interview: 1,
    topic_intros: JSON.stringify(['behind-scenes', 'engineering-path', 'tech-dive']),
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type, fallback] of columns)
    await db.schema
      .alterTable('tenants')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  // biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema of its time, not today's DB type
  const d = db as Kysely<any>;
  // One wording vocabulary: the texts' engineer | banker (0016 stored engineering | banking).
  await d.updateTable('tenants').set({ wording: 'engineer' }).where('wording', '=', 'engineering').execute();
  await d.updateTable('tenants').set({ wording: 'banker' }).where('wording', '=', 'banking').execute();
  for (const [key, values] of Object.entries(seedValues))
    await d.updateTable('tenants').set(values).where('key', '=', key).where('builtin', '=', 1).execute();
  await d
    .updateTable('cache_versions')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('name', '=', 'tenants')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema of its time
  const d = db as Kysely<any>;
  await d.updateTable('tenants').set({ wording: 'engineering' }).where('wording', '=', 'engineer').execute();
  await d.updateTable('tenants').set({ wording: 'banking' }).where('wording', '=', 'banker').execute();
  for (const [name] of [...columns].reverse()) await db.schema.alterTable('tenants').dropColumn(name).execute();
}
