import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDefaults } from '../../common/schemas/tenants';
import type { TenantListItem } from '../../common/contracts/tenants';
import { profileFields, seedRows, tenantKeys } from '../../common/tenants';
import { texts } from '../../common/texts';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';

const tt = texts.tenants;

/** Issue 30: every tenant difference is a row field, set on the seed by migration 0023 and checked on save. */
describe.each(dialects)('one tenant model on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const list = async () => (await api(t, 'GET', '/api/admin/tenants', { cookie: admin })).body as TenantListItem[];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await addUser(t.app, 'admin@example.de', 'admin');
    admin = await login(t, 'admin@example.de');
  });
  afterAll(() => t.close());

  it("gives the seed's rows the values the code held, so their pages stay as they were", async () => {
    const rows = await list();
    for (const key of tenantKeys) {
      const row = rows.find((r) => r.key === key)!;
      const seed = seedRows[key];
      expect(row).toMatchObject({
        wording: seed.wording,
        thanksVariant: seed.thanksVariant,
        startButtonColor: seed.startButtonColor,
        logoText: seed.logoText,
        footerName: seed.footerName,
        generalInterview: seed.generalInterview,
        topicIntros: seed.topicIntros,
        style: seed.style,
      });
    }
  });

  it('stores a tenant made like the bank and reads its surfaces back for the upload check', async () => {
    const made = await api(t, 'POST', '/api/admin/tenants', {
      cookie: admin,
      body: { ...tenantDefaults, ...profileFields.bank, key: 'sparkasse-nord', name: 'Sparkasse Nord' },
    });
    expect(made.status).toBe(201);
    expect(made.body.style).toEqual(seedRows.bank.style);
    const registry = await t.app.tenantRegistry.fresh();
    expect(registry.uploadSurfaces('sparkasse-nord')).toEqual(registry.uploadSurfaces('bank'));
    expect(registry.formVariant('sparkasse-nord')).toBe('bank');
  });

  it('refuses bad differences in German and changes nothing', async () => {
    const before = (await list()).find((r) => r.key === 'sparkasse-nord')!;
    const put = (body: Record<string, unknown>) =>
      api(t, 'PUT', '/api/admin/tenants/sparkasse-nord', {
        cookie: admin,
        body: { ...tenantDefaults, ...profileFields.bank, name: 'Sparkasse Nord', ...body },
      });
    const style = seedRows.bank.style;
    const cases: [Record<string, unknown>, string][] = [
      [{ style: { ...style, uploadSurfaces: { upload: 'bank-image' } } }, tt.surfaceInvalid],
      [{ style: { ...style, uploadSurfaces: { 'public-upload': 'bank-upload' } } }, tt.surfaceInvalid],
      [{ style: { ...style, cardTexts: { upload: { title: '', text: 'x' } } } }, tt.cardTextInvalid],
      [{ style: { ...style, cardIcons: { upload: 'rocket' } } }, tt.styleInvalid],
      [{ style: { ...style, voiceVariant: 'sparkasse' } }, tt.styleInvalid],
      [{ wording: 'banking' }, tt.wordingInvalid],
      [{ thanksVariant: 'sparkasse' }, tt.thanksInvalid],
      [{ logoText: 'Sparkasse Nord eG' }, tt.logoTextInvalid],
      [{ startButtonColor: '#ffee00' }, tt.colorContrast('1,2')],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await list()).find((r) => r.key === 'sparkasse-nord')).toEqual(before);
  });
});
