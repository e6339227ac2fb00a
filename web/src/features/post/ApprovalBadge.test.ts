import { describe, expect, it } from 'vitest';
import { listStateOf } from './ApprovalBadge';

describe("an approval's state in the inbox list", () => {
  it('a pending request past its date shows as expired, not as still waiting', () => {
    expect(listStateOf({ state: 'pending', expired: false, outdated: false })).toBe('pending');
    expect(listStateOf({ state: 'pending', expired: true, outdated: false })).toBe('expired');
  });

  it('an approval of a version the editors changed since shows as outdated (it does not cover the new text)', () => {
    expect(listStateOf({ state: 'approved', expired: false, outdated: true })).toBe('outdated');
    expect(listStateOf({ state: 'approved', expired: false, outdated: false })).toBe('approved');
  });

  it('a change request stays a change request, whatever its date', () => {
    expect(listStateOf({ state: 'changes', expired: true, outdated: true })).toBe('changes');
  });
});
