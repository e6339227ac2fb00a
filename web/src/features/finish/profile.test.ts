import { describe, expect, it } from 'vitest';
import { contactRedirectMs } from '../../../../common/finish-rules';
import { seedRows, tenants, tenantView } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { finishedPath, finishProfileOf, newContentPath } from './profile';

describe('the finishing pages per tenant', () => {
  it('the bank gets its own wording, clears all storage and waits 2 s / 1 s before moving on', () => {
    const p = finishProfileOf(tenants.bank);
    expect(p.variant).toBe('bank');
    expect(p.title).toBe(texts.finish.bankThankYouTitle);
    expect(p.nextSteps).toEqual(texts.finish.bankNextSteps);
    expect(p.clearsAllStorage).toBe(true);
    expect(p.redirectMs).toBe(contactRedirectMs.bank);
    expect(p.postContactRedirectMs).toBe(1000);
    expect(p.backLabel).toBe(texts.finish.backToDashboard('Bank'));
  });

  it('the association has no button back to a dashboard and keeps the stored session', () => {
    const p = finishProfileOf(tenants.vdi);
    expect(p.variant).toBe('standard');
    expect(p.backLabel).toBeNull();
    expect(p.clearsAllStorage).toBe(false);
    expect(p.redirectMs).toBe(contactRedirectMs.standard);
  });

  it('a company leads back to its own dashboard by its current name', () => {
    const renamed = tenantView({ ...seedRows.firma_a, name: 'Muster GmbH' });
    expect(finishProfileOf(renamed).backLabel).toBe(texts.finish.backToDashboard('Muster GmbH'));
  });

  it('a tenant row with the bank variant gets the bank rules, whatever its key', () => {
    const created = tenantView({ ...seedRows.firma_b, key: 'sparkasse', name: 'Sparkasse', thanksVariant: 'bank' });
    expect(finishProfileOf(created).clearsAllStorage).toBe(true);
  });

  it('the finished flow returns to "/" for the association and to the dashboard elsewhere', () => {
    expect(finishedPath(tenants.vdi)).toBe('/');
    expect(finishedPath(tenants.bank)).toBe(tenants.bank.homePath);
    expect(finishedPath(tenants.bank)).not.toBe('/');
  });

  it('"Neuen Content erstellen" starts at the tenant\'s content selection', () => {
    expect(newContentPath(tenants.firma_a)).toMatch(/content-selection$/);
    expect(newContentPath(tenants.firma_a).startsWith(tenants.firma_a.basePath)).toBe(true);
  });
});
