/** Sharing a tenant's public link: copy, QR code and a printable poster. */
export const sharing = {
  title: 'Öffentlicher Link',
  intro:
    'Mit diesem Link können Menschen ohne Konto Beiträge einreichen – zum Beispiel auf einer Messe oder am Schwarzen Brett.',
  linkLabel: (name: string) => `Öffentlicher Link von ${name}`,
  copy: 'Link kopieren',
  copiedTitle: 'Link kopiert',
  copiedText: 'Der öffentliche Link ist in der Zwischenablage.',
  copyFailed: 'Der Link konnte nicht kopiert werden. Bitte markieren und kopieren Sie ihn selbst.',
  qrLabel: (name: string) => `QR-Code des öffentlichen Links von ${name}`,
  poster: 'Plakat herunterladen (A4, PNG)',
  posterFile: (key: string) => `plakat-${key}.png`,
  posterHeadline: 'Ihre Geschichte für unsere Kanäle',
  posterInvitation:
    'Scannen Sie den Code und erzählen Sie uns Ihre Geschichte – im Interview, als Sprachnachricht oder mit Fotos, ganz ohne Anmeldung.',
  off: 'Der öffentliche Link ist für diesen Bereich ausgeschaltet. Schalten Sie ihn unter „Bearbeiten“ ein.',
  show: 'Link teilen',
  hide: 'Teilen schließen',
} as const;
