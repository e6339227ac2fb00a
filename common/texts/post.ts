/** Texts of the post capability: drafts, the contributor's approval, publication, notifications. */
export const post = {
  // Section on the inbox detail page
  section: 'Beitrag',
  channelLabel: 'Kanal',
  /** A channel tab with a saved version (beside its dot). */
  channelHasSaved: 'Entwurf gespeichert',
  channels: {
    linkedin: 'LinkedIn',
    instagram: 'Instagram',
    facebook: 'Facebook',
    x: 'X',
    website: 'Website',
  } as Record<string, string>,
  bodyLabel: 'Beitragstext',
  count: (n: number, limit: number | null) =>
    limit
      ? `${n.toLocaleString('de-DE')} / ${limit.toLocaleString('de-DE')} Zeichen`
      : `${n.toLocaleString('de-DE')} Zeichen`,
  overLimit: (limit: number) =>
    `Der Text ist länger als ${limit.toLocaleString('de-DE')} Zeichen, die dieser Kanal erlaubt.`,
  preview: 'Vorschau',
  previewEmpty: 'Noch kein Text.',
  imagesTitle: 'Bilder',
  mediaTitle: 'Bilder, Clips und Karten im Beitrag',
  mediaHint: 'In dieser Reihenfolge erscheinen sie im Beitrag, auf der Freigabeseite und bei der Veröffentlichung.',
  noMedia: 'Noch keine Bilder, Clips oder Karten im Beitrag.',
  photoKind: 'Bild',
  noImages: 'Diese Einsendung enthält keine Fotos.',
  pickImage: 'Bild verwenden',
  altLabel: 'Alternativtext',
  altMissing: 'Bitte geben Sie für jedes gewählte Bild einen Alternativtext ein.',
  moveUp: 'Nach vorne',
  moveDown: 'Nach hinten',
  removeImage: 'Entfernen',
  save: 'Entwurf speichern',
  saved: 'Entwurf gespeichert',
  savedText: (n: number) => `Version ${n} ist gespeichert.`,
  bodyEmpty: 'Bitte schreiben Sie einen Beitragstext.',
  unknownImage: 'Dieses Bild gehört nicht zu der Einsendung.',
  versionsTitle: 'Versionen',
  noVersions: 'Noch keine gespeicherte Version.',
  version: (n: number) => `Version ${n}`,
  versionBy: (email: string, at: string) => `${email} · ${at}`,
  viewVersion: 'Ansehen',
  restoreVersion: 'Wiederherstellen',
  restored: (n: number) =>
    `Version ${n} ist in das Textfeld übernommen. Speichern Sie, um sie als neue Version zu sichern.`,
  sourceLabels: {
    editor: '',
    model: 'KI-Entwurf',
    template: 'Vorlage',
    restore: 'wiederhergestellt',
    content: 'Inhalt neu erstellt',
  } as Record<string, string>,
  // Drafting
  suggest: 'Entwurf vorschlagen',
  suggesting: 'Entwurf wird erstellt …',
  templateLabel: 'Vorlage aus dem Material (keine KI)',
  modelLabel: 'Entwurf des Sprachmodells – bitte prüfen',
  sourcesTitle: 'Verwendete Stellen aus dem Transkript',
  noSources: 'Keine Stelle des Transkripts wurde erkannt.',
  modelTimeout: 'Das Sprachmodell hat nicht rechtzeitig geantwortet. Ihr Text bleibt unverändert.',
  modelFailed: 'Das Sprachmodell ist nicht erreichbar. Ihr Text bleibt unverändert.',
  noMaterial:
    'Die Einsendung enthält noch kein Material (Transkript oder W-Fragen), aus dem ein Entwurf entstehen könnte.',
  // Approval
  approvalTitle: 'Freigabe',
  sendForApproval: 'Zur Freigabe senden',
  sentForApproval: 'Zur Freigabe gesendet',
  sentForApprovalText: (email: string) => `Der Link ging an ${email}.`,
  noContributorEmail:
    'Zur Freigabe senden ist nur möglich, wenn die Person im Kontaktformular eine E-Mail-Adresse hinterlassen hat.',
  saveFirst: 'Bitte speichern Sie zuerst einen Entwurf.',
  withdraw: 'Freigabe zurückziehen',
  withdrawn: 'Freigabeanfrage zurückgezogen',
  states: { pending: 'Freigabe ausstehend', approved: 'Freigegeben', changes: 'Änderung gewünscht' } as Record<
    string,
    string
  >,
  // How the inbox list and the section's summary show an open link past its expiry and an approval the text has left behind
  listStates: { expired: 'Freigabe abgelaufen', outdated: 'Freigabe veraltet' } as Record<string, string>,
  outdated: 'Veraltet: Der Text wurde nach der Entscheidung geändert.',
  pendingOutdated: 'Der Text wurde nach dem Senden geändert; die Person sieht noch die gesendete Version.',
  expired: 'Abgelaufen',
  expiresAt: (at: string) => `gültig bis ${at}`,
  decidedAt: (at: string, n: number) => `am ${at} zu Version ${n}`,
  changeComment: 'Kommentar',
  filterApproval: 'Freigabe',
  // Public approval page
  publicTitle: 'Ihr Beitrag zur Freigabe',
  // The ZIP export: one file per post
  zipPostName: (channel: string) => `beitrag-${channel}.txt`,
  zipPostText: (channel: string, version: number, body: string, media: { name: string; alt: string }[]) =>
    [
      `Beitrag für ${channel} (Fassung ${version})`,
      '',
      body,
      '',
      media.length ? 'Bilder, Clips und Karten in dieser Reihenfolge:' : 'Ohne Bilder, Clips und Karten.',
      ...media.map((m, i) => `${i + 1}. ${m.name} – ${m.alt}`),
      '',
    ].join('\n'),
  orderInvalid: 'Die Reihenfolge der Bilder, Clips und Karten ist nicht eindeutig.',
  /** `parts`: what the post holds, as approvalParts names them (the text always). */
  publicIntro: (tenant: string, channel: string, parts: string[]) =>
    `So wird Ihr Beitrag für ${tenant} auf ${channel} erscheinen. Bitte prüfen Sie ${
      parts.length > 1 ? `${parts.slice(0, -1).join(', ')} und ${parts.at(-1)}` : (parts[0] ?? 'den Text')
    }.`,
  /** What the contributor approves, by kind and count (one / several). */
  approvalParts: {
    text: ['den Text', 'den Text'],
    images: ['das Bild', 'die Bilder'],
    clip: ['den Clip', 'die Clips'],
    audiogram: ['das Audiogramm', 'die Audiogramme'],
    card: ['die Zitatkarte', 'die Zitatkarten'],
  } as Record<string, readonly [string, string]>,
  approve: 'Freigeben',
  requestChanges: 'Änderung wünschen',
  commentLabel: 'Was soll geändert werden?',
  commentMissing: 'Bitte beschreiben Sie kurz, was geändert werden soll.',
  sendChanges: 'Änderungswunsch senden',
  thanksApproved: 'Vielen Dank! Sie haben den Beitrag freigegeben.',
  thanksChanges: 'Vielen Dank! Ihr Änderungswunsch ist beim Team angekommen.',
  linkInvalid: 'Dieser Freigabe-Link ist ungültig.',
  approvalTooMany:
    'Diese Freigabe-Seite wurde in kurzer Zeit zu oft aufgerufen. Bitte warten Sie eine Minute und laden Sie die Seite dann neu.',
  linkExpired: 'Dieser Freigabe-Link ist abgelaufen. Bitte wenden Sie sich an das Social-Media-Team.',
  linkWithdrawn: 'Diese Freigabeanfrage wurde vom Team zurückgezogen.',
  alreadyDecided: 'Zu diesem Beitrag wurde bereits entschieden. Eine zweite Entscheidung ist nicht möglich.',
  // Publication
  publicationTitle: 'Veröffentlichung',
  publicationUrl: 'Adresse des veröffentlichten Beitrags',
  publicationUrlInvalid: 'Bitte geben Sie eine vollständige Adresse ein (https://…).',
  recordPublication: 'Veröffentlichung eintragen',
  publicationSaved: 'Veröffentlichung eingetragen',
  publicationSavedText: 'Die Einsendung ist jetzt „verwendet“.',
  publishedOn: (channel: string, at: string) => `${channel} · ${at}`,
  // Mails
  approvalMailSubject: (tenant: string) => `Ihr Beitrag für ${tenant}: bitte prüfen und freigeben`,
  approvalMailText: (name: string, tenant: string, channel: string, link: string, until: string) =>
    `Guten Tag${name ? ` ${name}` : ''},\n\nvielen Dank für Ihren Beitrag! Das Social-Media-Team von ${tenant} hat daraus einen Beitrag für ${channel} vorbereitet. Wie versprochen erhalten Sie ihn vorab zur Prüfung:\n\n${link}\n\nAuf der Seite können Sie den Beitrag freigeben oder eine Änderung wünschen. Der Link gilt bis ${until}.\n\nFreundliche Grüße\nIhr Social-Media-Team`,
  decisionMailSubject: (contentId: number, state: string) => `Content-ID ${contentId}: ${state}`,
  decisionMailText: (
    contentId: number,
    channel: string,
    state: string,
    version: number,
    comment: string | null,
    link: string,
  ) =>
    `Zum Beitrag (${channel}) der Content-ID ${contentId}, Version ${version}:\n\n${state}${comment ? `\n\nKommentar:\n${comment}` : ''}\n\n${link}`,
  publishedMailSubject: (tenant: string) => `Ihr Beitrag für ${tenant} ist veröffentlicht`,
  publishedMailText: (name: string, channel: string, url: string, body: string, images: string[]) =>
    `Guten Tag${name ? ` ${name}` : ''},\n\nIhr Beitrag ist auf ${channel} erschienen:\n${url}\n\nHier der endgültige Text und die Bilder für Ihre private Verwendung:\n\n${body}${images.length ? `\n\nBilder:\n${images.join('\n')}` : ''}\n\nVielen Dank für Ihre Unterstützung!\nIhr Social-Media-Team`,
  newSubmissionSubject: (contentId: number, tenant: string) => `Neue Einsendung ${contentId} (${tenant})`,
  newSubmissionText: (contentId: number, tenant: string, kind: string, link: string) =>
    `Eine neue Einsendung ist vollständig eingegangen.\n\nContent-ID ${contentId} · ${tenant} · ${kind}\n${link}`,
  digestSubject: (n: number, day: string) => `${n} neue Einsendung${n === 1 ? '' : 'en'} (${day})`,
  digestText: (lines: string[]) =>
    `Neue vollständige Einsendungen seit der letzten Zusammenfassung:\n\n${lines.join('\n')}`,
  // Account page
  accountTitle: 'Mein Konto',
  accountIntro: 'Ihre Beiträge, Ihre Einwilligungen und – für die Redaktion – Ihre Benachrichtigungen.',
  notifyTitle: 'Benachrichtigungen',
  notifyModes: {
    immediate: 'Sofort bei jeder neuen Einsendung',
    digest: 'Tägliche Zusammenfassung',
    none: 'Keine E-Mails',
  } as Record<string, string>,
  digestHour: 'Uhrzeit der Zusammenfassung',
  hourOption: (h: number) => `${String(h).padStart(2, '0')}:00 Uhr`,
  notifySave: 'Einstellung speichern',
  notifySaved: 'Einstellung gespeichert',
  navAccount: 'Mein Konto',
};
