import { beforeEach, describe, expect, it } from 'vitest';
import { installStorage, type MemoryStorage } from '../testing/memory-storage';
import {
  clearAllStorage,
  clearStoredIds,
  getSubmissionToken,
  setSubmissionToken,
  sharedCampaignFor,
  storageKeys,
} from './storage';

let local: MemoryStorage;
let session: MemoryStorage;
beforeEach(() => {
  ({ local, session } = installStorage());
});

describe('browser storage of the flows', () => {
  it('keeps one submission token per Content-ID, so one browser can continue several submissions', () => {
    setSubmissionToken(41, 'token-41');
    setSubmissionToken('42', 'token-42');
    expect(getSubmissionToken('41')).toBe('token-41');
    expect(getSubmissionToken(42)).toBe('token-42');
    expect(getSubmissionToken(43)).toBeNull();
  });

  it('"Neuen Content erstellen" forgets the ids and transcripts in progress but keeps tokens and the session', () => {
    for (const store of [local, session]) {
      store.setItem(storageKeys.currentInterviewId, '7');
      store.setItem(storageKeys.currentBankInterviewId, '8');
      store.setItem(storageKeys.latestTranscript, 'Text');
      store.setItem(storageKeys.originalUploadedFiles, '[]');
    }
    setSubmissionToken(7, 'secret');
    local.setItem(storageKeys.lastSession, '{"who":"u1"}');
    clearStoredIds();
    for (const store of [local, session]) {
      expect(store.getItem(storageKeys.currentInterviewId)).toBeNull();
      expect(store.getItem(storageKeys.currentBankInterviewId)).toBeNull();
      expect(store.getItem(storageKeys.latestTranscript)).toBeNull();
      expect(store.getItem(storageKeys.originalUploadedFiles)).toBeNull();
    }
    // The token still proves this browser made submission 7 (the finish page needs it).
    expect(getSubmissionToken(7)).toBe('secret');
    expect(local.getItem(storageKeys.lastSession)).toBe('{"who":"u1"}');
  });

  it('sign-out clears everything this app kept', () => {
    setSubmissionToken(7, 'secret');
    session.setItem(storageKeys.currentInterviewId, '7');
    clearAllStorage();
    expect(local.length).toBe(0);
    expect(session.length).toBe(0);
  });

  it("a shared campaign's code counts only for the tenant whose link the visitor came through", () => {
    session.setItem(storageKeys.sharedCampaign, JSON.stringify({ code: 'abc123', tenant: 'bank' }));
    expect(sharedCampaignFor('bank')).toBe('abc123');
    expect(sharedCampaignFor('firma_a')).toBeUndefined();
  });

  it('a damaged campaign entry does not break the page', () => {
    session.setItem(storageKeys.sharedCampaign, '{not json');
    expect(sharedCampaignFor('bank')).toBeUndefined();
  });
});
