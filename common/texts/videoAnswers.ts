/** Texts of the video answer: questions shown one at a time, a clip per question, recorded in the browser. */
export const videoAnswers = {
  title: 'Video aufnehmen',
  intro:
    'Beantworten Sie ein paar Fragen vor der Kamera, eine nach der anderen. Jede Antwort wird gesendet, während Sie die nächste aufnehmen.',
  card: { title: 'Video aufnehmen', text: 'Beantworten Sie Fragen vor der Kamera, eine nach der anderen.' },
  back: 'Zurück',
  chooseTopic: 'Worüber möchten Sie sprechen?',
  introQuestion: 'Stellen Sie sich bitte kurz vor: Wer sind Sie, und woran arbeiten Sie?',

  // consent and start
  consentTitle: 'Bevor es losgeht',
  consentText: (seconds: number) =>
    `Sie sehen jeweils eine Frage und antworten darauf in höchstens ${seconds} Sekunden. Jede Antwort können Sie sich vor dem Senden ansehen und neu aufnehmen; eine Frage können Sie auch überspringen.`,
  consentLabel:
    'Ich bin damit einverstanden, dass meine Videoaufnahmen mit Bild und Stimme für Beiträge in sozialen Medien verwendet werden dürfen.',
  consentRequired: 'Bitte bestätigen Sie Ihr Einverständnis, bevor Sie aufnehmen.',
  startCamera: 'Kamera einschalten',

  // recording
  questionOf: (n: number, total: number) => `Frage ${n} von ${total}`,
  cameraPreview: 'Kameravorschau',
  frontCamera: 'Frontkamera',
  rearCamera: 'Rückkamera',
  switchCamera: 'Kamera wechseln',
  portrait: 'Hochformat',
  landscape: 'Querformat',
  record: 'Aufnahme starten',
  stop: 'Aufnahme beenden',
  countdown: (n: number) => `Die Aufnahme beginnt in ${n}`,
  recording: 'Aufnahme läuft',
  remaining: (clock: string) => `Noch ${clock}`,
  maxLength: (clock: string) => `Höchstens ${clock}`,
  autoStopped: (seconds: number) =>
    `Die höchste Länge von ${seconds} Sekunden ist erreicht. Die Aufnahme wurde beendet.`,
  reviewTitle: 'Ihre Antwort',
  reviewHint: 'Sehen Sie sich Ihre Antwort an. Sie können sie neu aufnehmen oder senden.',
  retake: 'Neu aufnehmen',
  send: 'Antwort senden',
  skip: 'Frage überspringen',
  resumed: (n: number) => `Willkommen zurück. Es geht mit Frage ${n} weiter.`,

  // transfer
  transferTitle: 'Ihre Antworten',
  clipStates: {
    waiting: 'wartet auf Übertragung',
    uploading: (percent: number) => `wird gesendet (${percent} %)`,
    sent: 'gesendet',
    retrying: 'Verbindung unterbrochen, wird erneut versucht',
    refused: 'nicht angenommen',
    skipped: 'übersprungen',
  },
  keptOnDevice:
    'Noch nicht gesendete Antworten bleiben auf diesem Gerät gespeichert und werden gesendet, sobald die Verbindung wieder steht.',
  doneTitle: 'Alle Fragen beantwortet',
  doneWaiting: 'Ihre Antworten werden noch übertragen. Bitte lassen Sie diese Seite geöffnet.',
  doneSent: 'Alle Antworten sind angekommen. Vielen Dank!',
  finish: 'Weiter',
  noAnswers: 'Sie haben noch keine Frage beantwortet. Bitte nehmen Sie mindestens eine Antwort auf.',
  startOver: 'Von vorn beginnen',

  // errors
  /** The page was reloaded (or closed) while a clip was being recorded: that clip is lost. */
  lostOnReload: (question: number, seconds: number) =>
    `Die Aufnahme zu Frage ${question} (etwa ${seconds} ${seconds === 1 ? 'Sekunde' : 'Sekunden'}) wurde durch das Neuladen der Seite unterbrochen und ist nicht erhalten. Bitte nehmen Sie diese Antwort erneut auf.`,
  errorTitle: 'Aufnahmefehler',
  notSupported:
    'Ihr Browser kann keine Videos aufnehmen. Bitte verwenden Sie einen aktuellen Browser wie Chrome, Firefox, Edge oder Safari.',
  cameraDenied:
    'Der Zugriff auf Kamera und Mikrofon wurde verweigert. Bitte erlauben Sie ihn in den Einstellungen Ihres Browsers und versuchen Sie es erneut.',
  noCamera: 'Keine Kamera gefunden. Bitte schließen Sie eine Kamera an und versuchen Sie es erneut.',
  cameraFailed: 'Auf die Kamera konnte nicht zugegriffen werden. Bitte versuchen Sie es erneut.',
  recorderFailed: 'Bei der Aufnahme ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  notKept:
    'Die Aufnahme konnte auf diesem Gerät nicht zwischengespeichert werden. Bitte lassen Sie die Seite geöffnet, bis sie gesendet ist.',
  notStored:
    'Die Aufnahme konnte auf diesem Gerät nicht gespeichert werden, und der Server ist gerade nicht erreichbar. Bitte geben Sie Speicherplatz frei und nehmen Sie die Antwort erneut auf.',
  doneKept:
    'Ihre Antworten sind auf diesem Gerät gespeichert und werden gesendet, sobald der Server erreichbar ist. Sie können weitermachen.',

  // server
  notOffered: 'Dieser Bereich bietet keine Videoantworten an.',
  /** The video answer page of a tenant that does not offer it (a saved link, or switched off meanwhile). */
  notOfferedIntro:
    'Dieser Bereich bietet keine Videoantworten an. Sie können Ihre Inhalte auf einem dieser Wege bereitstellen:',
  questionInvalid: 'Zu dieser Frage kann keine Videoantwort gesendet werden.',
  tooLongTitle: 'Antwort zu lang',
  tooLong: (maxSeconds: number) =>
    `Diese Antwort ist länger als die erlaubten ${maxSeconds} Sekunden und wurde nicht angenommen. Bitte nehmen Sie sie kürzer neu auf.`,
  minutesAddress:
    'Von diesem Anschluss wurden in der letzten Stunde schon viele Minuten Video aufgenommen. Bitte versuchen Sie es später erneut.',
  minutesTotal:
    'In der letzten Stunde wurden über den öffentlichen Link sehr viele Minuten Video aufgenommen. Bitte versuchen Sie es später erneut.',

  // inbox
  inboxQuestion: (n: number) => `Antwort auf Frage ${n}`,
  inboxDuration: (clock: string) => `Länge ${clock}`,
  inboxOverLong: (clock: string) => `Länger als erlaubt (höchstens ${clock})`,
  inboxNoVideo: 'Die Datei enthält kein lesbares Video.',

  // /admin/bereiche
  fieldMaxSeconds: 'Videoantwort: höchste Länge je Frage (Sekunden)',
  maxSecondsInvalid: (min: number, max: number) => `Bitte geben Sie eine Länge zwischen ${min} und ${max} Sekunden an.`,
} as const;
