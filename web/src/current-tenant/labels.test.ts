import { describe, expect, it } from 'vitest';
import { texts } from '../../../common/texts';
import { tenantLabelOf } from './labels';

describe('tenant labels in the inbox and dashboard', () => {
  it('the association shows as "VDI-Bereich" while its row keeps the seed name', () => {
    expect(tenantLabelOf('vdi', { name: 'VDI' })).toBe(texts.admin.associationArea);
    expect(tenantLabelOf('vdi', undefined)).toBe(texts.admin.associationArea);
  });

  it('a name an admin gave the association replaces "VDI-Bereich"', () => {
    expect(tenantLabelOf('vdi', { name: 'Verein Nord' })).toBe('Verein Nord');
  });

  it("a company shows its row's name, also after a rename", () => {
    expect(tenantLabelOf('firma_a', undefined)).toBe('Firma A');
    expect(tenantLabelOf('firma_a', { name: 'Muster GmbH' })).toBe('Muster GmbH');
  });

  it('a tenant an admin created shows its name, and its key while the rows are loading', () => {
    expect(tenantLabelOf('nordwerk', { name: 'Nordwerk AG' })).toBe('Nordwerk AG');
    expect(tenantLabelOf('nordwerk', undefined)).toBe('nordwerk');
  });
});
