import { describe, expect, it } from 'vitest';
import { allSent, type Draft, isDone, isEmpty, ownerOf } from './draft-store';

const draft = (change: Partial<Draft> = {}): Draft => ({
  localId: 'local-voice-1',
  userId: 'u1',
  tenant: 'firma_a',
  kind: 'voice',
  pending: {},
  createdAt: '2026-11-28T00:00:00.000Z',
  updatedAt: '2026-11-28T00:00:00.000Z',
  ...change,
});
const blob = new Blob(['x']);

describe('drafts kept on the device', () => {
  it("belong to the signed-in user, or without an account to this browser's public link of the tenant", () => {
    expect(ownerOf({ userId: 'u1', tenant: 'bank' })).toBe('u1');
    expect(ownerOf({ userId: null, tenant: 'bank' })).toBe('public:bank');
    // Two tenants' public drafts on one browser are sent by their own pages only.
    expect(ownerOf({ userId: null, tenant: 'firma_a' })).not.toBe(ownerOf({ userId: null, tenant: 'bank' }));
  });

  it('a part set back to undefined counts as sent', () => {
    expect(isEmpty({})).toBe(true);
    expect(isEmpty({ transcript: undefined, contact: undefined })).toBe(true);
    expect(isEmpty({ transcript: '' })).toBe(false);
  });

  it('is not sent while a text, a file, the voice message or a clip still waits', () => {
    expect(allSent(draft())).toBe(true);
    expect(allSent(draft({ pending: { transcript: 'Mein Weg' } }))).toBe(false);
    const file = { id: 'f1', page: 'upload' as const, name: 'a.jpg', type: 'image/jpeg', lastModified: 1, blob };
    expect(allSent(draft({ files: [file] }))).toBe(false);
    expect(allSent(draft({ files: [] }))).toBe(true);
    expect(allSent(draft({ recording: { id: 'r1', blob } }))).toBe(false);
    const clip = { id: 'c1', index: 0, blob, mimeType: 'video/webm', seconds: 3, recordedAt: 1 };
    expect(allSent(draft({ clips: [clip] }))).toBe(false);
  });

  it('is done only once sent and released to the team (a held submission still waits for its release)', () => {
    expect(isDone(draft({ contentId: 7 }))).toBe(true);
    expect(isDone(draft({ contentId: 7, held: true }))).toBe(false);
    expect(isDone(draft({ contentId: 7, pending: { contact: undefined, transcript: 'x' } }))).toBe(false);
  });
});
