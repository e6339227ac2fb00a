import { uploads } from './uploads';

/** Texts of the finish capability: image descriptions, contact forms, contact information, thank-you pages, consents. */
export const finish = {
  // Image description choice and the W-questions
  descriptionTitle: 'Wie möchten Sie Ihr Bild beschreiben?',
  descriptionIntro:
    'Damit wir aus Ihrem Bild oder Video einen guten Beitrag machen können, brauchen wir ein paar Informationen dazu.',
  describeByText: 'Per Text beschreiben',
  describeByTextHint: 'Beantworten Sie die W-Fragen: Wer, Was, Wann, Wo, Warum.',
  describeByInterview: 'Kurzes Sprachinterview',
  describeByInterviewHint:
    'Erzählen Sie unserem KI-Assistenten in einem kurzen Gespräch, was auf dem Bild zu sehen ist.',
  wQuestions: {
    who: { label: 'Wer', hint: 'Wer ist auf dem Bild oder Video zu sehen?' },
    what: { label: 'Was', hint: 'Was passiert oder was ist zu sehen?' },
    when: { label: 'Wann', hint: 'Wann ist das Bild oder Video entstanden?' },
    where: { label: 'Wo', hint: 'Wo ist es entstanden?' },
    why: { label: 'Warum', hint: 'Warum ist es interessant oder wichtig?' },
  },
  wIncompleteTitle: 'Unvollständige Beschreibung',
  /** At the one field whose answer is missing or too short. */
  wAnswerMissing: (question: string) => `Bitte beantworten Sie „${question}“ mit mindestens 2 Zeichen.`,
  wIncomplete: 'Bitte beantworten Sie alle W-Fragen mit mindestens 2 Zeichen.',
  wTooLong: 'Eine Antwort darf höchstens 2000 Zeichen lang sein.',
  wSubmit: 'Beschreibung absenden',
  wSubmitting: 'Wird gespeichert...',
  wSavedTitle: 'Erfolg',
  wSaved: 'Bildbeschreibungen wurden gespeichert.',
  wSaveFailed: 'Die Bildbeschreibungen konnten nicht gespeichert werden.',
  wSavedLocally: 'Bildbeschreibungen wurden lokal gespeichert (Testmodus).',
  chooseOtherMethod: 'Andere Methode wählen',

  // Contact form on the thank-you pages
  contactTitle: 'Kontaktdaten hinterlassen',
  contactIntro:
    'Hinterlassen Sie Ihre Kontaktdaten, damit wir Ihnen den fertigen Beitrag zur Prüfung und zur privaten Nutzung zusenden können.',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  contactSubmit: 'Kontaktdaten senden',
  contactSubmitting: 'Wird gesendet...',
  firstNameRequired: 'Vorname ist erforderlich',
  lastNameRequired: 'Nachname ist erforderlich',
  emailInvalid: 'Gültige E-Mail-Adresse erforderlich',
  bankFirstNameMin: 'Vorname muss mindestens 2 Zeichen haben',
  bankLastNameMin: 'Nachname muss mindestens 2 Zeichen haben',
  bankEmailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  fieldTooLong: 'Die Eingabe ist zu lang.',
  contactSavedTitle: 'Erfolgreich',
  /** After the contact details are saved: the way on (the page no longer leaves by itself). */
  finishedLink: 'Fertig – zur Startseite',
  contactSaved: 'Ihre Kontaktdaten wurden gespeichert. Wir werden Sie kontaktieren.',
  contactSavedLocally: 'Ihre Kontaktdaten wurden lokal gespeichert (Testmodus).',
  contactSaveFailed: 'Die Kontaktdaten konnten nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
  contactIdMissing:
    'Content-ID fehlt. Kontaktdaten können nicht gespeichert werden. Bitte starten Sie den Prozess erneut.',
  unexpectedError: 'Es ist ein unerwarteter Fehler aufgetreten.',

  // What a person agrees to; stored word for word with the submission (table consents).
  consent: {
    contact:
      'Mit dem Absenden willige ich ein, dass meine Kontaktdaten gespeichert und verwendet werden, um mich zu meinem Beitrag zu kontaktieren und mir den fertigen Inhalt zur Prüfung und privaten Nutzung zuzusenden.',
    /** The upload pages' photo rights checkbox: one wording, shown there and stored here. */
    photo_rights: uploads.rightsLabel,
    /** Optional on the thank-you form: without it, nothing made from the submission is published. */
    publication:
      'Ich bin einverstanden, dass mein Beitrag – Text, Fotos, Ton- und Videoaufnahmen – nach meiner Freigabe veröffentlicht wird.',
    naming: 'Mein Name und meine Funktion dürfen dabei genannt werden.',
  },
  roleLabel: 'Funktion (optional)',
  roleHint: 'z. B. Ingenieurin, Auszubildender, Teamleiterin',
  consentUnknown: 'Diese Einwilligung ist nicht bekannt.',
  /** A page showed a wording the tenant has since replaced (409): agreeing needs the words now in force. */
  consentStale:
    'Der Text dieser Einwilligung wurde inzwischen geändert. Bitte laden Sie die Seite neu und lesen Sie den neuen Text, bevor Sie zustimmen.',

  // Contact information for the post (association and bank)
  postContactTitle: 'Kontaktinformationen für den Beitrag',
  postContactIntro:
    'Optional: Soll im Beitrag eine E-Mail-Adresse oder ein Link genannt werden? Beschreiben Sie kurz, wofür.',
  postEmail: 'E-Mail-Adresse für den Beitrag',
  postLink: 'Link für den Beitrag',
  postDescription: 'Beschreibung',
  postDescriptionHint: 'Wofür steht die E-Mail-Adresse oder der Link?',
  postSkip: 'Überspringen',
  postSubmit: 'Speichern und weiter',
  postSubmitting: 'Wird gespeichert...',
  postDescriptionRequiredTitle: 'Beschreibung erforderlich',
  postDescriptionRequired: {
    standard: 'Bitte geben Sie eine Beschreibung ein, wenn Sie E-Mail oder Link angeben.',
    bank: 'Bitte geben Sie eine Beschreibung an, wenn Sie E-Mail oder Link eingeben.',
  },
  postLinkInvalid: 'Bitte geben Sie einen gültigen Link ein (beginnend mit http:// oder https://).',
  postSavedTitle: 'Erfolgreich gespeichert',
  postSaved: 'Die Kontaktinformationen wurden gespeichert.',
  postSaveFailedTitle: 'Fehler beim Speichern',
  postSaveFailed: 'Die Kontaktinformationen konnten nicht gespeichert werden.',
  postSaveProblem: 'Es gab ein Problem beim Speichern der Kontaktinformationen.',
  noInterviewIdTitle: 'Fehler',
  noInterviewId: 'Keine Interview-ID gefunden.',

  // Thank-you pages
  thankYouTitle: 'Vielen Dank!',
  thankYouIntro: 'Ihre Inhalte wurden erfolgreich übermittelt.',
  /** The thank-you page when nothing was sent yet (skipped): no claim of a transmission. */
  nothingSentIntro:
    'Es wurden noch keine Inhalte übermittelt. Sie können uns hier Ihre Kontaktdaten hinterlassen; wir melden uns bei Ihnen.',
  /** The thank-you page under a local id while something still waits on the device (no claim of a transmission). */
  waitingIntro:
    'Ihre Inhalte sind auf diesem Gerät gespeichert und werden gesendet, sobald die Verbindung wieder besteht. Bitte öffnen Sie die App dann noch einmal oder lassen Sie diese Seite geöffnet.',
  waitingTitle: 'Noch auf diesem Gerät',
  waitingStates: {
    waiting: 'wartet auf die Verbindung',
    sending: 'wird gesendet',
    sent: 'angekommen',
    refused: 'nicht angenommen',
  },
  /** The texts (consents, description, contact) wait with the files. */
  waitingTexts: 'Ihre Angaben und Einwilligungen',
  localIdLabel: 'Lokale ID',
  showFullId: 'Ganze ID anzeigen',
  hideFullId: 'ID kürzen',
  bankThankYouTitle: 'Vielen Dank für Ihren Beitrag!',
  bankThankYouIntro: 'Ihre Inhalte sind bei unserem Social-Media-Team angekommen.',
  contentIdLabel: 'Content-ID',
  noContentIdHint: 'Hinweis: Keine Content-ID gefunden',
  noContentIdAdvice: 'Bitte kehren Sie zur Upload-Seite zurück und starten Sie den Vorgang erneut.',
  backToUpload: 'Zur Upload-Seite',
  summaryTitle: 'Zusammenfassung',
  summaryType: 'Typ',
  summaryTranscript: 'Transkript',
  summaryImages: 'Bilder',
  transcriptPresent: 'Vorhanden',
  transcriptAbsent: 'Nicht vorhanden',
  kindLabels: {
    interview: 'Interview / Sprachnachricht',
    voice: 'Interview / Sprachnachricht',
    upload: 'Medien-Upload',
    description: 'Bildbeschreibung',
    document: 'Dokument',
    video: 'Videoantwort',
  },
  filesTitle: 'Hochgeladene Dateien',
  noFiles: 'Keine Dateien hochgeladen.',
  transcriptTitle: 'Transkript',
  moreChars: (n: number) => `${n} ${n === 1 ? 'weiteres' : 'weitere'} Zeichen`,
  showFullTranscript: 'Vollständiges Transkript anzeigen',
  showLess: 'Weniger anzeigen',
  nextStepsTitle: 'Wie geht es weiter?',
  nextSteps: [
    'Unser Social-Media-Team sichtet Ihre Inhalte.',
    'Wir erstellen daraus einen Beitrag für unsere Kanäle.',
    'Wenn Sie Kontaktdaten hinterlassen, erhalten Sie den fertigen Beitrag vorab zur Prüfung.',
  ],
  bankNextSteps: [
    'Unser Social-Media-Team sichtet Ihre Inhalte.',
    'Wir erstellen daraus einen Beitrag für die Kanäle der Bank.',
    'Wenn Sie Kontaktdaten hinterlassen, erhalten Sie den fertigen Beitrag vorab zur Prüfung.',
  ],
  newContent: 'Neuen Content erstellen',
  backToDashboard: (name: string) => `Zurück zum Dashboard ${name}`,
  loadingInfo: 'Lade Informationen...',

  // Drafts kept under a local id, sent when the server answers again
  draftsSentTitle: 'Verbindung wiederhergestellt',
  draftsSent: (n: number) => `${n} lokal gespeicherte(r) Inhalt(e) wurde(n) an den Server übertragen.`,
  draftFileRefused: (file: string, reason: string) =>
    `${file} aus dem lokalen Entwurf wurde vom Server nicht angenommen: ${reason}`,
  draftRecordingName: 'Die Sprachnachricht',
  recordingNotKept:
    'Der Browser hat keinen Platz, um die Aufnahme bis zur nächsten Verbindung zu speichern. Bitte geben Sie den Text selbst ein; die Aufnahme geht beim Verlassen der Seite verloren.',
} as const;
