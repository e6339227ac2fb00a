/** Header, dashboards, navigation cards, 404. */
export const nav = {
  appTitle: 'Social Media Content Assistent',
  interviewAppTitle: 'Content Interview Bot des VDI',
  associationName: 'VDI Verein Deutscher Ingenieure',
  defaultUsername: 'benutzer',
  notFoundCode: '404',
  notFoundText: 'Oops! Page not found',
  returnHome: 'Return to Home',
  welcome: (name: string) => `Willkommen, ${name}!`,
  dashboardIntro: 'Wählen Sie aus, wie Sie Inhalte für Social Media bereitstellen möchten.',
  contentSelectionTitle: 'Wie möchten Sie Inhalte bereitstellen?',
  contentSelectionIntro: 'Wählen Sie eine Möglichkeit. Sie können danach Kontaktdaten hinterlassen.',
  interviewCategoryTitle: 'Wählen Sie ein Interview-Thema',
  interviewCategoryIntro: 'Unser KI-Interviewer stellt Ihnen Fragen zum gewählten Thema.',
  back: 'Zurück',
  /** The browser tab's title of a page (WCAG 2.4.2). */
  pageTitle: (heading: string, tenant: string) => `${heading} – ${tenant}`,
  /** Said by screen readers after a navigation inside the app. */
  pageAnnounced: (title: string) => `Seite geladen: ${title}`,
  open: 'Öffnen',
  security: 'Kontosicherheit',
  inbox: 'Eingang',
  users: 'Benutzer',
  cards: {
    'content-selection': { title: 'Inhalte bereitstellen', text: 'Alle Möglichkeiten im Überblick.' },
    'interview-category': { title: 'Interview führen', text: 'Ein kurzes Gespräch mit unserem KI-Interviewer.' },
    'voice-message': {
      title: 'Sprachnachricht senden',
      text: 'Sprechen Sie Ihre Geschichte ein, wir machen Text daraus.',
    },
    upload: { title: 'Medien hochladen', text: 'Fotos und Videos für Ihren Beitrag.' },
    'image-upload': { title: 'Bild hochladen', text: 'Ein Foto hochladen und beschreiben.' },
    'document-upload': { title: 'Dokument hochladen', text: 'PDF, Word oder Text bereitstellen.' },
    'document-image-upload': { title: 'Dokumente und Bilder', text: 'Mehrere Dokumente und Bilder auf einmal.' },
    'video-answer': { title: 'Video aufnehmen', text: 'Beantworten Sie Fragen vor der Kamera, eine nach der anderen.' },
  },
  /**
   * The bank's pages behind some cards do something else (spec: /bank/upload takes one document,
   * its image page has no description step): each card says what its page does, no two alike.
   */
  bankCards: {
    upload: {
      title: 'Ein Dokument hochladen',
      text: 'Ein einzelnes Dokument (PDF, DOC, DOCX oder TXT, max. 4MB) für Ihren Beitrag.',
    },
    'document-upload': {
      title: 'Mehrere Dokumente hochladen',
      text: 'Bis zu zehn Dokumente auf einmal, auch Tabellen (CSV, XLS, XLSX; bis 25MB).',
    },
    'document-image-upload': {
      title: 'Dokumente mit Fotos hochladen',
      text: 'Dokumente und Fotos zusammen, in zwei Reitern.',
    },
    'image-upload': { title: 'Ein Foto hochladen', text: 'Ein Foto (JPG oder PNG) für Ihren Beitrag.' },
  },
  topics: {
    engineer: {
      'engineering-path': { title: 'Der Weg zum Ingenieur', text: 'Wie sind Sie Ingenieurin oder Ingenieur geworden?' },
      'behind-scenes': { title: 'Behind the Scenes', text: 'Ein Blick hinter die Kulissen Ihres Arbeitsalltags.' },
      'tech-dive': { title: 'Deep Dive Technik', text: 'Erklären Sie uns eine Technik, die Sie begeistert.' },
      'free-topic': { title: 'Freie Themenwahl', text: 'Erzählen Sie, was Ihnen am Herzen liegt.' },
    },
    banker: {
      'engineering-path': { title: 'Der Weg zum Banker', text: 'Wie sind Sie Bankerin oder Banker geworden?' },
      'behind-scenes': { title: 'Behind the Scenes im Banking', text: 'Ein Blick hinter die Kulissen Ihrer Bank.' },
      'tech-dive': { title: 'Deep Dive Banking', text: 'Erklären Sie uns ein Thema aus dem Banking.' },
      'free-topic': { title: 'Freie Themenwahl', text: 'Erzählen Sie, was Ihnen am Herzen liegt.' },
    },
    general: { title: 'Allgemeines Interview', text: 'Ein offenes Gespräch ohne festes Thema.' },
  },
  pageHeadings: {
    upload: 'Upload von Medien',
    'image-upload': 'Bild hochladen',
    'document-upload': 'Dokument hochladen',
    'document-image-upload': 'Dokumente und Bilder hochladen',
    'image-upload-after-voice': 'Bilder zum Interview hochladen',
    'voice-message': 'Sprachnachricht aufnehmen',
    'transcript-edit': 'Transkript bearbeiten',
    'contact-information': 'Kontaktinformationen',
    'thank-you': 'Vielen Dank!',
    interview: 'Content Interview Bot des VDI',
    admin: 'Admin-Dashboard',
    inbox: 'Eingang',
  },
} as const;
