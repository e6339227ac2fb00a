/** Texts of the content capability: quote cards, clips, audiograms and their consent. */
export const content = {
  section: 'Inhalte für den Beitrag',
  intro: 'Zitatkarten, Clips mit Untertiteln und Audiogramme aus dem Material, im Design des Mandanten.',
  kinds: { card: 'Zitatkarte', clip: 'Clip', audiogram: 'Audiogramm' } as Record<string, string>,
  formats: {
    '4:5': '4:5 · 1080 × 1350',
    '1:1': '1:1 · 1080 × 1080',
    '9:16': '9:16 · 1080 × 1920',
    '16:9': '16:9 · 1920 × 1080',
  } as Record<string, string>,

  // Quote card
  cardTitle: 'Zitatkarte erstellen',
  quoteLabel: 'Zitat',
  quoteHint: 'Wählen Sie einen Satz aus dem Transkript oder den W-Antworten, oder tippen Sie das Zitat.',
  quoteFromTranscript: 'Aus dem Transkript',
  quoteFromAnswers: 'Aus den W-Antworten',
  quoteMissing: 'Bitte geben Sie ein Zitat ein.',
  quoteTooLong: 'Das Zitat darf höchstens 400 Zeichen lang sein.',
  undrawable: (chars: string) =>
    `Diese Zeichen können auf der Karte nicht dargestellt werden: ${chars}. Bitte entfernen oder ersetzen Sie sie.`,
  renderTimeout:
    'Die Karte konnte nicht rechtzeitig erstellt werden. Bitte kürzen Sie den Text oder versuchen Sie es erneut.',
  formatLabel: 'Format',
  showName: 'Name und Funktion zeigen',
  showNameNoConsent: 'Die Person hat nicht eingewilligt, namentlich genannt zu werden.',
  photoLabel: 'Foto aus der Einsendung',
  noPhoto: 'Kein Foto',
  makeCard: 'Zitatkarte erstellen',
  making: 'Wird erstellt…',
  cardMade: 'Die Zitatkarte ist erstellt.',
  cardAlt: (quote: string, name: string | null) => `Zitat: „${quote}“${name ? ` – ${name}` : ''}`,

  // Clip
  clipTitle: 'Clip aus dem Transkript',
  sourceLabel: 'Aufnahme',
  noSources: 'Diese Einsendung enthält keine Video- oder Tonaufnahme mit Zeitangaben im Transkript.',
  noTiming: 'Für diese Aufnahme gibt es noch keine Zeitangaben im Transkript.',
  markHint: 'Markieren Sie eine Passage im Transkript: erstes Wort anklicken, dann das letzte.',
  proposals: 'Vorschläge',
  proposalsModel: 'Vom Sprachmodell vorgeschlagen',
  proposalsRules: 'Nach Regeln vorgeschlagen',
  useProposal: 'Übernehmen',
  startLabel: 'Anfang (Sekunden)',
  endLabel: 'Ende (Sekunden)',
  cropLabel: 'Bildausschnitt (links – rechts)',
  cropLabelY: 'Bildausschnitt (oben – unten)',
  cropFits: 'Das Video hat schon dieses Format; der ganze Bildausschnitt wird verwendet.',
  selection: (start: string, end: string) => `Auswahl: ${start} – ${end}`,
  render: 'Clip erstellen',
  renderAudiogram: 'Audiogramm erstellen',
  rendering: 'Wird erstellt',
  progress: (p: number) => `${Math.round(p * 100)} %`,
  cancel: 'Abbrechen',
  cancelled: 'Abgebrochen',
  failed: 'Das Erstellen ist fehlgeschlagen.',
  queued: 'Wartet auf einen freien Platz',
  ready: 'Fertig',
  rangeInvalid: 'Bitte wählen Sie eine Passage zwischen 1 und 180 Sekunden innerhalb der Aufnahme.',
  sourceUnknown: 'Diese Aufnahme gehört nicht zu der Einsendung oder ist keine Video- oder Tonaufnahme.',
  sourceNotReady: 'Diese Aufnahme wird noch verarbeitet. Bitte versuchen Sie es gleich noch einmal.',
  photoUnknown: 'Dieses Foto gehört nicht zu der Einsendung.',

  // List of items
  itemsTitle: 'Erstellte Inhalte',
  noItems: 'Noch keine Inhalte erstellt.',
  download: 'Herunterladen',
  altLabel: 'Alternativtext',
  edit: 'Neu erstellen',
  predatesCorrection:
    'Vor der Korrektur des Transkripts freigegeben: zeigt die Wörter, die die Person freigegeben hat.',
  editHint:
    'Ein neu erstelltes Element ersetzt das alte in allen Beiträgen; eine erteilte Freigabe gilt dann nicht mehr.',
  itemUnknown: 'Dieses Element gehört nicht zu der Einsendung.',
  itemNotReady: 'Dieses Element ist noch nicht fertig.',
  notCancellable: 'Dieses Element wird nicht mehr erstellt.',

  // Consent beside each item
  consentTitle: 'Einwilligung',
  consentKinds: {
    publication: 'Veröffentlichung',
    naming: 'Namensnennung',
    photo: 'Foto',
    video: 'Videoaufnahmen',
  } as Record<string, string>,
  consentGiven: 'erteilt',
  consentMissing: 'nicht erteilt',
  consentNotNeeded: 'nicht nötig',
  noPublicationConsent:
    'Die Person hat der Veröffentlichung nicht zugestimmt. Inhalte aus ihrer Einsendung können nicht an einen Beitrag angehängt werden.',
  noNamingConsent: 'Die Person hat nicht eingewilligt, namentlich genannt zu werden.',
  noPhotoConsent: 'Für die Fotos dieser Einsendung liegt keine Einwilligung zur Verwendung vor.',
  noVideoConsent:
    'Für die Videoaufnahmen dieser Einsendung liegt keine Einwilligung zur Verwendung mit Bild und Stimme vor. Ein Clip daraus kann nicht angehängt werden.',

  // In the post
  attachTitle: 'Clips und Karten',
  attach: 'Anhängen',
  attached: 'Angehängt',
  allAttached: 'Alle fertigen Clips und Karten sind im Beitrag.',
  captionLabel: 'Alternativtext / Beschreibung',
  zipFolder: 'Inhalte',
};
