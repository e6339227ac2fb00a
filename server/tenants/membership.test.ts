import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDefaults } from '../../common/schemas/tenants';
import { texts } from '../../common/texts';
import {
  addUser,
  api,
  dialects,
  freshPostgresDatabase,
  lastMailTo,
  login,
  startTestApp,
  TEST_PASSWORD,
  type TestApp,
} from '../testing/harness';
import { memberCommand } from './cli';
import { addMember } from './service';

const tt = texts.tenants;

/** Memberships end when an admin or an editor ends them (issue 26, major 3). */
describe.each(dialects)('memberships that end, and invitations that must be accepted, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};
  const idOf = async (email: string) =>
    (await t.app.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const audit = async (action: string) =>
    t.app.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

  beforeAll(async () => {
    t = await startTestApp(dialect, { INVITATIONS_PER_HOUR: '8' });
    await addUser(t.app, 'admin@m.test', 'admin');
    admin = await login(t, 'admin@m.test');
    for (const key of ['firma-c', 'firma-d'])
      expect(
        (await api(t, 'POST', '/api/admin/tenants', { cookie: admin, body: { ...tenantDefaults, key, name: key } }))
          .status,
      ).toBe(201);
    const people: [string, string, 'contributor' | 'editor'][] = [
      ['c-editor', 'firma-c', 'editor'],
      ['c-editor2', 'firma-c', 'editor'],
      ['c-one', 'firma-c', 'contributor'],
      ['c-two', 'firma-c', 'contributor'],
      ['d-one', 'firma-d', 'contributor'],
    ];
    for (const [name, tenant, role] of people) {
      await addMember(t.app, null, tenant, { email: `${name}@m.test`, role, password: TEST_PASSWORD });
      ids[name] = await idOf(`${name}@m.test`);
      cookies[name] = await login(t, `${name}@m.test`);
    }
    await addUser(t.app, 'vdi-editor@m.test', 'vdi_admin');
    ids['vdi-editor'] = await idOf('vdi-editor@m.test');
    cookies['vdi-editor'] = await login(t, 'vdi-editor@m.test');
  });
  afterAll(() => t.close());

  it('GET /api/session answers who is signed in in one request: nulls for nobody, role and tenant as /me and /me/tenant', async () => {
    const anonymous = await api(t, 'GET', '/api/session');
    expect([anonymous.status, anonymous.body]).toEqual([200, { me: null, mine: null }]);
    for (const name of ['c-editor', 'c-one', 'vdi-editor']) {
      const cookie = cookies[name]!;
      const session = await api(t, 'GET', '/api/session', { cookie });
      expect(session.status).toBe(200);
      expect(session.body.me).toEqual((await api(t, 'GET', '/api/me', { cookie })).body);
      expect(session.body.mine).toEqual((await api(t, 'GET', '/api/me/tenant', { cookie })).body);
    }
    const editor = (await api(t, 'GET', '/api/session', { cookie: cookies['c-editor'] })).body;
    expect(editor.mine.membership).toEqual({ tenant: 'firma-c', role: 'editor' });
    expect(editor.mine.tenant.agentIds).toEqual({});
  });

  it('an admin setting an editor\'s role to "none" ends the membership at once; the list says so; the audit log has it', async () => {
    expect((await api(t, 'GET', '/api/inbox', { cookie: cookies['c-editor2'] })).status).toBe(200);
    const set = await api(t, 'PUT', `/api/admin/users/${ids['c-editor2']}/role`, {
      cookie: admin,
      body: { role: 'none' },
    });
    expect(set.status).toBe(200);
    // The same session, its next request.
    expect((await api(t, 'GET', '/api/inbox', { cookie: cookies['c-editor2'] })).status).toBe(403);
    expect((await api(t, 'GET', '/api/tenants/firma-c/members', { cookie: cookies['c-editor2'] })).status).toBe(403);
    expect(
      (
        await api(t, 'POST', '/api/submissions', {
          cookie: cookies['c-editor2'],
          body: { tenant: 'firma-c', kind: 'upload' },
        })
      ).status,
    ).toBe(403);
    const users = await api(t, 'GET', '/api/admin/users', { cookie: admin });
    const row = users.body.find((u: { email: string }) => u.email === 'c-editor2@m.test');
    expect(row).toMatchObject({ role: null, membership: null });
    expect(users.body.find((u: { email: string }) => u.email === 'c-one@m.test').membership).toEqual({
      tenant: 'firma-c',
      role: 'contributor',
    });
    expect(users.body.find((u: { email: string }) => u.email === 'vdi-editor@m.test').membership).toEqual({
      tenant: 'vdi',
      role: 'editor',
    });
    const members = await api(t, 'GET', '/api/tenants/firma-c/members', { cookie: admin });
    expect(members.body.map((m: { email: string }) => m.email)).not.toContain('c-editor2@m.test');
    expect(
      (await audit('membership.remove')).some((a) => a.target === `user:${ids['c-editor2']}` && a.tenant === 'firma-c'),
    ).toBe(true);
  });

  it('an editor removes a contributor of the tenant: the person no longer reaches its submissions, their own included', async () => {
    const own = await api(t, 'POST', '/api/submissions', {
      cookie: cookies['c-two'],
      body: { tenant: 'firma-c', kind: 'upload' },
    });
    expect(own.status).toBe(201);
    expect((await api(t, 'GET', `/api/submissions/${own.body.contentId}`, { cookie: cookies['c-two'] })).status).toBe(
      200,
    );
    // Editors manage contributors only: not other editors, no promotion, not themselves.
    expect(
      (await api(t, 'DELETE', `/api/tenants/firma-c/members/${ids['c-editor']}`, { cookie: cookies['c-editor'] }))
        .status,
    ).toBe(409);
    expect(
      (
        await api(t, 'PUT', `/api/tenants/firma-c/members/${ids['c-two']}`, {
          cookie: cookies['c-editor'],
          body: { role: 'editor' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await api(t, 'DELETE', `/api/tenants/firma-d/members/${ids['d-one']}`, { cookie: cookies['c-editor'] })).status,
    ).toBe(403);
    expect(
      (await api(t, 'DELETE', `/api/tenants/firma-c/members/${ids['d-one']}`, { cookie: cookies['c-editor'] })).status,
    ).toBe(404);
    expect(
      (await api(t, 'DELETE', `/api/tenants/firma-c/members/${ids['c-one']}`, { cookie: cookies['c-two'] })).status,
    ).toBe(403);

    const removed = await api(t, 'DELETE', `/api/tenants/firma-c/members/${ids['c-two']}`, {
      cookie: cookies['c-editor'],
    });
    expect(removed.status).toBe(200);
    expect((await api(t, 'GET', `/api/submissions/${own.body.contentId}`, { cookie: cookies['c-two'] })).status).toBe(
      404,
    );
    expect(
      (
        await api(t, 'POST', '/api/submissions', {
          cookie: cookies['c-two'],
          body: { tenant: 'firma-c', kind: 'upload' },
        })
      ).status,
    ).toBe(403);
    // The submission stays with the tenant it was made for.
    expect((await api(t, 'GET', `/api/inbox/${own.body.contentId}`, { cookie: cookies['c-editor'] })).status).toBe(200);
    const entry = (await audit('membership.remove')).find((a) => a.target === `user:${ids['c-two']}`);
    expect(entry?.actor_email).toBe('c-editor@m.test');
  });

  it("an admin changes a member's role (a seed role holder too), and removes the seed's editor from VDI", async () => {
    const down = await api(t, 'PUT', `/api/tenants/firma-c/members/${ids['c-editor']}`, {
      cookie: admin,
      body: { role: 'contributor' },
    });
    expect(down.status).toBe(200);
    expect((await api(t, 'GET', '/api/inbox', { cookie: cookies['c-editor'] })).status).toBe(403);
    expect(
      (
        await api(t, 'POST', '/api/submissions', {
          cookie: cookies['c-editor'],
          body: { tenant: 'firma-c', kind: 'upload' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api(t, 'PUT', `/api/tenants/firma-c/members/${ids['c-editor']}`, {
          cookie: admin,
          body: { role: 'editor' },
        })
      ).status,
    ).toBe(200);
    expect((await api(t, 'GET', '/api/inbox', { cookie: cookies['c-editor'] })).status).toBe(200);
    expect((await audit('membership.role')).filter((a) => a.target === `user:${ids['c-editor']}`)).toHaveLength(2);

    expect((await api(t, 'GET', '/api/inbox', { cookie: cookies['vdi-editor'] })).status).toBe(200);
    const vdi = await api(t, 'GET', '/api/tenants/vdi/members', { cookie: admin });
    expect(vdi.body.find((m: { email: string }) => m.email === 'vdi-editor@m.test')).toMatchObject({
      role: 'editor',
      seed: true,
    });
    expect((await api(t, 'DELETE', `/api/tenants/vdi/members/${ids['vdi-editor']}`, { cookie: admin })).status).toBe(
      200,
    );
    expect((await api(t, 'GET', '/api/inbox', { cookie: cookies['vdi-editor'] })).status).toBe(403);
    expect((await api(t, 'GET', '/api/me/tenant', { cookie: cookies['vdi-editor'] })).body.membership).toBeNull();
  });

  it('an existing account joins only by accepting; the answer does not tell whether the address has an account', async () => {
    const existing = await api(t, 'POST', '/api/tenants/firma-c/members', {
      cookie: cookies['c-editor'],
      body: { email: 'd-one@m.test', role: 'contributor' },
    });
    const fresh = await api(t, 'POST', '/api/tenants/firma-c/members', {
      cookie: cookies['c-editor'],
      body: { email: 'neu@m.test', role: 'contributor' },
    });
    expect([existing.status, fresh.status]).toEqual([201, 201]);
    expect(Object.keys(existing.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(existing.body).toEqual({ email: 'd-one@m.test', invited: true });
    // Not silently added: still in firma-d, not in firma-c.
    expect((await api(t, 'GET', '/api/me/tenant', { cookie: cookies['d-one'] })).body.membership).toEqual({
      tenant: 'firma-d',
      role: 'contributor',
    });
    expect(
      (
        await api(t, 'POST', '/api/submissions', {
          cookie: cookies['d-one'],
          body: { tenant: 'firma-c', kind: 'upload' },
        })
      ).status,
    ).toBe(403);
    const mail = await lastMailTo(t.app.db, 'd-one@m.test');
    const token = /\/einladung\?token=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    // Another account cannot use it; a made-up token is refused alike.
    expect(
      (await api(t, 'POST', '/api/invitations/accept', { cookie: cookies['c-one'], body: { token } })).status,
    ).toBe(404);
    expect(
      (await api(t, 'POST', '/api/invitations/accept', { cookie: cookies['d-one'], body: { token: 'x'.repeat(32) } }))
        .body.message,
    ).toBe(tt.acceptInvalid);
    expect((await api(t, 'POST', '/api/invitations/accept', { body: { token } })).status).toBe(401);
    const accepted = await api(t, 'POST', '/api/invitations/accept', { cookie: cookies['d-one'], body: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.membership).toEqual({ tenant: 'firma-c', role: 'contributor' });
    expect(
      (
        await api(t, 'POST', '/api/submissions', {
          cookie: cookies['d-one'],
          body: { tenant: 'firma-c', kind: 'upload' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api(t, 'POST', '/api/submissions', {
          cookie: cookies['d-one'],
          body: { tenant: 'firma-d', kind: 'upload' },
        })
      ).status,
    ).toBe(403);
    // Used once.
    expect(
      (await api(t, 'POST', '/api/invitations/accept', { cookie: cookies['d-one'], body: { token } })).status,
    ).toBe(404);
    expect((await audit('membership.accept')).some((a) => a.tenant === 'firma-c')).toBe(true);
  });

  it("writes each new membership with its audit entry: the admin's addition and an editor's invitation of a new address", async () => {
    const added = await audit('membership.add');
    for (const [email, actor] of [
      ['c-one@m.test', null],
      ['neu@m.test', 'c-editor@m.test'],
    ] as const) {
      const id = await idOf(email);
      const entry = added.find((a) => a.target === `user:${id}`);
      expect(entry).toMatchObject({ tenant: 'firma-c', actor_email: actor });
      expect(JSON.parse(entry!.detail!)).toEqual({ email, role: 'contributor' });
      const member = await t.app.db.selectFrom('memberships').selectAll().where('user_id', '=', id).execute();
      expect(member.map((m) => [m.tenant, m.role])).toEqual([['firma-c', 'contributor']]);
    }
  });

  it("an archived tenant's editors invite no one; invitations are rate limited per sender", async () => {
    expect(
      (await api(t, 'POST', '/api/admin/tenants/firma-d/archive', { cookie: admin, body: { archived: true } })).status,
    ).toBe(200);
    const d = await addMember(t.app, null, 'firma-c', {
      email: 'd-editor@m.test',
      role: 'editor',
      password: TEST_PASSWORD,
    });
    expect(d.created).toBe(true);
    await t.app.db.updateTable('memberships').set({ tenant: 'firma-d' }).where('user_id', '=', d.id).execute();
    const dEditor = await login(t, 'd-editor@m.test');
    const refused = await api(t, 'POST', '/api/tenants/firma-d/members', {
      cookie: dEditor,
      body: { email: 'x1@m.test', role: 'contributor' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(tt.archivedNoInvite);
    expect(
      await t.app.db.selectFrom('user').select('id').where('email', '=', 'x1@m.test').executeTakeFirst(),
    ).toBeUndefined();

    // c-editor sent 2 above; the budget is 8 an hour.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await api(t, 'POST', '/api/tenants/firma-c/members', {
            cookie: cookies['c-editor'],
            body: { email: `flut${i}@m.test`, role: 'contributor' },
          })
        ).status,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    const last = await api(t, 'POST', '/api/tenants/firma-c/members', {
      cookie: cookies['c-editor'],
      body: { email: 'flut-last@m.test', role: 'contributor' },
    });
    expect(last.body.message).toBe(tt.invitesTooMany);
    // Another sender has its own budget.
    expect(
      (
        await api(t, 'POST', '/api/tenants/firma-c/members', {
          cookie: admin,
          body: { email: 'flut-admin@m.test', role: 'contributor' },
        })
      ).status,
    ).toBe(201);
  });

  it('concurrent creation of the same tenant key or the same new address answers 409, not 500', async () => {
    const tenants = await Promise.all(
      [0, 1, 2, 3].map(() =>
        api(t, 'POST', '/api/admin/tenants', {
          cookie: admin,
          body: { ...tenantDefaults, key: 'firma-race', name: 'Race' },
        }),
      ),
    );
    expect(tenants.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const invites = await Promise.all(
      [0, 1, 2, 3].map(() =>
        api(t, 'POST', '/api/tenants/firma-race/members', {
          cookie: admin,
          body: { email: 'race@m.test', role: 'contributor' },
        }),
      ),
    );
    for (const r of invites) expect([201, 409]).toContain(r.status);
    expect(invites.some((r) => r.status === 201)).toBe(true);
  });

  it('the operator changes and ends memberships on the command line (audited)', async () => {
    await memberCommand(t.app, 'role', { email: 'c-one@m.test', tenant: 'firma-c', role: 'editor' });
    expect((await api(t, 'GET', '/api/inbox', { cookie: cookies['c-one'] })).status).toBe(200);
    await memberCommand(t.app, 'remove', { email: 'c-one@m.test', tenant: 'firma-c' });
    expect((await api(t, 'GET', '/api/inbox', { cookie: cookies['c-one'] })).status).toBe(403);
    await expect(memberCommand(t.app, 'remove', { email: 'c-one@m.test', tenant: 'firma-c' })).rejects.toThrow(
      tt.memberNotFound,
    );
    expect(
      (await audit('membership.remove')).some((a) => a.target === `user:${ids['c-one']}` && a.actor_email === null),
    ).toBe(true);
  });
});

describe('a removal takes effect on every instance', () => {
  it('holds on a second instance on the same PostgreSQL database, sessions included', async () => {
    const db = await freshPostgresDatabase();
    const one = await startTestApp('postgres', { DATABASE_URL: db.url });
    const two = await startTestApp('postgres', { DATABASE_URL: db.url });
    try {
      await addUser(one.app, 'admin@m.test', 'admin');
      const admin = await login(one, 'admin@m.test');
      expect(
        (
          await api(one, 'POST', '/api/admin/tenants', {
            cookie: admin,
            body: { ...tenantDefaults, key: 'firma-c', name: 'Firma C' },
          })
        ).status,
      ).toBe(201);
      const member = await addMember(one.app, null, 'firma-c', {
        email: 'ed@m.test',
        role: 'editor',
        password: TEST_PASSWORD,
      });
      const cookie = await login(two, 'ed@m.test');
      expect((await api(two, 'GET', '/api/inbox', { cookie })).status).toBe(200);
      expect((await api(one, 'DELETE', `/api/tenants/firma-c/members/${member.id}`, { cookie: admin })).status).toBe(
        200,
      );
      expect((await api(two, 'GET', '/api/inbox', { cookie })).status).toBe(403);
    } finally {
      await one.close();
      await two.close();
      await db.drop();
    }
  });
});
