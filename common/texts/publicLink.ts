/** The anonymous public link: its pages and the limits on what costs server time. */
export const publicLink = {
  limitTitle: 'Limit erreicht',
  interviewsBusyAddress:
    'Von diesem Anschluss läuft bereits ein Interview. Bitte beenden Sie es zuerst oder versuchen Sie es in einigen Minuten erneut.',
  interviewsBusyTotal:
    'Gerade führen sehr viele Menschen ein Interview. Bitte versuchen Sie es in einigen Minuten erneut.',
  audioMinutesAddress:
    'Von diesem Anschluss wurden in der letzten Stunde schon viele Minuten aufgenommen. Bitte versuchen Sie es später erneut.',
  audioMinutesTotal:
    'In der letzten Stunde wurden über den öffentlichen Link sehr viele Minuten aufgenommen. Bitte versuchen Sie es später erneut.',
  recordingsPerSubmission: (n: number) =>
    `Zu diesem Beitrag können höchstens ${n === 1 ? 'eine Sprachnachricht' : `${n} Sprachnachrichten`} gesendet werden.`,
  recordingsPerAddress:
    'Von diesem Anschluss wurden in der letzten Stunde schon viele Sprachnachrichten gesendet. Bitte versuchen Sie es später erneut.',
  transcriptionsPerSubmission: (n: number) =>
    `Zu diesem Beitrag können höchstens ${n === 1 ? 'eine Transkription' : `${n} Transkriptionen`} angefordert werden. Sie können den Text selbst eintippen.`,
  transcriptionsPerAddress:
    'Von diesem Anschluss wurden in der letzten Stunde schon viele Transkriptionen angefordert. Sie können den Text selbst eintippen.',
  uploadBytesAddress:
    'Von diesem Anschluss wurden in der letzten Stunde schon sehr viele Daten hochgeladen. Bitte versuchen Sie es später erneut.',
  uploadBytesTotal:
    'In der letzten Stunde wurden über den öffentlichen Link sehr viele Daten hochgeladen. Bitte versuchen Sie es später erneut.',
  uploadLengthRequired: 'Die Größe der Datei fehlt. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  linkClosed:
    'Dieser öffentliche Link ist nicht mehr freigeschaltet. Es können keine Beiträge mehr darüber gesendet werden.',
  proofRunning: 'Sicherheitsprüfung läuft im Hintergrund …',
  proofFailed: 'Die Sicherheitsprüfung ist fehlgeschlagen. Bitte laden Sie die Seite neu.',
  startTitle: 'Was möchten Sie einreichen?',
  cards: {
    interview: { title: 'Interview führen', text: 'Ein kurzes Gespräch mit unserem KI-Interviewer.' },
    voice: { title: 'Sprachnachricht senden', text: 'Sprechen Sie Ihre Geschichte ein, bis zu 5 Minuten.' },
    upload: { title: 'Medien hochladen', text: 'Fotos und Videos für Ihren Beitrag.' },
  },
} as const;
