/** Texts of the upload capability (spec, second document, sections 2, 5 and 8). */
export const uploads = {
  // Media upload page
  mediaTitle: 'Upload von Medien',
  mediaIntro: 'Laden Sie Bilder, Videos oder Tonaufnahmen hoch, die wir für den Beitrag verwenden dürfen.',
  contentIdLabel: 'Interview-ID:',
  contentIdMissing: 'Nicht verfügbar',
  loadingInfo: 'Lade Informationen...',
  dropZone: 'Dateien hierher ziehen oder klicken, um sie auszuwählen',
  dropZoneTouch: 'Tippen, um Fotos oder Dateien auszuwählen',
  /** On a touch screen, a page that takes only documents (or only photos) says so. */
  dropZoneTouchDocuments: 'Tippen, um Dokumente auszuwählen',
  dropZoneTouchPhotos: 'Tippen, um Fotos auszuwählen',
  dropZoneMax: (n: number) => (n === 1 ? 'Eine Datei' : `Maximal ${n} Dateien`),
  allowedFormats: (labels: string[]) => `Erlaubt: ${labels.join(', ')}`,
  /** MB with one decimal (spec); below 0,1 MB in KB, so a small file never reads "0,0 MB". */
  sizeMb: (bytes: number) =>
    bytes < 0.05 * 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`,
  remove: 'Entfernen',
  skip: 'Überspringen',
  skipUploading: 'Upload läuft...',
  rightsLabel: 'Ich besitze alle Nutzungsrechte am Bild und erlaube dessen Verwendung.',
  uploadButton: (n: number) => `Dateien hochladen (${n})`,
  uploadingButton: 'Wird hochgeladen...',
  uploadedButton: 'Erfolgreich hochgeladen',
  continueWithoutImages: 'Weiter ohne Bilder',
  progressLabel: 'Upload-Fortschritt',
  uploadedFiles: 'Hochgeladene Dateien',
  successCardTitle: 'Upload abgeschlossen',
  /** The bank's combined page: its two upload tabs. */
  tabsLabel: 'Art der Dateien',
  tabDocuments: (n: number) => `Dokumente (${n})`,
  tabImages: (n: number) => `Bilder (${n})`,

  // Page titles and hints per surface
  imageTitle: 'Bild hochladen',
  imageIntro: 'Laden Sie ein Foto hoch. Danach beschreiben Sie es mit den W-Fragen oder in einem kurzen Interview.',
  documentTitle: 'Dokument hochladen',
  documentIntro: 'Laden Sie ein Dokument hoch (PDF, DOC, DOCX oder TXT).',
  documentImageTitle: 'Bild zum Dokument (optional)',
  documentImageIntro: 'Sie können ein passendes Bild zum Dokument hochladen.',
  afterVoiceTitle: 'Bilder hinzufügen (optional)',
  afterVoiceIntro: 'Sie können ein Bild zu Ihrem Beitrag hochladen.',
  bankUploadTitle: 'Dokument hochladen',
  bankImageTitle: 'Bild hochladen',
  bankDocumentsTitle: 'Dokumente hochladen',
  bankDocumentImagesTitle: 'Dokumente und Bilder hochladen',
  publicTitle: 'Upload von Medien',
  publicIntro: 'Laden Sie Bilder, Videos oder Tonaufnahmen hoch – ganz ohne Anmeldung.',
  limitText: (formats: string[], mb: number, files: number) =>
    `${formats.join(', ')} max. ${mb}MB${files === 1 ? ', eine Datei' : `, bis zu ${files} Dateien`}`,
  photoLimitText: (formats: string[], mb: number) => `Bilder (${formats.join(', ')}) max. ${mb}MB`,

  // Validation (section 5)
  invalidTypeTitle: 'Ungültiger Dateityp',
  invalidTypeText: 'Einige Dateien wurden nicht hinzugefügt, da sie nicht unterstützt werden.',
  invalidDocumentText: 'Bitte laden Sie ein PDF, DOC, DOCX oder TXT Dokument hoch.',
  tooLargeTitle: 'Datei zu groß',
  tooLarge: (file: string, mb: number) => `${file} ist zu groß. Maximale Dateigröße: ${mb}MB`,
  mediaTooLongTitle: 'Aufnahme zu lang',
  mediaTooLong: (file: string, minutes: number) =>
    `${file} ist länger als ${minutes} Minuten und wurde nicht angenommen. Erlaubt sind höchstens ${minutes} Minuten; bitte kürzen Sie die Aufnahme.`,
  tooManyTitle: 'Zu viele Dateien',
  tooMany: (n: number) => `Sie können maximal ${n} ${n === 1 ? 'Datei' : 'Dateien'} hochladen.`,
  rightsTitle: 'Bestätigung erforderlich',
  rightsText: 'Bitte bestätigen Sie, dass Sie die Nutzungsrechte am Bild besitzen.',
  noFilesTitle: 'Keine Dateien ausgewählt',
  noFilesText: 'Bitte wählen Sie mindestens eine Datei zum Hochladen aus.',
  noFileTitle: 'Keine Datei ausgewählt',
  noFileText: 'Bitte wählen Sie eine Datei aus.',
  noFilesBankTitle: 'Keine Dateien',
  noFilesBankText: 'Bitte wählen Sie Dateien zum Hochladen aus.',
  noInterviewIdText: 'Keine Interview-ID verfügbar.',
  bankNoImagesTitle: 'Keine gültigen Bilder',
  bankNoImagesText: 'Bitte wählen Sie gültige Bilddateien aus (JPG, PNG).',
  bankNoDocumentsTitle: 'Keine gültigen Dokumente',
  bankNoDocumentsText: 'Bitte wählen Sie gültige Dokumente aus (PDF, DOC, DOCX, TXT, CSV, XLS, XLSX).',
  filteredTitle: 'Ungültige Dateien gefiltert',
  filteredDocuments: 'Einige Dateien wurden herausgefiltert, da sie keine gültigen Dokumente sind.',
  filteredImages: 'Einige Dateien wurden herausgefiltert, da sie keine gültigen Bilder sind.',
  /** The server's word when the bytes do not match an allowed format. */
  contentMismatch: (file: string) => `${file} wurde abgelehnt: Der Inhalt entspricht keinem erlaubten Dateityp.`,

  // Outcomes (section 8)
  failedTitle: 'Upload fehlgeschlagen',
  allFailed:
    'Es konnten keine Dateien hochgeladen werden. Bitte versuchen Sie es erneut oder überspringen Sie diesen Schritt.',
  uploadException: 'Es gab ein Problem beim Hochladen der Dateien. Bitte versuchen Sie es erneut.',
  successTitle: 'Upload erfolgreich',
  success: (n: number, total: number) => `${n} von ${total} Datei(en) wurden erfolgreich hochgeladen.`,
  imageSuccess: 'Das Bild wurde erfolgreich hochgeladen.',
  imagesSuccess: (n: number) => `${n} Bild(er) wurde(n) erfolgreich hochgeladen.`,
  localSuccessTitle: 'Upload erfolgreich (lokal)',
  localSuccess: (n: number) => `${n} Datei(en) wurden lokal gespeichert.`,
  localStoreFullTitle: 'Speicher voll',
  localStoreFull:
    'Der Browser hat keinen Platz, um die Dateien bis zur nächsten Verbindung zu speichern. Es wurde nichts gespeichert. Bitte geben Sie Speicherplatz frei, wählen Sie weniger oder kleinere Dateien oder laden Sie sie hoch, sobald Sie wieder online sind.',
  localStoreFailed:
    'Die Dateien konnten im Browser nicht gespeichert werden. Es wurde nichts gespeichert. Bitte laden Sie sie hoch, sobald Sie wieder online sind.',
  noInterviewIdUpload: 'Keine Interview-ID gefunden. Bitte starten Sie den Prozess erneut.',

  // Public link
  challengeLabel: 'Ich bin kein Roboter',
  challengeRequired: 'Bitte bestätigen Sie zuerst, dass Sie kein Roboter sind.',
  challengeFailed: 'Die Sicherheitsprüfung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  tooManyPublic: 'Zu viele Einreichungen von diesem Gerät. Bitte versuchen Sie es später erneut.',
  unknownTenant: 'Dieser Link ist ungültig.',
  publicLinkTitle: 'Öffentlicher Upload-Link',
  notFound: 'Datei nicht gefunden.',

  // Resumable uploads (tus): the server's answers, never the protocol library's English
  uploadTooLarge: (mb: number) => `Die Datei ist zu groß. Maximale Dateigröße: ${mb}MB`,
  uploadGone: 'Dieser Upload ist nicht mehr vorhanden. Bitte laden Sie die Datei erneut hoch.',
  uploadConflict: 'Der Upload wurde unterbrochen und an anderer Stelle fortgesetzt. Bitte versuchen Sie es erneut.',
  uploadInvalid: 'Die Upload-Anfrage ist ungültig. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  storageUnavailableTitle: 'Speicherfehler',
  storageUnavailable:
    'Die Datei konnte gerade nicht gespeichert werden. Bitte versuchen Sie es in einigen Minuten erneut – bereits übertragene Teile bleiben erhalten.',
  storageFull:
    'Der Speicher des Servers ist voll. Bitte versuchen Sie es später erneut – bereits übertragene Teile bleiben erhalten.',
  finishPending:
    'Die Datei ist vollständig angekommen, konnte aber noch nicht abgelegt werden. Sie wird beim nächsten Versuch übernommen.',
} as const;
