/** Texts of the contributor's own page, consent over time, takedowns, export and erasure (issue 41). */
export const ownPage = {
  title: 'Meine Beiträge und Einwilligungen',
  intro:
    'Hier sehen Sie, was Sie uns gegeben haben, was daraus entstanden ist, wo es veröffentlicht wurde und welchen Einwilligungen Sie zugestimmt haben.',
  linkInvalid: 'Dieser persönliche Link ist ungültig oder abgelaufen.',
  signInOrLink: 'Bitte melden Sie sich an oder öffnen Sie den persönlichen Link aus unserer E-Mail.',
  submissionsTitle: 'Ihre Einsendungen',
  noSubmissions: 'Zu Ihrer Adresse sind keine Einsendungen gespeichert.',
  submissionLabel: (id: number) => `Content-ID ${id}`,
  materialTitle: 'Material',
  noMaterial: 'Kein Material gespeichert.',
  transcriptTitle: 'Abschrift',
  madeTitle: 'Daraus entstanden',
  nothingMade: 'Noch nichts.',
  postLabel: (channel: string) => `Beitrag für ${channel}`,
  postMarked: 'Wegen Ihres Widerrufs wird dieser Beitrag nicht veröffentlicht.',
  itemKinds: { card: 'Zitatkarte', clip: 'Clip', audiogram: 'Audiogramm' } as Record<string, string>,
  publishedTitle: 'Veröffentlicht',
  notPublished: 'Noch nicht veröffentlicht.',
  publishedAt: (channel: string, date: string) => `${channel}, ${date}`,
  takedownPending: (due: string) => `Wird bis ${due} entfernt.`,
  takedownDone: (date: string) => `Entfernt am ${date}.`,
  consentsTitle: 'Ihre Einwilligungen',
  noConsents: 'Sie haben keine Einwilligungen erteilt.',
  consentGiven: (date: string, version: number | null) =>
    version ? `Erteilt am ${date} (Fassung ${version})` : `Erteilt am ${date}`,
  consentWithdrawnAt: (date: string) => `Widerrufen am ${date}`,
  withdraw: 'Widerrufen',
  withdrawAll: 'Alle Einwilligungen widerrufen',
  withdrawConfirm: (kind: string) =>
    `Einwilligung „${kind}“ widerrufen? Ab sofort wird nichts mehr verwendet, das diese Einwilligung braucht. Bereits Veröffentlichtes lässt das Team entfernen.`,
  withdrawAllConfirm:
    'Alle Einwilligungen widerrufen? Ab sofort wird nichts mehr von Ihnen verwendet. Bereits Veröffentlichtes lässt das Team entfernen.',
  withdrawnTitle: 'Widerruf gespeichert',
  withdrawnText: (tasks: number, voided: number) =>
    [
      'Ihr Widerruf gilt ab sofort.',
      voided > 0 ? `${voided} offene Freigabeanfrage(n) wurden aufgehoben.` : '',
      tasks > 0 ? `Das Team entfernt ${tasks} Veröffentlichung(en).` : '',
    ]
      .filter(Boolean)
      .join(' '),
  nothingToWithdraw: 'Diese Einwilligung ist nicht (mehr) erteilt.',
  exportTitle: 'Ihre Daten herunterladen',
  exportText: 'Eine ZIP-Datei mit allem, was wir über Sie gespeichert haben, dazu eine maschinenlesbare JSON-Datei.',
  exportButton: 'ZIP herunterladen',
  erasureTitle: 'Löschung beantragen',
  erasureText:
    'Wir löschen alles, was wir über Sie gespeichert haben, spätestens nach einem Monat – außer das Gesetz verlangt, etwas aufzubewahren. Das Team sagt Ihnen dann, was und warum.',
  erasureButton: 'Löschung beantragen',
  erasureConfirm: 'Wirklich die Löschung aller Ihrer Daten beantragen?',
  erasureRequested: (due: string) => `Ihre Löschung ist beantragt. Sie wird spätestens am ${due} ausgeführt.`,
  erasureKept: (reason: string) => `Das Team bewahrt einen Teil auf: ${reason}`,
  consentKinds: {
    contact: 'Kontaktaufnahme',
    photo_rights: 'Bildrechte',
    video_rights: 'Videoaufnahmen',
    publication: 'Veröffentlichung',
    naming: 'Namensnennung',
  } as Record<string, string>,
  // Server messages
  consentWithdrawn: (kind: string) =>
    `Die Person hat ihre Einwilligung „${kind}“ widerrufen. Dieser Inhalt darf nicht mehr verwendet werden.`,
  approvalConsentWithdrawn:
    'Diese Freigabeanfrage ist aufgehoben: Sie haben Ihre Einwilligung widerrufen. Der Beitrag wird nicht veröffentlicht.',
  // Editors: the inbox and the takedown tasks
  inboxWithdrawn: 'Einwilligung widerrufen',
  withdrawnOn: (date: string) => `widerrufen am ${date}`,
  takedownsTitle: 'Zu entfernen',
  takedownLine: (channel: string, due: string) => `${channel} – bis ${due}`,
  takedownMarkDone: 'Als entfernt markieren',
  takedownDoneBy: (email: string, date: string) => `Entfernt von ${email} am ${date}`,
  takedownMailSubject: (id: number) => `Widerruf: Veröffentlichung von Content-ID ${id} entfernen`,
  takedownMailText: (id: number, lines: string[], link: string) =>
    `Guten Tag,\n\ndie Person hinter Content-ID ${id} hat eine Einwilligung widerrufen. Bitte entfernen Sie diese Veröffentlichungen:\n\n${lines.join('\n')}\n\nZur Einsendung: ${link}\n`,
  erasuresTitle: 'Löschanträge',
  erasureDue: (date: string) => `Frist: ${date}`,
  erasureKeepLabel: 'Gesetzlicher Grund, etwas aufzubewahren',
  erasureKeep: 'Grund speichern',
  erasureConfirmNow: 'Jetzt löschen',
  erasureMailSubject: 'Löschantrag eingegangen',
  erasureMailText: (due: string, link: string) =>
    `Guten Tag,\n\neine Person hat die Löschung ihrer Daten beantragt. Frist: ${due}. Ohne Antwort wird sie dann ausgeführt.\n\n${link}\n`,
  keepReasonRequired: 'Bitte nennen Sie den gesetzlichen Grund.',
  erasureNotOpen: 'Dieser Löschantrag ist nicht mehr offen.',
  retentionMailSubject: (n: number) => `${n} ungenutzte Einsendung(en) werden gelöscht`,
  retentionMailText: (ids: number[], days: number, link: string) =>
    `Guten Tag,\n\ndiese Einsendungen wurden in der Aufbewahrungsfrist nicht verwendet und werden in ${days} Tagen gelöscht: ${ids.join(', ')}.\nWer sie braucht, ändert ihren Status oder verwendet sie.\n\n${link}\n`,
  takedownMailLine: (channel: string, url: string, due: string) => `${channel}: ${url} (entfernen bis ${due})`,
  // Admin: consent texts, retention, record of processing (on /admin/bereiche)
  textsTitle: 'Einwilligungstexte',
  textsIntro: 'Jede Änderung wird eine neue Fassung; frühere Fassungen bleiben mit ihren Daten erhalten.',
  textKindLabel: 'Einwilligung',
  textLabel: 'Neuer Wortlaut',
  textSave: 'Als neue Fassung speichern',
  textSaved: 'Neue Fassung gespeichert',
  versionLine: (version: number, from: string, until: string | null) =>
    until ? `Fassung ${version}: ${from} bis ${until}` : `Fassung ${version}: seit ${from} (aktuell)`,
  retentionTitle: 'Aufbewahrung',
  retentionLabel: 'Ungenutzte Einsendungen löschen nach (Monaten)',
  retentionSave: 'Aufbewahrungsfrist speichern',
  retentionDue: (n: number) => (n === 0 ? 'Derzeit ist nichts fällig.' : `${n} Einsendung(en) sind fällig.`),
  retentionDueLine: (id: number, last: string, warned: string | null) =>
    `Content-ID ${id}, zuletzt verwendet ${last}${warned ? `, angekündigt ${warned}` : ''}`,
  processingExport: 'Verzeichnis von Verarbeitungstätigkeiten (Entwurf) herunterladen',
  ownPageLink: 'Meine Beiträge und Einwilligungen',
  /** The thank-you page after a contact form sent without an account: the own page's link to keep. */
  thankYouOwnPage:
    'Auf Ihrer persönlichen Seite sehen Sie, was aus Ihrem Beitrag wird, und können Einwilligungen widerrufen. Bewahren Sie diesen Link auf – er führt nur zu diesem Beitrag:',
  ownPageMailSent: 'Wir haben Ihnen einen Link zu Ihrer persönlichen Seite geschickt.',
  ownPageSend: 'Link zu meiner persönlichen Seite senden',
  ownPageMailSubject: (tenant: string) => `Ihre Beiträge bei ${tenant}`,
  ownPageMailText: (name: string, link: string) =>
    `Guten Tag ${name},\n\nauf Ihrer persönlichen Seite sehen Sie, was Sie uns gegeben haben und was daraus geworden ist. Dort können Sie Einwilligungen widerrufen, Ihre Daten herunterladen oder ihre Löschung beantragen:\n\n${link}\n`,
  ownPageMailLine: (link: string) => `Ihre Beiträge und Einwilligungen: ${link}`,
} as const;
