import { describe, expect, it } from 'vitest';
import { canSend, registerPublicCreator } from './draft-sync';

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
