import { beforeEach, describe, expect, it } from 'vitest';
import { tenants } from '../../../../common/tenants';
import { storageKeys } from '../../lib/storage';
import { installStorage, type MemoryStorage } from '../../testing/memory-storage';
import { contentIdState, forgetContentId, rememberContentId, sessionKeyFor } from './useContentId';

let session: MemoryStorage;
beforeEach(() => {
  ({ session } = installStorage());
});

describe('the Content-ID in progress', () => {
  it("the bank keeps its id under its own key, so a company's flow in the same tab does not continue it", () => {
    expect(sessionKeyFor(tenants.bank)).toBe(storageKeys.currentBankInterviewId);
    expect(sessionKeyFor(tenants.firma_a)).toBe(storageKeys.currentInterviewId);
    rememberContentId(tenants.bank, '17');
    expect(session.getItem(storageKeys.currentBankInterviewId)).toBe('17');
    expect(session.getItem(storageKeys.currentInterviewId)).toBeNull();
  });

  it('is kept in the session only (a new tab starts a new submission) and forgotten per tenant', () => {
    rememberContentId(tenants.firma_a, 'local-voice-abc');
    rememberContentId(tenants.bank, '17');
    forgetContentId(tenants.firma_a);
    expect(session.getItem(storageKeys.currentInterviewId)).toBeNull();
    expect(session.getItem(storageKeys.currentBankInterviewId)).toBe('17');
  });

  it("is handed to the next page under the spec's name interviewId", () => {
    expect(contentIdState(5)).toEqual({ interviewId: 5 });
    expect(contentIdState('local-voice-abc')).toEqual({ interviewId: 'local-voice-abc' });
  });
});
