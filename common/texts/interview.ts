/** Texts of the interview capability: pages, voice button, transcript panel and the built-in interviewer. */

type Plan = { opening: string; questions: readonly string[] };

const closing =
  'Vielen Dank für das Gespräch! Damit habe ich alles, was wir für einen guten Beitrag brauchen. Sie können das Transkript jetzt noch bearbeiten und Bilder hinzufügen.';

/** Interview plans of the built-in interviewer: open questions that draw out stories, facts, names and images. */
const engineerPlans: Record<'engineering-path' | 'behind-scenes' | 'tech-dive' | 'free-topic', Plan> = {
  'engineering-path': {
    opening:
      'Hallo und schön, dass Sie sich Zeit nehmen! Wir sprechen heute über Ihren Weg in den Ingenieurberuf. Erzählen Sie doch zum Einstieg: Wer sind Sie, und woran arbeiten Sie heute?',
    questions: [
      'Wann haben Sie zum ersten Mal gemerkt, dass Technik Sie fasziniert? Gab es einen bestimmten Moment oder einen Menschen, der das ausgelöst hat?',
      'Wie ging es dann weiter: Ausbildung, Studium, erste Stelle? Welche Station hat Sie am meisten geprägt, und warum?',
      'Erzählen Sie von einer Hürde auf diesem Weg. Was ist schiefgelaufen, und wie haben Sie sie gemeistert?',
      'Auf welches Projekt oder Ergebnis sind Sie besonders stolz? Beschreiben Sie es so, dass man es sich bildlich vorstellen kann.',
      'Was würden Sie jungen Menschen sagen, die überlegen, Ingenieurin oder Ingenieur zu werden?',
    ],
  },
  'behind-scenes': {
    opening:
      'Hallo und schön, dass Sie dabei sind! Heute geht es um einen Blick hinter die Kulissen. Stellen Sie sich bitte kurz vor: Wer sind Sie, und wo arbeiten Sie?',
    questions: [
      'Nehmen Sie uns mit durch einen typischen Arbeitstag: Wie beginnt er, und was passiert bis zum Feierabend?',
      'Was an Ihrer Arbeit sieht man von außen nicht? Was würde Außenstehende überraschen?',
      'Mit wem arbeiten Sie eng zusammen, und wie sieht diese Zusammenarbeit konkret aus?',
      'Erzählen Sie von einem Moment aus der letzten Zeit, der typisch für Ihre Arbeit war, ob lustig, stressig oder bewegend.',
      'Welcher Ort, welches Werkzeug oder welcher Gegenstand steht für Ihren Arbeitsalltag? Den könnten wir fotografieren.',
    ],
  },
  'tech-dive': {
    opening:
      'Hallo und willkommen zum Deep Dive Technik! Um welche Technik oder welches Projekt soll es heute gehen, und welche Rolle spielen Sie dabei?',
    questions: [
      'Welches Problem löst diese Technik? Erklären Sie es bitte so, dass es auch jemand ohne Fachwissen versteht.',
      'Wie funktioniert sie im Kern? Gibt es einen Vergleich aus dem Alltag, der das anschaulich macht?',
      'Was war die größte technische Herausforderung, und wie ist das Team sie angegangen?',
      'Welche Zahlen, Daten oder Ergebnisse zeigen, was Ihre Technik leistet?',
      'Wohin entwickelt sich das Thema in den nächsten Jahren, und was bedeutet das für die Menschen, die sie nutzen?',
    ],
  },
  'free-topic': {
    opening:
      'Hallo und schön, dass Sie da sind! Heute bestimmen Sie das Thema. Worüber möchten Sie sprechen, und warum liegt Ihnen das am Herzen?',
    questions: [
      'Wie sind Sie auf dieses Thema gestoßen? Erzählen Sie die Geschichte dahinter.',
      'Wer ist daran beteiligt? Nennen Sie gern Namen, Teams oder Organisationen.',
      'Gab es einen Wendepunkt oder ein Erlebnis, das Ihnen besonders in Erinnerung geblieben ist?',
      'Was soll jemand, der den Beitrag liest, am Ende mitnehmen?',
      'Welche Bilder, Orte oder Gegenstände würden Ihr Thema gut zeigen? Die könnten wir fotografieren.',
    ],
  },
};

