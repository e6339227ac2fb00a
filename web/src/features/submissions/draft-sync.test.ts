import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { canSend, pendingAfterSending, refusedForGood, registerPublicCreator, triesLater } from './draft-sync';

const creator = async () => ({ contentId: 1, accessToken: 't' });

describe('who may send the drafts of this device', () => {
  it("a signed-in user's drafts can always be sent", () => {
    expect(canSend('user-1')).toBe(true);
  });

  it('public drafts wait until a public page of their tenant can create the submission (proof of work)', () => {
    expect(canSend('public:bank')).toBe(false);
    const unregister = registerPublicCreator('bank', creator);
    expect(canSend('public:bank')).toBe(true);
    // Another tenant's public drafts stay on the device.
    expect(canSend('public:firma_a')).toBe(false);
    unregister();
    expect(canSend('public:bank')).toBe(false);
  });

  it('a page that left does not unregister the page that came after it', () => {
    const first = registerPublicCreator('vdi', creator);
    const second = registerPublicCreator('vdi', async () => ({ contentId: 2, accessToken: 'u' }));
    first();
    expect(canSend('public:vdi')).toBe(true);
    second();
    expect(canSend('public:vdi')).toBe(false);
  });
});

describe('what a failed send means for a draft', () => {
  it('tries later when the server cannot be reached or the person is signed out', () => {
    expect(triesLater(new ApiError(0, 'offline'))).toBe(true);
    expect(triesLater(new ApiError(503, 'down'))).toBe(true);
    expect(triesLater(new ApiError(401, 'signed out'))).toBe(true);
    expect(triesLater(new ApiError(400, 'refused'))).toBe(false);
    expect(triesLater(new Error('other'))).toBe(false);
  });

  it('gives up only on a refusal the server would repeat', () => {
    expect(refusedForGood(new ApiError(403, 'not yours'))).toBe(true);
    expect(refusedForGood(new ApiError(404, 'gone'))).toBe(true);
    expect(refusedForGood(new ApiError(401, 'signed out'))).toBe(false);
    expect(refusedForGood(new ApiError(500, 'failed'))).toBe(false);
    expect(refusedForGood(new ApiError(503, 'down'))).toBe(false);
    expect(refusedForGood(new Error('other'))).toBe(false);
  });

  it('drops a sent part from the draft, but keeps a newer value written meanwhile', () => {
    const pending = { transcript: 'Hallo', photoRights: 'v1' };
    expect(pendingAfterSending(pending, 'transcript', 'Hallo')).toEqual({ photoRights: 'v1' });
    expect(pendingAfterSending({ ...pending, transcript: 'Hallo Welt' }, 'transcript', 'Hallo')).toEqual({
      transcript: 'Hallo Welt',
      photoRights: 'v1',
    });
    expect(pending).toEqual({ transcript: 'Hallo', photoRights: 'v1' });
  });
});
