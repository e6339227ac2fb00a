/** Texts used across capabilities. */
export const common = {
  errorTitle: 'Fehler',
  hintTitle: 'Hinweis',
  warningTitle: 'Warnung',
  successTitle: 'Erfolg',
  loading: 'Wird geladen...',
  save: 'Speichern',
  cancel: 'Abbrechen',
  skip: 'Überspringen',
  /** The close button of every notice (sonner's "Close toast"). */
  close: 'Schließen',
  /** The region that holds the notices (sonner's "Notifications"); the hotkey follows it. */
  notifications: 'Benachrichtigungen',
  invalidInput: 'Die Eingaben sind ungültig.',
  notFound: 'Nicht gefunden.',
  addressTooLong: 'Die Adresse ist zu lang.',
  addressInvalid: 'Die Adresse ist ungültig.',
  serverUnavailable: 'Der Server ist nicht erreichbar. Bitte versuchen Sie es später erneut.',
  internalError: 'Ein unerwarteter Fehler ist aufgetreten.',
  statusChecking: 'Systemstatus wird geprüft...',
  statusLimited: 'Eingeschränkter Modus - Einige Supabase-Funktionen sind möglicherweise nicht verfügbar.',
  statusUnavailable: 'Lokaler Modus - Supabase-Verbindung nicht verfügbar.',
  footer: (year: number, name: string) => `© ${year} ${name}`,
  contentIdNotFound: 'Content-ID nicht gefunden. Bitte starten Sie den Prozess neu.',
  transcriptEmptyTitle: 'Leeres Transkript',
  transcriptEmpty: 'Das Transkript darf nicht leer sein.',
  transcriptSavedTitle: 'Erfolg',
  transcriptSaved: 'Das Transkript wurde erfolgreich gespeichert.',
  transcriptSaveFailed: 'Das Transkript konnte nicht gespeichert werden.',
  transcriptTooLong: (max: number) =>
    `Das Transkript ist zu lang: höchstens ${String(max).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} Zeichen.`,
  /** A NUL byte (or another character no database keeps) in a text field or the search. */
  invalidCharacters: 'Die Eingabe enthält ungültige Zeichen.',
  requestTooLarge: 'Die Anfrage ist zu groß.',
  unsupportedMediaType: 'Dieses Datenformat wird hier nicht angenommen.',
  malformedJson: 'Die Anfrage ist kein gültiges JSON.',
  /** Validation texts for every field without its own message (zod's German error map). */
  fieldRequired: 'Eine erforderliche Angabe fehlt.',
  fieldEmpty: 'Dieses Feld darf nicht leer sein.',
  maxChars: (n: number) => `Höchstens ${n} ${n === 1 ? 'Zeichen ist' : 'Zeichen sind'} erlaubt.`,
  minChars: (n: number) => `Mindestens ${n} ${n === 1 ? 'Zeichen ist' : 'Zeichen sind'} erforderlich.`,
  maxItems: (n: number) => `Höchstens ${n} ${n === 1 ? 'Eintrag ist' : 'Einträge sind'} erlaubt.`,
  minItems: (n: number) => `Mindestens ${n} ${n === 1 ? 'Eintrag ist' : 'Einträge sind'} erforderlich.`,
  maxNumber: (n: number) => `Der Wert darf höchstens ${n} sein.`,
  minNumber: (n: number) => `Der Wert muss mindestens ${n} sein.`,
  invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  invalidUrl: 'Bitte geben Sie eine gültige Adresse (URL) ein.',
  invalidFormat: 'Das Format ist ungültig.',
  invalidChoice: 'Dieser Wert ist nicht zulässig.',
  unknownFields: 'Die Anfrage enthält unbekannte Angaben.',
  localIdNotice:
    'Es wird eine lokale Interview-ID verwendet, da keine Verbindung zur Datenbank hergestellt werden konnte.',
  idLoadFailed: 'Es gab ein Problem beim Laden oder Erstellen der Interview-ID.',
  notAvailable: 'Nicht verfügbar',
  contentIdMissing: 'Keine Content-ID gefunden. Bitte starten Sie den Prozess erneut.',
  originRefusedTitle: 'Adresse nicht freigegeben',
  /** A state-changing request came from an address the server does not accept (BASE_URL / TRUSTED_ORIGINS). */
  originRefused: (allowed: string) =>
    `Diese Adresse ist nicht freigegeben: Anmeldung und Änderungen sind nur über ${allowed} möglich. Bitte öffnen Sie die App unter dieser Adresse oder bitten Sie die Administration, diese Adresse freizugeben.`,
  /** 503: the server's storage or database failed; nothing was changed. */
  outageTitle: 'Vorübergehend nicht verfügbar',
  storageOutage:
    'Der Speicher des Servers ist voll oder nicht beschreibbar. Es wurde nichts gespeichert. Bitte versuchen Sie es in einigen Minuten erneut.',
  databaseOutage:
    'Die Datenbank des Servers ist nicht erreichbar. Es wurde nichts gespeichert. Bitte versuchen Sie es in einigen Minuten erneut.',
  /** Shown in the browser when a save answered 503: the input stays in this browser. */
  outageKeptLocally:
    'Der Server kann gerade nichts speichern. Ihre Eingaben bleiben in diesem Browser erhalten; bitte versuchen Sie es in einigen Minuten erneut.',
  /** Reasons /api/health gives for "not ready" (for operators and load balancers). */
  healthDatabaseDown: 'Die Datenbank ist nicht erreichbar.',
  healthStorageNotWritable: (where: string) => `Der Speicher (${where}) ist nicht beschreibbar.`,
  healthDiskLow: (where: string, freeMb: number, minMb: number) =>
    `Zu wenig freier Speicherplatz (${where}): ${freeMb} MB frei, mindestens ${minMb} MB nötig (MIN_FREE_DISK_MB).`,
} as const;
