import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, OutboxPage } from '../../common/contracts/admin';
import { texts } from '../../common/texts';
import { addUser, api, dialects, login, startTestApp, TEST_PASSWORD, type TestApp } from '../testing/harness';

const t7 = texts.admin;

describe.each(dialects)('user management on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const userId = async (email: string) =>
    ((await api(t, 'GET', '/api/admin/users', { cookie: admin })).body as AdminUser[]).find((u) => u.email === email)!
      .id;
  const lastMailTo = async (to: string) =>
    ((await api(t, 'GET', '/api/admin/outbox', { cookie: admin })).body as OutboxPage).mails.find((m) => m.to === to);
  const linkIn = (body: string) => body.match(/https?:\/\/\S+/)![0];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await addUser(t.app, 'admin@example.de', 'admin');
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    admin = await login(t, 'admin@example.de');
  });
  afterAll(() => t.close());

  it('invites a user by e-mail; the link in the outbox sets the password', async () => {
    const res = await api(t, 'POST', '/api/admin/users', {
      cookie: admin,
      body: { email: 'Neu@Example.de', role: 'firma_a' },
    });
    expect(res.status).toBe(201);
    const listed = ((await api(t, 'GET', '/api/admin/users', { cookie: admin })).body as AdminUser[]).find(
      (u) => u.email === 'neu@example.de',
    );
    expect(listed).toMatchObject({ role: 'firma_a', deactivated: false, hasPassword: false });

    const mail = await lastMailTo('neu@example.de');
    expect(mail?.subject).toBe(t7.inviteMailSubject);
    const link = linkIn(mail!.body);
    const redirect = await fetch(link, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const target = new URL(redirect.headers.get('location')!);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const reset = await api(t, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'ein-neues-passwort' },
    });
    expect(reset.status).toBe(200);
    const cookie = await login(t, 'neu@example.de', 'ein-neues-passwort');
    expect((await api(t, 'GET', '/api/me', { cookie })).body).toMatchObject({
      email: 'neu@example.de',
      role: 'firma_a',
    });
    // The token works once.
    expect(
      (await api(t, 'POST', '/api/auth/reset-password', { body: { token, newPassword: 'noch-ein-passwort' } })).status,
    ).toBe(400);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('action', '=', 'user.invite')
      .execute();
    expect(audit).toEqual([{ action: 'user.invite', actor_email: 'admin@example.de' }]);
  });

  it('refuses a second account with the same address', async () => {
    const res = await api(t, 'POST', '/api/admin/users', {
      cookie: admin,
      body: { email: 'vdi@example.de', role: 'bank' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(t7.userExists);
    const invalid = await api(t, 'POST', '/api/admin/users', {
      cookie: admin,
      body: { email: 'kein-at', role: 'bank' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(t7.userEmailInvalid);
  });

  it('changes a role', async () => {
    await addUser(t.app, 'rolle@example.de', null);
    const id = await userId('rolle@example.de');
    expect((await api(t, 'PUT', `/api/admin/users/${id}/role`, { cookie: admin, body: { role: 'bank' } })).status).toBe(
      200,
    );
    const cookie = await login(t, 'rolle@example.de');
    expect((await api(t, 'GET', '/api/me', { cookie })).body.role).toBe('bank');
    expect((await api(t, 'PUT', `/api/admin/users/${id}/role`, { cookie: admin, body: { role: 'none' } })).status).toBe(
      200,
    );
    expect((await api(t, 'GET', '/api/me', { cookie })).body.role).toBeNull();
    expect((await api(t, 'PUT', `/api/admin/users/${id}/role`, { cookie: admin, body: { role: 'chef' } })).status).toBe(
      400,
    );
  });

  it('deactivates an account: its sessions end and it cannot sign in until activated again', async () => {
    await addUser(t.app, 'weg@example.de', 'firma_b');
    const cookie = await login(t, 'weg@example.de');
    const id = await userId('weg@example.de');
    expect((await api(t, 'POST', `/api/admin/users/${id}/deactivate`, { cookie: admin })).status).toBe(200);
    expect((await api(t, 'GET', '/api/me', { cookie })).status).toBe(401);
    await expect(login(t, 'weg@example.de')).rejects.toThrow();
    // The right password gets the answer a wrong one gets: nothing tells that the account exists and is deactivated.
    const right = await api(t, 'POST', '/api/auth/sign-in/email', {
      body: { email: 'weg@example.de', password: TEST_PASSWORD },
    });
    const wrong = await api(t, 'POST', '/api/auth/sign-in/email', {
      body: { email: 'weg@example.de', password: 'falsch-falsch-falsch' },
    });
    expect([right.status, right.body]).toEqual([wrong.status, wrong.body]);
    expect(right.status).toBe(401);
    expect(
      ((await api(t, 'GET', '/api/admin/users', { cookie: admin })).body as AdminUser[]).find((u) => u.id === id)!
        .deactivated,
    ).toBe(true);
    expect((await api(t, 'POST', `/api/admin/users/${id}/activate`, { cookie: admin })).status).toBe(200);
    expect((await api(t, 'GET', '/api/me', { cookie: await login(t, 'weg@example.de') })).status).toBe(200);
  });

  it('ends a session SESSION_MAX_HOURS (12) after its login, however active; names have a length limit', async () => {
    await addUser(t.app, 'lang@example.de', 'firma_b');
    const cookie = await login(t, 'lang@example.de');
    expect((await api(t, 'GET', '/api/me', { cookie })).status).toBe(200);
    const user = await userId('lang@example.de');
    // Stored as better-auth stores it: a Date on PostgreSQL, text or a number on SQLite.
    const stored = (await t.app.db
      .selectFrom('session' as never)
      .select('createdAt' as never)
      .where('userId' as never, '=', user as never)
      .executeTakeFirstOrThrow()) as { createdAt: unknown };
    const at = (hours: number) => {
      const when = new Date(Date.now() - hours * 3_600_000);
      return stored.createdAt instanceof Date
        ? when
        : typeof stored.createdAt === 'number'
          ? when.getTime()
          : when.toISOString();
    };
    // Active all along (the idle window is fresh), logged in 11.9 hours ago: still in.
    await t.app.db
      .updateTable('session' as never)
      .set({ createdAt: at(11.9) } as never)
      .where('userId' as never, '=', user as never)
      .execute();
    expect((await api(t, 'GET', '/api/me', { cookie })).status).toBe(200);
    await t.app.db
      .updateTable('session' as never)
      .set({ createdAt: at(12.1) } as never)
      .where('userId' as never, '=', user as never)
      .execute();
    expect((await api(t, 'GET', '/api/me', { cookie })).status).toBe(401);
    expect((await api(t, 'GET', '/api/auth/get-session', { cookie })).body).toBeNull();
    expect(
      await t.app.db
        .selectFrom('session' as never)
        .select('id' as never)
        .where('userId' as never, '=', user as never)
        .executeTakeFirst(),
    ).toBeUndefined();

    const fresh = await login(t, 'lang@example.de');
    const long = await api(t, 'POST', '/api/auth/update-user', { cookie: fresh, body: { name: 'N'.repeat(101) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(texts.auth.nameTooLong);
    expect(
      (await api(t, 'POST', '/api/auth/update-user', { cookie: fresh, body: { name: 'N'.repeat(100) } })).status,
    ).toBe(200);
    const invite = await api(t, 'POST', '/api/admin/users', {
      cookie: admin,
      body: { email: 'name@example.de', name: 'x'.repeat(101), role: 'none' },
    });
    expect(invite.body.message).toBe(texts.auth.nameTooLong);
  });

  it('does not let an admin deactivate or demote their own account', async () => {
    const id = await userId('admin@example.de');
    const res = await api(t, 'POST', `/api/admin/users/${id}/deactivate`, { cookie: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(t7.notOnYourself);
    expect((await api(t, 'PUT', `/api/admin/users/${id}/role`, { cookie: admin, body: { role: 'bank' } })).status).toBe(
      409,
    );
  });

  it('sends a password reset link', async () => {
    const id = await userId('vdi@example.de');
    expect((await api(t, 'POST', `/api/admin/users/${id}/password-reset`, { cookie: admin })).status).toBe(200);
    const mail = await lastMailTo('vdi@example.de');
    expect(mail?.subject).toBe(texts.auth.resetMailSubject);
    const redirect = await fetch(linkIn(mail!.body), { redirect: 'manual' });
    expect(new URL(redirect.headers.get('location')!).searchParams.get('token')).toBeTruthy();
  });

  it('keeps user management and the outbox for admins', async () => {
    const vdi = await login(t, 'vdi@example.de');
    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users'],
      ['GET', '/api/admin/outbox'],
      ['POST', `/api/admin/users/${await userId('admin@example.de')}/deactivate`],
    ] as const) {
      const res = await api(t, method, path, {
        cookie: vdi,
        body: method === 'POST' ? { email: 'x@example.de', role: 'admin' } : undefined,
      });
      expect(res.status).toBe(403);
    }
    expect((await api(t, 'GET', '/api/admin/users/unknown/role')).status).toBe(404);
    expect((await api(t, 'POST', '/api/admin/users/unknown/deactivate', { cookie: admin })).status).toBe(404);
  });
});
