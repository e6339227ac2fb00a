import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, CODE_LENGTH, normalizeCode } from './personal-link-code';

describe('personal link codes', () => {
  it('carry at least 72 bits', () => {
    expect(CODE_ALPHABET.length).toBe(32);
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(CODE_LENGTH * Math.log2(CODE_ALPHABET.length)).toBeGreaterThanOrEqual(72);
  });

  it('forgive look-alikes, case and separators', () => {
    expect(normalizeCode('7K3M9-X2PQR-H4T8W')).toBe('7k3m9x2pqrh4t8w');
    expect(normalizeCode('ab0cd ef1gh jk0mn')).toBe(normalizeCode('abOcdeflghjkomn'));
  });

  it('refuse what cannot be a code', () => {
    expect(normalizeCode('short')).toBeNull();
    expect(normalizeCode('7k3m9x2pqrh4t8wz1')).toBeNull();
    expect(normalizeCode('7k3m9x2pqrh4t8u')).toBeNull();
    expect(normalizeCode('../../etc/passwd')).toBeNull();
  });
});
