import { describe, expect, it } from 'vitest';
import { bankStyle, tenants, type Tenant } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { surfaceFor } from '../../../../common/upload-rules';
import { screenFor } from './screens';

const t = texts.uploads;
/** A tenant an admin made "like the bank": another key, the bank's style as data. */
const likeTheBank: Tenant = {
  ...tenants.firma_a,
  key: 'sparkasse_nord' as Tenant['key'],
  name: 'Sparkasse Nord',
  style: bankStyle,
};

describe('upload screens read the tenant style', () => {
  it('state the limits of the surface (the spec’s bank texts, from data)', () => {
    const bank = tenants.bank;
    expect(screenFor(bank, 'upload').intro).toBe(t.limitText(['PDF', 'DOC', 'DOCX', 'TXT'], 4, 1));
    expect(screenFor(bank, 'document-upload').intro).toBe(
      t.limitText(['PDF', 'DOC', 'DOCX', 'TXT', 'CSV', 'XLS', 'XLSX'], 25, 10),
    );
    expect(screenFor(bank, 'document-image-upload').intro).toBe(
      `${t.limitText(['PDF', 'DOC', 'DOCX', 'TXT', 'CSV', 'XLS', 'XLSX'], 25, 20)}; ${t.photoLimitText(['JPG', 'PNG'], 50)}`,
    );
    expect(screenFor(bank, 'image-upload', { photoMb: 20, videoMb: 100 }).intro).toBe(
      t.limitText(['JPG', 'PNG'], 20, 1),
    );
    expect(screenFor(tenants.vdi, 'image-upload-after-voice').intro).toBe(
      `${t.afterVoiceIntro} ${t.limitText(['JPG', 'PNG', 'WebP'], 50, 1)}`,
    );
  });

  it('give any tenant with the bank’s style the bank’s surfaces and screens, whatever its key', () => {
    for (const page of [
      'upload',
      'image-upload',
      'document-upload',
      'document-image-upload',
      'image-upload-after-voice',
    ] as const) {
      expect(surfaceFor(likeTheBank.style.uploadSurfaces, page)).toEqual(
        surfaceFor(tenants.bank.style.uploadSurfaces, page),
      );
      expect(screenFor(likeTheBank, page)).toEqual(screenFor(tenants.bank, page));
    }
    expect(surfaceFor(tenants.vdi.style.uploadSurfaces, 'upload').id).toBe('media');
    expect(surfaceFor(likeTheBank.style.uploadSurfaces, 'public-upload').id).toBe('media');
  });
});
