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
  invalidInput: 'Die Eingaben sind ungültig.',
  notFound: 'Nicht gefunden.',
  serverUnavailable: 'Der Server ist nicht erreichbar. Bitte versuchen Sie es später erneut.',
  internalError: 'Ein unerwarteter Fehler ist aufgetreten.',
  statusChecking: 'Systemstatus wird geprüft...',
  statusLimited: 'Eingeschränkter Modus - Einige Supabase-Funktionen sind möglicherweise nicht verfügbar.',
  statusUnavailable: 'Lokaler Modus - Supabase-Verbindung nicht verfügbar.',
  footer: (year: number) => `© ${year} VDI Verein Deutscher Ingenieure`,
  contentIdNotFound: 'Content-ID nicht gefunden. Bitte starten Sie den Prozess neu.',
  contentIdMissing: 'Keine Content-ID gefunden. Bitte starten Sie den Prozess erneut.',
} as const;

