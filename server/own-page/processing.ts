import type { Deps } from '../deps';
import type { WithTenants } from '../tenants';

type ServiceDeps = Pick<Deps, 'config' | 'db'> & WithTenants;

/** The host of a configured URL, never its credentials. */
function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * The draft of a record of processing activities (Art. 30 DSGVO) for one tenant: what is
 * collected, why, how long it is kept, and who receives it (the configured services).
 */
export async function processingRecord(deps: ServiceDeps, tenant: string): Promise<string> {
  const c = deps.config;
  const registry = await deps.tenantRegistry.fresh();
  const row = await deps.db
    .selectFrom('tenants')
    .select('retention_months')
    .where('key', '=', tenant)
    .executeTakeFirst();
  const months = Number(row?.retention_months ?? 24);
  const transcriber =
    c.TRANSCRIBER === 'openai'
      ? `OpenAI-kompatibler Dienst (${hostOf(c.OPENAI_BASE_URL) ?? 'api.openai.com'})`
      : c.TRANSCRIBER === 'elevenlabs'
        ? `ElevenLabs (${hostOf(c.ELEVENLABS_BASE_URL) ?? 'api.elevenlabs.io'})`
        : 'keiner außerhalb des Servers (lokales Modell oder keine Abschrift)';
  const recipients = [
    `- Transkription: ${transcriber}`,
    `- Sprach-Interviewer: ${c.VOICE_AGENT === 'elevenlabs' ? 'ElevenLabs Conversational AI' : 'eingebauter Interviewer auf diesem Server'}`,
    `- Textentwürfe: ${c.OPENAI_CHAT_MODEL ? `Sprachmodell ${c.OPENAI_CHAT_MODEL} (${hostOf(c.OPENAI_BASE_URL) ?? 'api.openai.com'})` : 'Vorlage auf diesem Server, kein externer Dienst'}`,
    `- E-Mail-Versand: ${c.SMTP_URL ? `SMTP-Server ${hostOf(c.SMTP_URL)}` : 'kein Versand (Postausgang in der Datenbank)'}`,
    `- Dateispeicher: ${c.S3_ENDPOINT ? `S3-kompatibler Speicher ${hostOf(c.S3_ENDPOINT)} (Bucket ${c.S3_BUCKET ?? '–'})` : 'Verzeichnis auf diesem Server'}`,
    `- Datenbank: ${c.DATABASE_URL ? `PostgreSQL ${hostOf(c.DATABASE_URL)}` : 'SQLite-Datei auf diesem Server'}`,
  ];
  return [
    `# Verzeichnis von Verarbeitungstätigkeiten (Entwurf) – ${registry.displayName(tenant)}`,
    '',
    `Erstellt am ${new Date().toISOString().slice(0, 10)} von Content-Assistent. Ein Entwurf: von der oder dem Datenschutzbeauftragten zu prüfen und zu ergänzen (Verantwortlicher, Kontakt, Rechtsgrundlagen im Einzelnen).`,
    '',
    '## Zweck',
    'Beiträge für die Social-Media-Kanäle des Bereichs: Material von Mitwirkenden sammeln, daraus Beiträge, Clips und Zitatkarten machen, sie freigeben lassen und veröffentlichen.',
    '',
    '## Betroffene und Daten',
    '- Mitwirkende: Vorname, Nachname, E-Mail-Adresse, Funktion; Sprachaufnahmen, Interviews und ihre Abschriften; Fotos, Videos, Dokumente; Antworten auf die W-Fragen; Kontaktangaben für den Beitrag.',
    '- Einwilligungen: Art, Wortlaut in der gezeigten Fassung, Zeitpunkt, Widerruf.',
    '- Redaktion: Konten (E-Mail, Name, Rolle), Protokoll der Änderungen.',
    '- Technisch: IP-Adressen für Missbrauchsgrenzen (kurzzeitig), Sitzungen.',
    '',
    '## Rechtsgrundlage',
    '- Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 22 KUG für Bildnisse); jederzeit widerrufbar auf der eigenen Seite.',
    '',
    '## Empfänger',
    ...recipients,
    '- Veröffentlichung: die Kanäle, auf denen ein Beitrag erscheint (Veröffentlichungsnachweise je Beitrag).',
    '',
    '## Speicherdauer',
    `- Nicht verwendete Einsendungen: ${months} Monate nach der letzten Änderung, dann nach einer Warnung an die Redaktion gelöscht.`,
    '- Löschanträge: spätestens einen Monat nach dem Antrag; ein Löschprotokoll enthält nur Kennungen und wird beim Zurückspielen einer Sicherung nachgeholt.',
    '',
    '## Technische und organisatorische Maßnahmen',
    '- Dateien nur über angemeldete oder signierte Zugriffe; Fotos ohne Standortdaten; Freigabe- und persönliche Links gehasht gespeichert.',
    '- Zugriff nach Bereich und Rolle; Protokoll der Änderungen.',
    '',
  ].join('\n');
}
