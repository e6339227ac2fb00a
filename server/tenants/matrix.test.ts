import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayEnter, routeTable, type Member } from '../../common/routes';
import type { Role } from '../../common/roles';
import { tenantDefaults } from '../../common/schemas/tenants';
import { addUser, api, dialects, login, startTestApp, TEST_PASSWORD, type TestApp } from '../testing/harness';
import { accessFrom } from './access';
import { addMember } from './service';
import { createPersonalLink } from '../personal-links';

/** Who is who: a seed role or a stored membership of a created tenant. */
const actors: Record<string, { role: Role | null; member?: Member }> = {
  admin: { role: 'admin' },
  vdi_admin: { role: 'vdi_admin' },
  firma_a: { role: 'firma_a' },
  bank: { role: 'bank' },
  c_contributor: { role: null, member: { tenant: 'firma-c', role: 'contributor' } },
  c_editor: { role: null, member: { tenant: 'firma-c', role: 'editor' } },
  a_editor: { role: null, member: { tenant: 'firma_a', role: 'editor' } },
  none: { role: null },
};
const tenantsUnderTest = ['vdi', 'firma_a', 'bank', 'firma-c'] as const;

/** Who contributes to and who reviews which tenant: the one table both matrices check against. */
const contributes: Record<string, readonly string[]> = {
  admin: tenantsUnderTest,
  vdi_admin: ['vdi'],
  firma_a: ['firma_a'],
  bank: ['bank'],
  c_contributor: ['firma-c'],
  c_editor: ['firma-c'],
  a_editor: ['firma_a'],
  none: [],
};
const reviews: Record<string, readonly string[]> = {
  admin: tenantsUnderTest,
  vdi_admin: ['vdi'],
  c_editor: ['firma-c'],
  a_editor: ['firma_a'],
};

describe('route guard matrix (routes × memberships × tenants)', () => {
  const def = (path: string) => routeTable.find((r) => r.path === path)!;
  const pages: [string, string, string | undefined][] = [
    ['/content-selection', 'vdi', undefined],
    ['/firma-a', 'firma_a', undefined],
    ['/firma-a/upload', 'firma_a', undefined],
    ['/bank/thank-you', 'bank', undefined],
    ['/t/:tenantKey', 'firma-c', 'firma-c'],
    ['/t/:tenantKey/upload', 'firma-c', 'firma-c'],
    ['/t/:tenantKey/thank-you', 'firma-c', 'firma-c'],
  ];
  for (const [name, actor] of Object.entries(actors)) {
    const member = actor.member ?? accessFrom(actor.role, undefined).membership;
    it(`${name}: tenant pages of its own tenant only`, () => {
      for (const [path, tenant, param] of pages)
        expect([path, mayEnter(def(path), actor.role, member, param)]).toEqual([
          path,
          contributes[name]!.includes(tenant),
        ]);
    });
    it(`${name}: inbox for editors, admin pages for admins`, () => {
      expect(mayEnter(def('/eingang'), actor.role, member)).toBe(!!reviews[name]);
      expect(mayEnter(def('/eingang/:contentId'), actor.role, member)).toBe(!!reviews[name]);
      expect(mayEnter(def('/admin/bereiche'), actor.role, member)).toBe(name === 'admin');
      expect(mayEnter(def('/mitglieder'), actor.role, member)).toBe(!!reviews[name] && name !== 'admin');
      expect(mayEnter(def('/admin/users'), actor.role, member)).toBe(name === 'admin');
    });
  }
});

