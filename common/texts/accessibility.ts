/** The accessibility statement (Erklärung zur Barrierefreiheit, BFSG / BITV: issue 43). */
export const accessibility = {
  footerLink: 'Barrierefreiheit',
  title: 'Erklärung zur Barrierefreiheit',
  intro:
    'Wir möchten, dass alle Menschen Inhalte beitragen und prüfen können – auch mit Screenreader, nur mit der Tastatur oder mit starker Vergrößerung.',
  standardTitle: 'Welche Anforderungen gelten',
  standard:
    'Diese Anwendung soll die Anforderungen der Web Content Accessibility Guidelines (WCAG) 2.1 auf Stufe AA erfüllen, wie sie die europäische Norm EN 301 549 übernimmt. Darauf verweist das Barrierefreiheitsstärkungsgesetz (BFSG).',
  stateTitle: 'Stand der Vereinbarkeit',
  state:
    'Die Anwendung ist mit diesen Anforderungen teilweise vereinbar. Jede Seite wird bei jeder Änderung automatisch mit axe-core auf die Regeln der WCAG 2.1 A/AA geprüft, bei 320, 390 und 1280 Pixel Breite und mit 200 % Textgröße; die wichtigsten Abläufe werden nur mit der Tastatur durchlaufen.',
  knownTitle: 'Was noch nicht barrierefrei ist',
  known: [
    'Fertig geschnittene Clips und Audiogramme zeigen ihre Untertitel im Bild; ihre Untertitelspur ist deshalb zunächst ausgeschaltet und lässt sich im Player einschalten (dann stehen die Worte doppelt da).',
    'Das Gespräch mit dem KI-Interviewer ist ein Sprachgespräch; wer nicht sprechen kann, nutzt stattdessen die W-Fragen zum Schreiben oder das Hochladen.',
    'Mit echten Screenreadern (NVDA, JAWS, VoiceOver, TalkBack) ist die Anwendung noch nicht von Betroffenen geprüft worden.',
    'Aufnahmen (Sprachnachricht, Videoantwort) brauchen ein Mikrofon bzw. eine Kamera; eine Datei kann stattdessen hochgeladen werden.',
  ],
  contactTitle: 'Barriere melden',
  contactText:
    'Stoßen Sie auf eine Barriere oder brauchen Sie einen Inhalt in anderer Form? Schreiben Sie uns – nennen Sie bitte die Seite und was nicht funktioniert. Wir antworten innerhalb von zwei Wochen.',
  contactMail: 'E-Mail an',
  contactFallback: 'Wenden Sie sich an die Redaktion, die Sie zu dieser Anwendung eingeladen hat.',
  enforcementTitle: 'Durchsetzungsverfahren',
  enforcement:
    'Antworten wir nicht zufriedenstellend, können Sie sich an die Marktüberwachungsbehörde der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF) in Magdeburg wenden.',
  updated: (date: string) => `Stand dieser Erklärung: ${date}`,
} as const;
