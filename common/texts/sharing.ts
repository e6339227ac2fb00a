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
  /** The poster's invitation names what the link offers (publicFlows), in its order. */
  posterInvitation: (ways: string[]) =>
    `Scannen Sie den Code und erzählen Sie uns Ihre Geschichte – ${ways.length > 1 ? `${ways.slice(0, -1).join(', ')} oder ${ways.at(-1)}` : (ways[0] ?? '')}, ganz ohne Anmeldung.`,
  posterWays: {
    'interview-category': 'im Interview',
    'voice-message': 'als Sprachnachricht',
    'video-answer': 'als Video vor der Kamera',
    upload: 'mit Fotos und Videos',
  },
  share: 'Teilen',
  shareTitle: (name: string) => `Beiträge für ${name}`,
  /** The admin has the app open under another address than BASE_URL: the shared link uses BASE_URL. */
  otherAddress: (open: string, base: string) =>
    `Diese Seite ist unter ${open} geöffnet. Link, QR-Code und Plakat verwenden die öffentliche Adresse ${base} (BASE_URL).`,
  off: 'Der öffentliche Link ist für diesen Bereich ausgeschaltet. Schalten Sie ihn unter „Bearbeiten“ ein.',
  show: 'Link teilen',
  hide: 'Teilen schließen',
} as const;