const bankerPlans: typeof engineerPlans = {
  'engineering-path': {
    opening:
      'Hallo und schön, dass Sie sich Zeit nehmen! Wir sprechen heute über Ihren Weg in die Bank. Erzählen Sie zum Einstieg: Wer sind Sie, und was ist heute Ihre Aufgabe?',
    questions: [
      'Wie sind Sie zum Banking gekommen? Gab es einen Moment oder einen Menschen, der den Ausschlag gegeben hat?',
      'Welche Stationen lagen auf dem Weg: Ausbildung, Studium, Wechsel? Welche hat Sie am meisten geprägt?',
      'Erzählen Sie von einer schwierigen Situation im Beruf und wie Sie sie gelöst haben.',
      'Auf welchen Erfolg, mit Kundinnen und Kunden oder im Team, sind Sie besonders stolz?',
      'Was würden Sie jemandem raten, der überlegt, eine Laufbahn in der Bank einzuschlagen?',
    ],
  },
  'behind-scenes': {
    opening:
      'Hallo und schön, dass Sie dabei sind! Heute werfen wir einen Blick hinter die Kulissen Ihrer Bank. Stellen Sie sich kurz vor: Wer sind Sie, und in welchem Bereich arbeiten Sie?',
    questions: [
      'Wie sieht ein typischer Arbeitstag bei Ihnen aus, vom ersten Termin bis zum Feierabend?',
      'Was passiert in der Bank, das Kundinnen und Kunden nie zu sehen bekommen?',
      'Mit welchen Kolleginnen und Kollegen arbeiten Sie eng zusammen, und wie?',
      'Erzählen Sie von einem Erlebnis aus der letzten Zeit, das zeigt, wie Ihre Arbeit wirklich ist.',
      'Welcher Ort oder welcher Gegenstand steht für Ihren Arbeitsalltag? Den könnten wir fotografieren.',
    ],
  },
  'tech-dive': {
    opening:
      'Hallo und willkommen zum Deep Dive Banking! Welches Thema aus dem Banking möchten Sie heute erklären, und was haben Sie damit zu tun?',
    questions: [
      'Warum ist dieses Thema für Kundinnen und Kunden wichtig? Erklären Sie es bitte ohne Fachbegriffe.',
      'Wie funktioniert es im Kern? Gibt es ein Beispiel aus dem Alltag, das es greifbar macht?',
      'Welche Missverständnisse hören Sie dazu am häufigsten, und was stimmt wirklich?',
      'Welche Zahlen oder Fakten sollten Ihrer Meinung nach unbedingt in den Beitrag?',
      'Wie wird sich das Thema in den nächsten Jahren verändern?',
    ],
  },
  'free-topic': engineerPlans['free-topic'],
};

const generalPlan: Plan = {
  opening:
    'Hallo und schön, dass Sie sich Zeit nehmen! Erzählen Sie zum Einstieg: Wer sind Sie, und was möchten Sie heute mit uns teilen?',
  questions: [
    'Was ist der Anlass? Warum ist das gerade jetzt ein Thema?',
    'Wer ist beteiligt? Nennen Sie gern Namen, Teams oder Partner.',
    'Erzählen Sie von einem konkreten Erlebnis, das die Geschichte lebendig macht.',
    'Welche Zahlen, Daten oder Ergebnisse sollten Ihrer Meinung nach im Beitrag vorkommen?',
    'Was soll jemand, der den Beitrag sieht, am Ende mitnehmen?',
  ],
};

const imagePlan: Plan = {
  opening: 'Hallo! Ich stelle Ihnen ein paar kurze Fragen zu Ihrem Bild. Wer ist auf dem Bild zu sehen?',
  questions: [
    'Was passiert auf dem Bild? Beschreiben Sie die Situation.',
    'Wann wurde das Bild aufgenommen?',
    'Wo ist das Bild entstanden?',
    'Warum ist dieser Moment wichtig, was ist die Geschichte dahinter?',
  ],
};

type TopicKey = 'engineering-path' | 'behind-scenes' | 'tech-dive' | 'free-topic';

