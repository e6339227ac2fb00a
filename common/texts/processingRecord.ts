/** Texts of the admin's record of processing activities (Art. 30 DSGVO), a Markdown draft per tenant. */
export const processingRecord = {
  title: (tenant: string) => `# Verzeichnis von Verarbeitungstätigkeiten (Entwurf) – ${tenant}`,
  made: (day: string) =>
    `Erstellt am ${day} von Content-Assistent. Ein Entwurf: von der oder dem Datenschutzbeauftragten zu prüfen und zu ergänzen (Verantwortlicher, Kontakt, Rechtsgrundlagen im Einzelnen).`,
  purposeTitle: '## Zweck',
  purpose:
    'Beiträge für die Social-Media-Kanäle des Bereichs: Material von Mitwirkenden sammeln, daraus Beiträge, Clips und Zitatkarten machen, sie freigeben lassen und veröffentlichen.',
  collectedTitle: '## Betroffene und Daten',
  contact: '- Mitwirkende: Vorname, Nachname, E-Mail-Adresse, Funktion (Kontaktformular nach dem Einsenden).',
  interviews: '- Sprachinterviews: Tonaufnahmen der Antworten und ihre Abschriften.',
  voiceMessages: '- Sprachnachrichten und ihre Abschriften.',
  photos: '- Fotos (ohne Standortdaten) mit Bildbeschreibung nach den W-Fragen.',
  documents: '- Dokumente.',
  videoAnswers: '- Videoantworten auf Fragen (Bild und Ton) und ihre Untertitel.',
  publicLink:
    '- Öffentlicher Link: Einsendungen ohne Konto; IP-Adressen kurzzeitig für Missbrauchsgrenzen, ein Rechennachweis statt Captcha.',
  consents: '- Einwilligungen: Art, Wortlaut in der gezeigten Fassung, Zeitpunkt, Widerruf.',
  madeFrom: '- Was daraus entsteht: Beiträge, Clips, Zitatkarten, Freigaben und Veröffentlichungsnachweise.',
  editors: '- Redaktion: Konten (E-Mail, Name, Rolle), Protokoll der Änderungen.',
  technical: '- Technisch: Sitzungen, IP-Adressen für Missbrauchsgrenzen (kurzzeitig).',
  legalTitle: '## Rechtsgrundlage',
  legal:
    '- Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 22 KUG für Bildnisse); jederzeit widerrufbar auf der eigenen Seite.',
  recipientsTitle: '## Empfänger',
  transcription: (who: string) => `- Transkription: ${who}`,
  transcriberOpenai: (host: string) => `OpenAI-kompatibler Dienst (${host}), erhält die Tonaufnahmen`,
  transcriberElevenlabs: (host: string) => `ElevenLabs (${host}), erhält die Tonaufnahmen`,
  transcriberLocal: 'lokales Modell auf diesem Server, kein externer Dienst',
  transcriberNone: 'keine Abschrift, kein externer Dienst',
  voiceAgentElevenlabs: (host: string) =>
    `- Sprach-Interviewer: ElevenLabs Conversational AI (${host}), erhält Ton und Abschrift des Gesprächs`,
  voiceAgentBuiltin: '- Sprach-Interviewer: eingebauter Interviewer auf diesem Server',
  draftsModel: (model: string, host: string) =>
    `- Textentwürfe: Sprachmodell ${model} (${host}), erhält Abschriften und Beschreibungen`,
  draftsTemplate: '- Textentwürfe: Vorlage auf diesem Server, kein externer Dienst',
  ttsOpenai: (host: string) => `- Sprachausgabe des Interviewers: OpenAI-kompatibler Dienst (${host})`,
  mailSmtp: (host: string) => `- E-Mail-Versand: SMTP-Server ${host}`,
  mailOutbox: '- E-Mail-Versand: kein Versand (Postausgang in der Datenbank)',
  filesS3: (host: string, bucket: string) => `- Dateispeicher: S3-kompatibler Speicher ${host} (Bucket ${bucket})`,
  filesLocal: '- Dateispeicher: Verzeichnis auf diesem Server',
  databasePostgres: (host: string) => `- Datenbank: PostgreSQL ${host}`,
  databaseSqlite: '- Datenbank: SQLite-Datei auf diesem Server',
  channels: '- Veröffentlichung: die Kanäle, auf denen ein Beitrag erscheint (Veröffentlichungsnachweise je Beitrag).',
  retentionTitle: '## Speicherdauer',
  retention: (months: number, warningDays: number) =>
    `- Nicht verwendete Einsendungen: ${months} Monate nach der letzten Verwendung (Änderung oder gespeicherter Beitrag); die Redaktion wird gewarnt und ${warningDays} Tage danach wird gelöscht. Veröffentlichte Einsendungen bleiben, solange keine Löschung beantragt ist.`,
  erasure:
    '- Löschanträge: spätestens einen Monat nach dem Antrag; ein Löschprotokoll enthält nur Kennungen und wird beim Zurückspielen einer Sicherung nachgeholt.',
  consentKept: '- Einwilligungen: ihr Wortlaut und Widerruf bleiben als Nachweis, solange die Einsendung besteht.',
  measuresTitle: '## Technische und organisatorische Maßnahmen',
  measuresAccess:
    '- Dateien nur über angemeldete oder signierte Zugriffe; Fotos ohne Standortdaten; Freigabe- und persönliche Links gehasht gespeichert.',
  measuresRoles: '- Zugriff nach Bereich und Rolle; Protokoll der Änderungen.',
} as const;
