import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { trustProxyOf } from '../config';
import { createUser } from '../users/service';
import {
  addUser,
  api,
  dialects,
  freshPostgresDatabase,
  login,
  startTestApp,
  TEST_PASSWORD,
  type TestApp,
} from '../testing/harness';

const signIn = (t: TestApp, email: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.url, ...headers },
    body: JSON.stringify({ email, password }),
  });

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('TRUST_PROXY setting', () => {
  it('is off by default and takes a hop count or proxy addresses', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(typeof trustProxyOf('1')).toBe('function');
  });
});

describe.each(dialects)('abuse limits and auth hardening on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { LOGIN_RATE_LIMIT: '5', LOGIN_FAILURES_PER_ACCOUNT: '4' });
    await addUser(t.app, 'admin@example.de', 'admin');
    await addUser(t.app, 'anna@example.de', 'bank');
    await addUser(t.app, 'bert@example.de', 'bank');
  });
  afterAll(() => t.close());
  // Each test starts with fresh per-address windows (better-auth's and ours).
  beforeEach(async () => {
    await t.app.db.deleteFrom('rate_limits').execute();
    await t.app.db.deleteFrom('rateLimit' as never).execute();
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: another forged address per try still meets the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await signIn(t, `nobody${i}@example.de`, 'falsch-falsch', { 'x-forwarded-for': `203.0.113.${i + 1}` })).status,
      );
    expect(statuses).toContain(429);
  });

  it('holds an account after LOGIN_FAILURES_PER_ACCOUNT failed logins, whatever the address, with a German message; the right password is refused too', async () => {
    const proxied = await startTestApp(dialect, {
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_FAILURES_PER_ACCOUNT: '4',
      TRUST_PROXY: '1',
    });
    try {
      await addUser(proxied.app, 'anna@example.de', 'bank');
      await addUser(proxied.app, 'carl@example.de', 'bank');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await signIn(proxied, 'Anna@Example.de', 'falsch-falsch', { 'x-forwarded-for': `198.51.100.${i + 1}` }))
            .status,
        );
      expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
      expect(statuses.slice(4)).toEqual([429, 429]);
      const right = await signIn(proxied, 'anna@example.de', TEST_PASSWORD, { 'x-forwarded-for': '198.51.100.99' });
      expect(right.status).toBe(429);
      expect((await right.json()).message).toBe(texts.auth.accountLocked);
      // Another account is not affected, and its success clears its own count.
      for (let i = 0; i < 3; i++) expect((await signIn(proxied, 'carl@example.de', 'falsch-falsch')).status).toBe(401);
      expect((await signIn(proxied, 'carl@example.de', TEST_PASSWORD)).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await signIn(proxied, 'carl@example.de', 'falsch-falsch')).status).toBe(401);
      expect((await signIn(proxied, 'carl@example.de', TEST_PASSWORD)).status).toBe(200);
      // The count is in the database: a second instance on the same database refuses too.
      const row = await proxied.app.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', 'login-account:anna@example.de')
        .executeTakeFirst();
      expect(Number(row?.count)).toBeGreaterThanOrEqual(5);
    } finally {
      await proxied.close();
    }
  });

  it('counts wrong logins whatever body better-auth accepts (JSON with BOM, form-encoded); a locked account stays locked', async () => {
    const proxied = await startTestApp(dialect, {
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_FAILURES_PER_ACCOUNT: '4',
      TRUST_PROXY: '1',
    });
    try {
      await addUser(proxied.app, 'emil@example.de', 'bank');
      const post = (init: { type?: string; body: BodyInit }, address: string) =>
        fetch(`${proxied.url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: {
            origin: proxied.url,
            'x-forwarded-for': address,
            ...(init.type ? { 'content-type': init.type } : {}),
          },
          body: init.body,
        });
      const bom = (password: string) => ({
        type: 'application/json',
        body: `\uFEFF${JSON.stringify({ email: 'emil@example.de', password })}`,
      });
      const form = (password: string) => ({
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams({ email: 'Emil@Example.de', password }).toString(),
      });
      const multipart = (password: string) => {
        const data = new FormData();
        data.set('email', 'emil@example.de');
        data.set('password', password);
        return { body: data };
      };
      // The library accepts both forms: the right password logs in (and clears the count); multipart it refuses.
      for (const body of [bom, form]) expect((await post(body(TEST_PASSWORD), '192.0.2.200')).status).toBe(200);
      expect((await post(multipart(TEST_PASSWORD), '192.0.2.200')).status).toBe(415);
      const statuses: number[] = [];
      const kinds = [bom, form, bom, form, bom, form];
      for (let i = 0; i < kinds.length; i++)
        statuses.push((await post(kinds[i]!('falsch-falsch'), `192.0.2.${i + 1}`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      for (const body of [
        bom(TEST_PASSWORD),
        form(TEST_PASSWORD),
        { type: 'application/json', body: JSON.stringify({ email: 'emil@example.de', password: TEST_PASSWORD }) },
      ]) {
        const res = await post(body, '192.0.2.99');
        expect(res.status).toBe(429);
        expect((await res.json()).message).toBe(texts.auth.accountLocked);
      }
    } finally {
      await proxied.close();
    }
  });

  it('does not let one address lock an account for everybody: its own attempts are held, another address still logs in', async () => {
    const proxied = await startTestApp(dialect, {
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_FAILURES_PER_ACCOUNT: '4',
      TRUST_PROXY: '1',
    });
    try {
      await addUser(proxied.app, 'fritz@example.de', 'bank');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await signIn(proxied, 'fritz@example.de', 'falsch-falsch', { 'x-forwarded-for': '203.0.113.66' })).status,
        );
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      expect(
        (await signIn(proxied, 'fritz@example.de', TEST_PASSWORD, { 'x-forwarded-for': '203.0.113.66' })).status,
      ).toBe(429);
      expect(
        (await signIn(proxied, 'fritz@example.de', TEST_PASSWORD, { 'x-forwarded-for': '198.51.100.7' })).status,
      ).toBe(200);
      // Its failures were slowed down (captcha-free): the third failure from an address waited before its answer.
      await signIn(proxied, 'fritz@example.de', 'falsch-falsch', { 'x-forwarded-for': '203.0.113.67' });
      await signIn(proxied, 'fritz@example.de', 'falsch-falsch', { 'x-forwarded-for': '203.0.113.67' });
      const slowStart = Date.now();
      await signIn(proxied, 'fritz@example.de', 'falsch-falsch', { 'x-forwarded-for': '203.0.113.67' });
      expect(Date.now() - slowStart).toBeGreaterThanOrEqual(380);
    } finally {
      await proxied.close();
    }
  });

  it('answers better-auth refusals in German (no "Invalid email")', async () => {
    const res = await signIn(t, 'kein-at-zeichen', 'irgendwas');
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.message).toBe(texts.auth.invalidEmail);
    const wrong = await signIn(t, 'bert@example.de', 'falsch-falsch');
    expect((await wrong.json()).message).toBe(texts.auth.loginFailedText);
  });

  it('accepts a TOTP code once only', async () => {
    const cookie = await login(t, 'admin@example.de');
    const enable = await api(t, 'POST', '/api/auth/two-factor/enable', { cookie, body: { password: TEST_PASSWORD } });
    expect(enable.status).toBe(200);
    const secret = new URL(enable.body.totpURI).searchParams.get('secret')!;
    const otp = createOTP(new TextDecoder().decode(base32.decode(secret)));
    const step = Math.floor(Date.now() / 30_000);
    // Enabling uses the previous step's code (still inside the window), the logins the current one.
    expect(
      (await api(t, 'POST', '/api/auth/two-factor/verify-totp', { cookie, body: { code: await otp.hotp(step - 1) } }))
        .status,
    ).toBe(200);
    const code = await otp.hotp(step);

    const first = await signIn(t, 'admin@example.de', TEST_PASSWORD);
    expect((await first.json()).twoFactorRedirect).toBe(true);
    const ok = await api(t, 'POST', '/api/auth/two-factor/verify-totp', { cookie: cookiesOf(first), body: { code } });
    expect(ok.status).toBe(200);

    const second = await signIn(t, 'admin@example.de', TEST_PASSWORD);
    const again = await api(t, 'POST', '/api/auth/two-factor/verify-totp', {
      cookie: cookiesOf(second),
      body: { code },
    });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(texts.auth.totpUsed);
    expect(
      again.headers.getSetCookie().some((c) => c.includes('session_token=') && !c.includes('session_token=;')),
    ).toBe(false);
  });

  it('refuses common passwords with a German message wherever a password is set', async () => {
    // First admin (setup) and the CLI go through createUser.
    await expect(
      createUser(t.app.auth, { email: 'x@example.de', password: 'passwort123', role: 'bank' }),
    ).rejects.toThrow(texts.auth.passwordTooCommon);
    // Reset / invitation: better-auth's own endpoint.
    const context = await t.app.auth.$context;
    const user = await t.app.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'bert@example.de')
      .executeTakeFirstOrThrow();
    for (const [token, password] of [
      ['tok-common-1', 'Passwort1'],
      ['tok-common-2', 'qwertz123'],
      ['tok-common-3', 'hallo1234'],
      ['tok-de-1', 'Passwort1!'],
      ['tok-de-2', 'Sommer2024!'],
      ['tok-de-3', 'Schalke04!'],
      ['tok-de-4', 'Vdi12345!'],
      ['tok-de-5', 'P@sswort2024'],
    ] as const) {
      await context.internalAdapter.createVerificationValue({
        identifier: `reset-password:${token}`,
        value: user.id,
        expiresAt: new Date(Date.now() + 60_000),
      });
      const res = await api(t, 'POST', '/api/auth/reset-password', { body: { token, newPassword: password } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(texts.auth.passwordTooCommon);
    }
    await context.internalAdapter.createVerificationValue({
      identifier: 'reset-password:tok-good',
      value: user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(
      (
        await api(t, 'POST', '/api/auth/reset-password', {
          body: { token: 'tok-good', newPassword: 'Brückenpfeiler-im-Nebel-7' },
        })
      ).status,
    ).toBe(200);
    expect((await signIn(t, 'bert@example.de', 'Brückenpfeiler-im-Nebel-7')).status).toBe(200);
  });

  it('refuses a common password at the first-admin setup with a German message', async () => {
    const fresh = await startTestApp(dialect);
    try {
      const res = await api(fresh, 'POST', '/api/setup', {
        body: { name: 'Admin', email: 'chef@example.de', password: 'password1' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(texts.auth.passwordTooCommon);
      expect(await fresh.app.db.selectFrom('user').select('id').executeTakeFirst()).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });

  it("keeps better-auth's admin endpoints away from clients and impersonation off even for admins", async () => {
    const admin = await login(t, 'anna@example.de');
    await t.app.db.updateTable('user').set({ role: 'admin' }).where('email', '=', 'anna@example.de').execute();
    const target = await t.app.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'bert@example.de')
      .executeTakeFirstOrThrow();
    const calls: [string, unknown][] = [
      ['/api/auth/admin/impersonate-user', { userId: target.id }],
      ['/api/auth/admin/set-user-password', { userId: target.id, newPassword: 'Brückenpfeiler-im-Nebel-8' }],
      ['/api/auth/admin/remove-user', { userId: target.id }],
      [
        '/api/auth/admin/create-user',
        { email: 'neu@example.de', password: 'Brückenpfeiler-im-Nebel-9', name: 'Neu', role: 'admin' },
      ],
      ['/api/auth/admin/set-role', { userId: target.id, role: 'admin' }],
      ['/api/auth/admin/ban-user', { userId: target.id }],
    ];
    for (const [path, body] of calls) {
      for (const cookie of [admin, undefined]) {
        const res = await api(t, 'POST', path, { cookie, body });
        expect([403, 404]).toContain(res.status);
        expect(res.body.message).toBe(texts.common.notFound);
      }
    }
    expect((await api(t, 'GET', '/api/auth/admin/list-users', { cookie: admin })).status).toBe(404);
    const bert = await t.app.db
      .selectFrom('user')
      .select(['role', 'banned'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(bert.role).toBe('bank');
    expect(!!bert.banned).toBe(false);
    expect(
      await t.app.db.selectFrom('user').select('id').where('email', '=', 'neu@example.de').executeTakeFirst(),
    ).toBeUndefined();
    // Impersonation is off in the access rules too, not only at the door.
    await expect(
      t.app.auth.api.impersonateUser({ body: { userId: target.id }, headers: new Headers({ cookie: admin }) }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });
});

describe('the per-account login limit across instances', () => {
  it('holds when the failed logins are spread over two instances on one PostgreSQL database', async () => {
    const db = await freshPostgresDatabase();
    const env = { DATABASE_URL: db.url, LOGIN_FAILURES_PER_ACCOUNT: '3', LOGIN_RATE_LIMIT: '1000' };
    const one = await startTestApp('postgres', env);
    const two = await startTestApp('postgres', env);
    try {
      await addUser(one.app, 'dora@example.de', 'bank');
      expect((await signIn(one, 'dora@example.de', 'falsch-falsch')).status).toBe(401);
      expect((await signIn(two, 'dora@example.de', 'falsch-falsch')).status).toBe(401);
      expect((await signIn(one, 'dora@example.de', 'falsch-falsch')).status).toBe(401);
      const held = await signIn(two, 'dora@example.de', TEST_PASSWORD);
      expect(held.status).toBe(429);
      expect((await held.json()).message).toBe(texts.auth.accountLocked);
    } finally {
      await one.close();
      await two.close();
      await db.drop();
    }
  });
});
