import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStatistics } from '../../common/contracts/admin';
import { tenantDefaults } from '../../common/schemas/tenants';
import type { TenantLabel } from '../../common/contracts/tenants';
import { texts } from '../../common/texts';
import { addUser, api, dialects, login, startTestApp, TEST_PASSWORD, type TestApp } from '../testing/harness';
import { materialOf } from '../post/service';
import { addMember } from './service';

const f = texts.finish;
const goodContact = { firstName: 'A', lastName: 'B', email: 'anna@example.de', consentText: f.consent.contact };

/** Created tenants by name everywhere (statistics, labels, CSV) and their stored thank-you variant on the server. */
describe.each(dialects)('tenant names and variants from the rows on %s', (dialect) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await addUser(t.app, 'admin@example.de', 'admin');
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    cookies.admin = await login(t, 'admin@example.de');
    cookies.vdi = await login(t, 'vdi@example.de');
    const create = (body: Record<string, unknown>) =>
      api(t, 'POST', '/api/admin/tenants', { cookie: cookies.admin, body: { ...tenantDefaults, ...body } });
    expect(
      (await create({ key: 'firma-e', name: 'Firma Eins', brandColor: '#1d4ed8', thanksVariant: 'bank' })).status,
    ).toBe(201);
    expect((await create({ key: 'firma-f', name: 'Firma Zwei', thanksVariant: 'company' })).status).toBe(201);
    for (const [tenant, who, role] of [
      ['firma-e', 'e', 'contributor'],
      ['firma-e', 'e-editor', 'editor'],
      ['firma-f', 'f', 'contributor'],
    ] as const) {
      await addMember(t.app, null, tenant, { email: `${who}@example.de`, role, password: TEST_PASSWORD });
      cookies[who] = await login(t, `${who}@example.de`);
    }
  });
  afterAll(() => t.close());

  const submit = async (who: string, tenant: string) => {
    const res = await api(t, 'POST', '/api/submissions', { cookie: cookies[who], body: { tenant, kind: 'upload' } });
    expect(res.status).toBe(201);
    return res.body.contentId as number;
  };

  it('counts a created tenant in the statistics and names it in labels and the CSV', async () => {
    const id = await submit('e', 'firma-e');
    await t.app.db
      .updateTable('submissions')
      .set({ content_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();

    const stats = (await api(t, 'GET', '/api/admin/statistics', { cookie: cookies.admin })).body as AdminStatistics;
    expect(stats.tenants.map((s) => s.tenant)).toEqual([
      'vdi',
      'firma_a',
      'firma_b',
      'bank',
      'testnormec',
      'firma-e',
      'firma-f',
    ]);
    expect(stats.tenants.find((s) => s.tenant === 'firma-e')).toMatchObject({ totalMediaUploads: expect.any(Number) });
    expect(stats.weekly.some((w) => (w.counts as Record<string, number>)['firma-e'] === 1)).toBe(true);

    const labels = (await api(t, 'GET', '/api/tenant-labels', { cookie: cookies.admin })).body as TenantLabel[];
    expect(labels.find((l) => l.key === 'firma-e')).toEqual({
      key: 'firma-e',
      name: 'Firma Eins',
      brandColor: '#1d4ed8',
      builtin: false,
      archived: false,
    });
    expect(labels.find((l) => l.key === 'bank')).toMatchObject({ name: 'Bank', builtin: true });
    // An editor sees only their own tenant's label; contributors none.
    expect(
      ((await api(t, 'GET', '/api/tenant-labels', { cookie: cookies['e-editor'] })).body as TenantLabel[]).map(
        (l) => l.key,
      ),
    ).toEqual(['firma-e']);
    expect(
      ((await api(t, 'GET', '/api/tenant-labels', { cookie: cookies.vdi })).body as TenantLabel[]).map((l) => l.key),
    ).toEqual(['vdi']);
    expect((await api(t, 'GET', '/api/tenant-labels', { cookie: cookies.e })).status).toBe(403);
    expect((await api(t, 'GET', '/api/tenant-labels')).status).toBe(401);

    const csv = (await api(t, 'GET', '/api/inbox/export.csv?tenant=firma-e', { cookie: cookies.admin })).body as string;
    expect(csv).toContain('Firma Eins');
    expect(csv).not.toMatch(/[;,]firma-e[;,]/);

    // The post drafter writes for the tenant by its name, in its wording.
    const row = await t.app.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(
      materialOf(row as Parameters<typeof materialOf>[0], 'linkedin', await t.app.tenantRegistry.fresh()),
    ).toMatchObject({
      tenantName: 'Firma Eins',
      wording: 'engineer',
    });
  });

  it("shows an admin's rename of a seed tenant in the labels and the CSV", async () => {
    const list = (await api(t, 'GET', '/api/admin/tenants', { cookie: cookies.admin }))
      .body as (typeof tenantDefaults & { key: string })[];
    const firmaB = list.find((x) => x.key === 'firma_b')!;
    const { name: _name, ...rest } = firmaB;
    const settings = Object.fromEntries(
      Object.keys(tenantDefaults).map((k) => [k, (rest as Record<string, unknown>)[k]]),
    );
    expect(
      (
        await api(t, 'PUT', '/api/admin/tenants/firma_b', {
          cookie: cookies.admin,
          body: { ...settings, name: 'Firma B AG' },
        })
      ).status,
    ).toBe(200);
    const labels = (await api(t, 'GET', '/api/tenant-labels', { cookie: cookies.admin })).body as TenantLabel[];
    expect(labels.find((l) => l.key === 'firma_b')?.name).toBe('Firma B AG');
    await addUser(t.app, 'b@example.de', 'firma_b');
    cookies.b = await login(t, 'b@example.de');
    const id = await submit('b', 'firma_b');
    await t.app.db
      .updateTable('submissions')
      .set({ content_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    const csv = (await api(t, 'GET', '/api/inbox/export.csv?tenant=firma_b', { cookie: cookies.admin })).body as string;
    expect(csv).toContain('Firma B AG');
  });

  it("applies a created tenant's stored thank-you variant to the contact forms", async () => {
    // Bank variant: names need two characters, with the bank's messages.
    const bankLike = await submit('e', 'firma-e');
    const refused = await api(t, 'PUT', `/api/submissions/${bankLike}/contact`, {
      cookie: cookies.e,
      body: goodContact,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(f.bankFirstNameMin);
    const row = await t.app.db
      .selectFrom('submissions')
      .select(['contact_email', 'completed_at'])
      .where('id', '=', bankLike)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ contact_email: null, completed_at: null });
    expect(
      (
        await api(t, 'PUT', `/api/submissions/${bankLike}/contact`, {
          cookie: cookies.e,
          body: { ...goodContact, firstName: 'Anna', lastName: 'Muster' },
        })
      ).status,
    ).toBe(200);
    const post = await api(t, 'PUT', `/api/submissions/${bankLike}/post-contact`, {
      cookie: cookies.e,
      body: { email: 'kein-mail' },
    });
    expect(post.status).toBe(400);
    expect(JSON.stringify(post.body)).toContain(f.bankEmailInvalid);

    // Company variant: the standard rules (one character is enough).
    const standard = await submit('f', 'firma-f');
    expect(
      (await api(t, 'PUT', `/api/submissions/${standard}/contact`, { cookie: cookies.f, body: goodContact })).status,
    ).toBe(200);
  });
});
