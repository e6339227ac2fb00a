/** Texts of the voice-messages capability: recorder and transcript editing. */
export const voiceMessages = {
  tooManyRecordings:
    'Sie haben in der letzten Stunde sehr viele Sprachnachrichten gesendet. Bitte versuchen Sie es später erneut.',
  tooManyTranscriptions:
    'Sie haben in der letzten Stunde sehr viele Transkriptionen angefordert. Bitte versuchen Sie es später erneut.',
  // /voice-message
  voiceTitle: 'Sprachnachricht aufnehmen',
  voiceIntro:
    'Erzählen Sie uns in Ihrer Sprachnachricht, worum es in Ihrem Beitrag gehen soll. Sie können bis zu 5 Minuten sprechen.',
  start: 'Aufnahme starten',
  stop: 'Aufnahme beenden',
  play: 'Abspielen',
  pause: 'Pause',
  reset: 'Zurücksetzen',
  next: 'Weiter',
  back: 'Zurück',
  recording: 'Aufnahme läuft',
  recorded: 'Aufnahme bereit',
  idle: 'Bereit zur Aufnahme',
  autoStopped: 'Die maximale Aufnahmedauer von 5 Minuten wurde erreicht. Die Aufnahme wurde beendet.',
  recordingErrorTitle: 'Aufnahmefehler',
  notSupported:
    'Ihr Browser unterstützt keine Audioaufnahme. Bitte verwenden Sie einen aktuellen Browser wie Chrome, Firefox, Edge oder Safari.',
  micDenied:
    'Mikrofon-Zugriff wurde verweigert. Bitte erlauben Sie den Zugriff auf das Mikrofon in den Einstellungen Ihres Browsers und versuchen Sie es erneut.',
  noMic: 'Kein Mikrofon gefunden. Bitte schließen Sie ein Mikrofon an und versuchen Sie es erneut.',
  micFailed: 'Auf das Mikrofon konnte nicht zugegriffen werden. Bitte versuchen Sie es erneut.',
  recorderFailed: 'Bei der Aufnahme ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  noRecordingTitle: 'Keine Aufnahme vorhanden',
  noRecording: 'Bitte nehmen Sie zuerst eine Sprachnachricht auf.',
  uploading: 'Aufnahme wird hochgeladen...',
  queued: 'Die Transkription startet gleich...',
  transcribing: 'Ihre Aufnahme wird transkribiert...',
  transcriptionErrorTitle: 'Transkriptionsfehler',
  transcriptionErrorAlert: 'Fehler bei der Transkription',
  noTranscriptReceived: 'Keine Transkription erhalten',
  transcriptionFailed: 'Die Aufnahme konnte nicht transkribiert werden.',
  audioKept: 'Ihre Aufnahme ist gespeichert. Sie können den Text selbst eingeben.',
  /** Back on the voice message (after "Zurück"): the recording sent earlier is kept. */
  keptTitle: 'Ihre Aufnahme ist gespeichert',
  keptOnServer: 'Sie ist bei uns angekommen. Sie können sie anhören, mit dem Text weitermachen oder neu aufnehmen.',
  keptOnDevice:
    'Sie ist auf diesem Gerät gespeichert und wird gesendet, sobald die Verbindung besteht. Sie können sie anhören, mit dem Text weitermachen oder neu aufnehmen.',
  keptPlayer: 'Gespeicherte Aufnahme',
  continueWithText: 'Weiter zum Text',
  recordAgain: 'Neu aufnehmen',
  noTranscriber:
    'Auf diesem Server ist keine automatische Transkription eingerichtet. Ihre Aufnahme ist gespeichert; bitte geben Sie den Text Ihrer Nachricht selbst ein.',
  offline:
    'Ohne Verbindung zum Server kann die Aufnahme nicht transkribiert werden. Bitte geben Sie den Text Ihrer Nachricht selbst ein.',
  typeYourself: 'Text selbst eingeben',
  retry: 'Erneut versuchen',
  uploadFailed: 'Die Aufnahme konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.',
  notAudio: 'Die Datei ist keine unterstützte Audioaufnahme (WebM, Ogg, MP4, MP3 oder WAV).',
  tooLarge: 'Die Aufnahme ist zu groß.',
  tooLong: (minutes: number) =>
    `Die Sprachnachricht ist länger als ${minutes} Minuten und wurde nicht angenommen. Erlaubt sind höchstens ${minutes} Minuten.`,
  jobNotFound: 'Die Transkription wurde nicht gefunden.',

  // /transcript-edit
  editTitle: 'Transkript bearbeiten',
  editIntro: 'Prüfen Sie den Text und korrigieren Sie Namen oder Fachbegriffe, bevor es weitergeht.',
  contentId: 'Content-ID',
  transcriptLabel: 'Transkript',
  yourRecording: 'Ihre Aufnahme',
  continueToImages: 'Weiter zum Bild-Upload',
  saveAndContinue: 'Speichern und weiter',
  saving: 'Wird gespeichert...',
  noTranscription: 'Keine Transkription vorhanden',
  noTranscriptFound: 'Kein Transkript gefunden. Bitte versuchen Sie es erneut.',
  saveWarningTitle: 'Speicherwarnung',
  saveWarning: 'Das Transkript konnte nicht vollständig gespeichert werden.',
  submitErrorTitle: 'Fehler beim Absenden',
  saveErrorTitle: 'Speicherfehler',
  noContentIdTitle: 'Keine Content-ID',
  noContentId: 'Das Transkript kann ohne Content-ID nicht gespeichert werden.',
  savedLocally: 'Das Transkript wurde lokal im Browser gespeichert.',
  transcriptSavedTitle: 'Transkript gespeichert',
  saveProblem: 'Es gab ein Problem beim Speichern des Transkripts.',
} as const;
