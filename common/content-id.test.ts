import { describe, expect, it } from 'vitest';
import { isLocalId, isNumericId, localContentId, shortId } from './content-id';

describe('content ids', () => {
  it('makes local ids of the form local_<variant>_<timestamp>_<random>', () => {
    expect(localContentId('voice')).toMatch(/^local_voice_\d{13}_[a-z0-9]+$/);
    expect(isLocalId(localContentId('tech_dive'))).toBe(true);
    expect(isNumericId(localContentId('voice'))).toBe(false);
  });
  it("makes the bank's local ids plain: local_<timestamp>", () => {
    expect(localContentId('')).toMatch(/^local_\d{13}$/);
    expect(isLocalId(localContentId(''))).toBe(true);
  });
  it('treats only digits as a server Content-ID', () => {
    expect(isNumericId('42')).toBe(true);
    expect(isNumericId(42)).toBe(true);
    expect(isNumericId('4a')).toBe(false);
    expect(isNumericId(null)).toBe(false);
  });
  it('shows the first 8 characters followed by an ellipsis, or the fallback', () => {
    expect(shortId('local_voice_1700000000000_ab', 'Nicht verfügbar')).toBe('local_vo...');
    expect(shortId(123, 'Nicht verfügbar')).toBe('123...');
    expect(shortId(null, 'Nicht verfügbar')).toBe('Nicht verfügbar');
  });
});
