/** The spec's browser storage keys. */
export const storageKeys = {
  currentInterviewId: 'currentInterviewId',
  transcriptInterviewId: 'transcriptInterviewId',
  latestTranscript: 'latestTranscript',
  redirectAfterLogin: 'redirectAfterLogin',
  interviewTranscript: 'interviewTranscript',
  currentTranscript: 'currentTranscript',
  originalUploadedFiles: 'originalUploadedFiles',
  currentBankInterviewId: 'currentBankInterviewId',
  latestBankTranscript: 'latestBankTranscript',
  lastActivity: 'last-activity',
  /** The last session answer of this device (who, role, tenant): the app offline still knows whose drafts wait. Cleared with everything on sign-out. */
  lastSession: 'lastSession',
  /** The campaign's shared link (/k/<code>) this tab came through: {code, tenant} (issue 40). */
  sharedCampaign: 'sharedCampaign',
} as const;

/** The shared campaign code of this tab for a tenant, if the visitor came through one. */
export function sharedCampaignFor(tenant: string): string | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(storageKeys.sharedCampaign) ?? 'null') as {
      code?: string;
      tenant?: string;
    } | null;
    return kept?.tenant === tenant ? kept.code : undefined;
  } catch {
    return undefined;
  }
}

const tokenKey = (contentId: string | number) => `submissionToken:${contentId}`;

/** The secret that proves this browser created an anonymous submission. */
export function setSubmissionToken(contentId: string | number, token: string): void {
  localStorage.setItem(tokenKey(contentId), token);
}

export function getSubmissionToken(contentId: string | number): string | null {
  return localStorage.getItem(tokenKey(contentId));
}

/** Forgets the ids of the content in progress (after contact submit, 'Neuen Content erstellen'). */
export function clearStoredIds(): void {
  for (const key of [
    storageKeys.currentInterviewId,
    storageKeys.transcriptInterviewId,
    storageKeys.currentBankInterviewId,
  ]) {
    sessionStorage.removeItem(key);
    localStorage.removeItem(key);
  }
  for (const key of [
    storageKeys.latestTranscript,
    storageKeys.interviewTranscript,
    storageKeys.currentTranscript,
    storageKeys.latestBankTranscript,
    storageKeys.originalUploadedFiles,
  ]) {
    sessionStorage.removeItem(key);
    localStorage.removeItem(key);
  }
}

/** Logout and inactivity: everything this app keeps in the browser goes. */
export function clearAllStorage(): void {
  sessionStorage.clear();
  localStorage.clear();
}
