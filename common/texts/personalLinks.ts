/** Personal links (/e/<code>): one person's way in without an account (issue 40). */
export const personalLinks = {
  unknown: 'Dieser persönliche Link ist nicht bekannt. Bitte prüfen Sie, ob er vollständig übernommen wurde.',
  tooManyMisses:
    'Von diesem Anschluss wurden zu viele unbekannte Links geöffnet. Bitte versuchen Sie es in einer Stunde erneut.',
  expiredTitle: 'Dieser Link ist nicht mehr gültig',
  expired:
    'Die Frist für diesen persönlichen Link ist abgelaufen. Es können keine Beiträge mehr darüber gesendet werden.',
  expiredContact: 'Wenn Sie noch etwas beitragen möchten, wenden Sie sich bitte an das Team:',
  greeting: (firstName: string) => `Guten Tag, ${firstName}!`,
  loading: 'Ihr persönlicher Link wird geöffnet …',
  notForYou: 'Nicht Sie? Dann schließen Sie diese Seite bitte; der Link gehört einer anderen Person.',
} as const;