/** Category intros: what a topic is about, shown before the instructions where the tenant wants it. */
const categoryIntros: Record<'engineer' | 'banker', Record<TopicKey, readonly string[]>> = {
  engineer: {
    'engineering-path': [
      'In diesem Interview erzählen Sie, wie Sie Ingenieurin oder Ingenieur geworden sind: vom ersten Funken Begeisterung über Ausbildung und Studium bis zu Ihrer heutigen Aufgabe.',
      'Gefragt sind persönliche Stationen, Wendepunkte und Erfolge, die anderen Mut machen, den gleichen Weg zu gehen.',
    ],
    'behind-scenes': [
      'Hier zeigen Sie, was man von außen nicht sieht: Ihren Arbeitsalltag, Ihr Team und die Abläufe hinter den Kulissen.',
      'Erzählen Sie von typischen Momenten und überraschenden Details, die Ihren Beruf greifbar machen.',
    ],
    'tech-dive': [
      'Im Deep Dive erklären Sie eine Technik oder ein Projekt, das Sie begeistert, so, dass es auch Menschen ohne Fachwissen verstehen.',
      'Es geht um das Problem, die Lösung, die Herausforderungen und die Ergebnisse, die Ihre Technik leistet.',
    ],
    'free-topic': [
      'Sie bestimmen das Thema: ein Projekt, ein Erlebnis oder ein Anliegen, über das Sie gern sprechen möchten.',
      'Der Interviewer stellt Ihnen dazu offene Fragen und fragt nach Geschichten, Namen und Bildern.',
    ],
  },
  banker: {
    'engineering-path': [
      'In diesem Interview erzählen Sie, wie Sie zur Bank gekommen sind: von den ersten Berührungspunkten über Ausbildung oder Studium bis zu Ihrer heutigen Aufgabe.',
      'Gefragt sind persönliche Stationen, Wendepunkte und Erfolge, die anderen Lust auf eine Laufbahn im Banking machen.',
    ],
    'behind-scenes': [
      'Hier zeigen Sie, was Kundinnen und Kunden sonst nicht sehen: Ihren Arbeitsalltag, Ihr Team und die Abläufe hinter den Kulissen Ihrer Bank.',
      'Erzählen Sie von typischen Momenten und überraschenden Details aus Ihrem Berufsalltag.',
    ],
    'tech-dive': [
      'Im Deep Dive erklären Sie ein Thema aus dem Banking verständlich, zum Beispiel ein Produkt, einen Ablauf oder eine Entwicklung am Markt.',
      'Ziel ist ein Beitrag, den auch Menschen ohne Vorwissen verstehen, mit Beispielen, Zahlen und Fakten.',
    ],
    'free-topic': [
      'Sie bestimmen das Thema: ein Projekt, ein Erlebnis oder ein Anliegen aus Ihrer Bank, über das Sie gern sprechen möchten.',
      'Der Interviewer stellt Ihnen dazu offene Fragen und fragt nach Geschichten, Namen und Bildern.',
    ],
  },
};