describe.each(dialects)('API authorisation matrix on %s', (dialect) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const campaigns: Record<string, number> = {};
  const campaign = (tenant: string) => ({
    tenant,
    name: `Kampagne ${tenant}`,
    flows: ['voice'],
    topic: null,
    questions: ['Was machen Sie?'],
    deadline: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    invitationText: 'Bitte erzählen Sie.',
    senderName: 'Team',
    contactEmail: 'team@m.test',
    reminderDays: [3],
  });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await addUser(t.app, 'admin@m.test', 'admin');
    const adminCookie = await login(t, 'admin@m.test');
    expect(
      (
        await api(t, 'POST', '/api/admin/tenants', {
          cookie: adminCookie,
          body: { ...tenantDefaults, key: 'firma-c', name: 'Firma C' },
        })
      ).status,
    ).toBe(201);
    for (const [name, actor] of Object.entries(actors)) {
      const email = `${name}@m.test`;
      if (name === 'admin') continue;
      if (actor.member)
        await addMember(t.app, null, actor.member.tenant, { email, role: actor.member.role, password: TEST_PASSWORD });
      else await addUser(t.app, email, actor.role);
    }
    for (const name of Object.keys(actors))
      cookies[name] = name === 'admin' ? adminCookie : await login(t, `${name}@m.test`);
    for (const tenant of tenantsUnderTest) {
      const res = await api(t, 'POST', '/api/submissions', { cookie: adminCookie, body: { tenant, kind: 'upload' } });
      ids[tenant] = res.body.contentId;
      campaigns[tenant] = (
        await api(t, 'POST', '/api/campaigns', { cookie: adminCookie, body: campaign(tenant) })
      ).body.id;
      await t.app.db
        .updateTable('submissions')
        .set({ content_at: new Date().toISOString() })
        .where('id', '=', ids[tenant]!)
        .execute();
    }
  });
  afterAll(() => t.close());

  it('accepting an invitation needs a signed-in account', async () => {
    expect((await api(t, 'POST', '/api/invitations/accept', { body: { token: 'a'.repeat(32) } })).status).toBe(401);
  });

  it.each(Object.keys(actors))('%s: submits where it belongs, reviews where it edits', async (name) => {
    for (const tenant of tenantsUnderTest) {
      const created = await api(t, 'POST', '/api/submissions', {
        cookie: cookies[name],
        body: { tenant, kind: 'upload' },
      });
      expect([tenant, created.status]).toEqual([tenant, contributes[name]!.includes(tenant) ? 201 : 403]);
      const detail = await api(t, 'GET', `/api/inbox/${ids[tenant]}`, { cookie: cookies[name] });
      expect([tenant, detail.status]).toEqual([
        tenant,
        reviews[name]?.includes(tenant) ? 200 : reviews[name] ? 404 : 403,
      ]);
    }
    const inbox = await api(t, 'GET', '/api/inbox', { cookie: cookies[name] });
    if (reviews[name])
      expect(new Set(inbox.body.items.map((i: { tenant: string }) => i.tenant))).toEqual(new Set(reviews[name]));
    else expect(inbox.status).toBe(403);
    expect((await api(t, 'GET', '/api/admin/tenants', { cookie: cookies[name] })).status).toBe(
      name === 'admin' ? 200 : 403,
    );
    // Campaigns and their invitees are the data of their tenant: its editors and admins only.
    for (const tenant of tenantsUnderTest) {
      const board = await api(t, 'GET', `/api/campaigns/${campaigns[tenant]}`, { cookie: cookies[name] });
      expect([tenant, 'campaign', board.status]).toEqual([
        tenant,
        'campaign',
        reviews[name]?.includes(tenant) ? 200 : reviews[name] ? 404 : 403,
      ]);
      const made = await api(t, 'POST', '/api/campaigns', { cookie: cookies[name], body: campaign(tenant) });
      expect([tenant, 'new campaign', made.status]).toEqual([
        tenant,
        'new campaign',
        reviews[name]?.includes(tenant) ? 201 : 403,
      ]);
      const invite = await api(t, 'POST', `/api/campaigns/${campaigns[tenant]}/invitees`, {
        cookie: cookies[name],
        body: { invitees: [{ firstName: 'A', lastName: 'B', email: 'not-an-address' }] },
      });
      expect([tenant, 'invitees', invite.status]).toEqual([
        tenant,
        'invitees',
        reviews[name]?.includes(tenant) || reviews[name] ? 400 : 403,
      ]);
    }
    const listed = await api(t, 'GET', '/api/campaigns', { cookie: cookies[name] });
    if (reviews[name])
      expect(new Set(listed.body.map((c: { tenant: string }) => c.tenant))).toEqual(new Set(reviews[name]));
    else expect(listed.status).toBe(403);
    const members = await api(t, 'GET', '/api/tenants/firma-c/members', { cookie: cookies[name] });
    expect(members.status).toBe(reviews[name]?.includes('firma-c') ? 200 : 403);
    // Membership changes: editors of the tenant (contributors only) and admins; everyone else 403.
    // A user id that is no member answers 404 to those allowed, so the matrix changes nobody.
    for (const tenant of tenantsUnderTest) {
      const may = !!reviews[name]?.includes(tenant);
      const role = await api(t, 'PUT', `/api/tenants/${tenant}/members/nobody`, {
        cookie: cookies[name],
        body: { role: 'contributor' },
      });
      expect([tenant, 'PUT', role.status]).toEqual([tenant, 'PUT', may ? 404 : 403]);
      const removal = await api(t, 'DELETE', `/api/tenants/${tenant}/members/nobody`, { cookie: cookies[name] });
      expect([tenant, 'DELETE', removal.status]).toEqual([tenant, 'DELETE', may ? 404 : 403]);
      const promote = await api(t, 'PUT', `/api/tenants/${tenant}/members/nobody`, {
        cookie: cookies[name],
        body: { role: 'editor' },
      });
      expect([tenant, 'promote', promote.status]).toEqual([tenant, 'promote', name === 'admin' ? 404 : 403]);
      const invite = await api(t, 'POST', `/api/tenants/${tenant}/members`, {
        cookie: cookies[name],
        body: { email: 'not-an-address', role: 'contributor' },
      });
      expect([tenant, 'invite', invite.status]).toEqual([tenant, 'invite', may ? 400 : 403]);
    }
    // Accepting needs a signed-in account and a real invitation.
    expect(
      (await api(t, 'POST', '/api/invitations/accept', { cookie: cookies[name], body: { token: 'a'.repeat(32) } }))
        .status,
    ).toBe(404);
    // The own page: everyone signed in sees their own only; takedowns and erasures within the tenants edited;
    // consent texts, retention and the record of processing for admins.
    const own = await api(t, 'GET', '/api/own-page/konto', { cookie: cookies[name] });
    expect(own.status).toBe(200);
    // (The admin made the matrix's own submissions: those are the admin's.)
    if (name !== 'admin')
      for (const s of own.body.submissions as { contentId: number }[])
        expect(Object.values(ids)).not.toContain(s.contentId);
    for (const path of ['/api/takedowns', '/api/erasures'])
      expect([path, (await api(t, 'GET', path, { cookie: cookies[name] })).status]).toEqual([
        path,
        reviews[name] ? 200 : 403,
      ]);
    for (const path of ['consent-texts', 'retention', 'processing.md'])
      expect([
        path,
        (await api(t, 'GET', `/api/admin/tenants/firma-c/${path}`, { cookie: cookies[name] })).status,
      ]).toEqual([path, name === 'admin' ? 200 : 403]);
    // The forms' current consent words are public (no personal data: kind, version id, words).
    const words = await api(t, 'GET', '/api/tenants/firma-c/consent-texts', { cookie: cookies[name] });
    expect(words.status).toBe(200);
    for (const v of Object.values(words.body)) expect(Object.keys(v as object).sort()).toEqual(['id', 'text']);
    for (const tenant of tenantsUnderTest) {
      const stats = await api(t, 'GET', `/api/tenants/${tenant}/statistics`, { cookie: cookies[name] });
      expect([tenant, stats.status]).toEqual([tenant, reviews[name]?.includes(tenant) ? 200 : 403]);
      if (stats.status === 200) {
        expect(stats.body.tenant).toBe(tenant);
        expect(stats.body.totalInterviews).toBeGreaterThanOrEqual(1);
        expect(stats.body.weekly).toHaveLength(12);
      }
    }
  });

  it("a personal link opens its person's own page only; another person's link sees nothing", async () => {
    const contentId = ids['firma-c']!;
    await t.app.db
      .updateTable('submissions')
      .set({ contact_email: 'erika@m.test', contact_first_name: 'Erika' })
      .where('id', '=', contentId)
      .execute();
    const link = async (email: string, tenant = 'firma-c') =>
      (await createPersonalLink(t.app.db, t.config, { tenant, firstName: 'X', lastName: 'Y', email })).code;
    const mine = await link('erika@m.test');
    const other = await link('max@m.test');
    const elsewhere = await link('erika@m.test', 'bank');
    const sees = async (code: string) =>
      ((await api(t, 'GET', `/api/own-page/${code}`)).body.submissions as { contentId: number }[]).map(
        (x) => x.contentId,
      );
    expect(await sees(mine)).toEqual([contentId]);
    expect(await sees(other)).toEqual([]);
    expect(await sees(elsewhere)).toEqual([]);
    for (const code of [other, elsewhere]) {
      const res = await api(t, 'POST', `/api/own-page/${code}/withdrawals`, { body: { kinds: ['publication'] } });
      expect(res.body.withdrawn).toBe(0);
    }
    expect((await api(t, 'GET', '/api/own-page/ZZZZZZZZZZZZZZZ')).status).toBe(404);
    expect((await api(t, 'GET', '/api/own-page/konto')).status).toBe(401);
  });
});