export const interview = {
  // Category intro (before the instructions)
  categoryIntroTitle: 'Worum geht es?',
  categoryIntros,
  categoryIntroContinue: 'Weiter zu den Hinweisen',
  // Pages
  instructionsTitle: 'Hinweise für das Interview',
  instructionsIntro: 'Damit das Gespräch gut gelingt, beachten Sie bitte Folgendes:',
  instructions: [
    'Suchen Sie sich eine ruhige Umgebung ohne Hintergrundgeräusche.',
    'Sprechen Sie deutlich und in normalem Tempo.',
    'Verwenden Sie ein Headset oder Kopfhörer, damit kein Echo entsteht.',
    'Eine Kamera wird nicht benötigt, nur Ihr Mikrofon.',
    'Der Assistent kann Sie unterbrechen. Sprechen Sie dann einfach weiter.',
    'Namen und Fachbegriffe können Sie später im Transkript korrigieren.',
    'Halten Sie Ihr Smartphone während des Interviews entsperrt, damit die Verbindung nicht abbricht.',
  ],
  instructionsRead: 'Ich habe die Hinweise gelesen',
  readyTitle: 'Bereit für das Interview',
  readyIntro: 'Klicken Sie auf „Interview starten“ und erlauben Sie den Zugriff auf Ihr Mikrofon.',
  standaloneIntro:
    'Klicken Sie auf „Interview starten“, um das Gespräch zu beginnen. Verwenden Sie am besten ein Headset.',
  back: 'Zurück',
  // Voice button and connection
  start: 'Interview starten',
  preparing: 'Wird vorbereitet...',
  connecting: 'Verbinde...',
  retry: 'Erneut versuchen',
  stop: 'Interview beenden',
  repeat: 'Interview wiederholen',
  repeatConfirmTitle: 'Interview wirklich wiederholen?',
  repeatConfirmText:
    'Ein neues Interview beginnt. Ihr bisheriges Interview bleibt als frühere Fassung für die Redaktion erhalten.',
  repeatConfirm: 'Neues Interview starten',
  repeatKeep: 'Abbrechen',
  connectingLabel: 'Verbindungsaufbau',
  preloadRunning: 'Audioinitialisierung läuft noch...',
  preloadFailed: 'Problem mit der Audioinitialiserung. Laden Sie die Seite neu.',
  connectionError: 'Verbindungsfehler. Bitte versuchen Sie es erneut.',
  microphoneDenied:
    'Der Zugriff auf das Mikrofon wurde verweigert. Bitte erlauben Sie ihn in den Browser-Einstellungen.',
  agentSpeaking: 'Der Interviewer spricht...',
  agentListening: 'Der Interviewer hört zu...',
  finishedNote: 'Das Interview ist beendet.',
  finishedIntro:
    'Das Interview ist beendet. Sie können das Transkript bearbeiten oder mit dem nächsten Schritt weitermachen.',
  /** After the end: whether a transcript was captured. */
  endedWithTranscript: 'Das Interview ist beendet. Ihr Transkript wurde erfasst.',
  endedWithoutTranscript: 'Das Interview ist beendet, es wurde aber kein Transkript erfasst.',
  endedWithoutTranscriptHint:
    'Vielleicht war das Gespräch zu kurz oder das Mikrofon hat nichts aufgenommen. Prüfen Sie Ihr Mikrofon und versuchen Sie es noch einmal.',
  // Transcript panel
  transcriptTitle: 'Transkript',
  noTranscript: 'Kein Transkript verfügbar',
  copy: 'Kopieren',
  copiedTitle: 'In die Zwischenablage kopiert',
  copiedText: 'Transkript wurde in die Zwischenablage kopiert.',
  edit: 'Bearbeiten',
  save: 'Speichern',
  cancel: 'Abbrechen',
  editedTitle: 'Änderungen gespeichert',
  editedText: 'Transkript wurde erfolgreich aktualisiert.',
  transcriptLabel: 'Transkript des Interviews',
  speaker: { interviewer: 'Interviewer', user: 'Sie' },
  // After the interview
  buttonsHint: 'Die Buttons erscheinen nach Beendigung des Interviews',
  editTranscript: 'Transkript bearbeiten',
  toImageUpload: 'Weiter zum Bild-Upload',
  bankCardTitle: 'Ihr Transkript',
  bankCardText: 'Sie können das Transkript bearbeiten oder direkt Bilder hinzufügen.',
  toImages: 'Weiter zu Bildern',
  next: 'Weiter',
  databaseError: 'Bei der Datenbankoperation ist ein Fehler aufgetreten.',
  plans: { engineer: engineerPlans, banker: bankerPlans, general: generalPlan, image: imagePlan },
  closing,
  /** Asked once when an answer was very short. */
  /** Spoken before the open question again when a broken interview continues. */
  welcomeBack: 'Schön, dass Sie wieder da sind. Wir machen dort weiter, wo wir aufgehört haben.',
  followUp: 'Können Sie das noch etwas genauer erzählen? Ein Beispiel oder eine kleine Geschichte hilft uns sehr.',
  /** Follow-ups of the built-in interviewer on what was said; the phrases are quoted as spoken, in the polite form. */
  followUps: {
    work: (verbAndObject: string) => `Sie ${verbAndObject}. Was ist daran für Sie das Spannendste?`,
    employer: (atEmployer: string) => `Wie sind Sie ${atEmployer} gelandet, und was machen Sie dort genau?`,
    person: (person: string, plural: boolean) =>
      `Welche Rolle ${plural ? 'haben' : 'hat'} ${person} dabei gespielt? Erzählen Sie gern eine Begebenheit.`,
    place: (place: string) => `Was verbindet Sie mit ${place}? Erzählen Sie gern, wie es dort für Sie war.`,
    duration: (amount: string) =>
      `Sie haben ${amount} erwähnt. Was ist in dieser Zeit passiert, das Ihnen besonders in Erinnerung ist?`,
    number: (amount: string) => `Sie haben ${amount} erwähnt. Was steckt hinter dieser Zahl?`,
    year: (year: string) => `Was ist ${year} passiert, das Ihnen besonders in Erinnerung geblieben ist?`,
  },
  chatSystemPrompt: (topicTitle: string, plan: string) =>
    `Sie sind ein freundlicher, neugieriger Journalist und führen auf Deutsch ein gesprochenes Interview zum Thema „${topicTitle}“ für einen Social-Media-Beitrag. ` +
    'Stellen Sie immer genau eine offene Frage, kurz und gesprochen gut verständlich, und siezen Sie Ihr Gegenüber. ' +
    'Fragen Sie nach Geschichten, konkreten Erlebnissen, Namen, Zahlen und Bildern, die ein Beitrag braucht. Gehen Sie auf die letzte Antwort ein. ' +
    `Orientieren Sie sich an diesem Interviewplan:\n${plan}`,
  imageTopicTitle: 'Bildbeschreibung',
  unavailableAgent: 'Für dieses Interview ist kein Sprachagent eingerichtet.',
  sessionExpired: 'Die Interview-Sitzung ist abgelaufen. Bitte starten Sie das Interview erneut.',
  invalidAudioFormat: 'Ungültiges Audioformat. Erlaubt sind pcm und ulaw mit den vorgesehenen Abtastraten.',
} as const;
