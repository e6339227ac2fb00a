import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxPage } from '../../common/contracts/inbox';
import { tenantDefaults } from '../../common/schemas/tenants';
import type { TenantListItem } from '../../common/contracts/tenants';
import { texts } from '../../common/texts';
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
import { addMember } from './service';

const tt = texts.tenants;

/** Solves the ALTCHA proof of work as the browser does (as in server/public-link/limits.test.ts). */
async function solveAltcha(t: TestApp): Promise<string> {
  const challenge = (await api(t, 'GET', '/api/public/challenge')).body;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

describe.each(dialects)('tenants as data on %s', (dialect) => {
  let t: TestApp;
  const cookies: Record<string, string> = {} as Record<string, string>;
  const cookie = (who: string) => cookies[who]!;

  beforeAll(async () => {
    t = await startTestApp(dialect, { ALTCHA_MAX_NUMBER: '2000' });
    await addUser(t.app, 'admin@example.de', 'admin');
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    await addUser(t.app, 'a@example.de', 'firma_a');
    cookies.admin = await login(t, 'admin@example.de');
    cookies.vdi = await login(t, 'vdi@example.de');
    cookies.a = await login(t, 'a@example.de');
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>, cookie = cookies.admin) =>
    api(t, 'POST', '/api/admin/tenants', { cookie, body: { ...tenantDefaults, ...body } });

  it('has the seed five as rows, listed for admins only', async () => {
    const res = await api(t, 'GET', '/api/admin/tenants', { cookie: cookies.admin });
    expect(res.status).toBe(200);
    expect((res.body as TenantListItem[]).map((x) => x.key).sort()).toEqual([
      'bank',
      'firma_a',
      'firma_b',
      'testnormec',
      'vdi',
    ]);
    expect((res.body as TenantListItem[]).find((x) => x.key === 'bank')).toMatchObject({
      name: 'Bank',
      wording: 'banker',
      builtin: true,
      brandColor: '#b91c1c',
    });
    expect((await api(t, 'GET', '/api/admin/tenants', { cookie: cookies.vdi })).status).toBe(403);
    expect((await create({ key: 'firma-x', name: 'X' }, cookies.vdi)).status).toBe(403);
  });

  it('refuses a bad key, a light colour and a taken key in German, changing nothing', async () => {
    const bad = await create({ key: 'Firma C!', name: 'Firma C' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(tt.keyInvalid);
    const light = await create({ key: 'firma-c', name: 'Firma C', brandColor: '#ffcc00' });
    expect(light.status).toBe(400);
    expect(light.body.message).toMatch(/Kontrast 1,\d : 1/);
    expect((await create({ key: 'bank', name: 'Bank 2' })).body.message).toBe(tt.keyReserved);
    expect((await api(t, 'GET', '/api/admin/tenants', { cookie: cookies.admin })).body).toHaveLength(5);
  });

  it('a new tenant: its contributor submits, its editor sees it, nobody else', async () => {
    const made = await create({ key: 'firma-c', name: 'Firma C', brandColor: '#1d4ed8', publicLink: true });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ key: 'firma-c', builtin: false, publicLink: true });
    expect((await create({ key: 'firma-c', name: 'Firma C' })).status).toBe(409);
    await create({ key: 'firma-d', name: 'Firma D' });

    await addMember(t.app, null, 'firma-c', { email: 'c@example.de', role: 'contributor', password: TEST_PASSWORD });
    await addMember(t.app, null, 'firma-c', { email: 'c-editor@example.de', role: 'editor', password: TEST_PASSWORD });
    await addMember(t.app, null, 'firma-d', { email: 'd-editor@example.de', role: 'editor', password: TEST_PASSWORD });
    for (const who of ['c', 'c-editor', 'd-editor']) cookies[who] = await login(t, `${who}@example.de`);

    const me = await api(t, 'GET', '/api/me/tenant', { cookie: cookies.c });
    expect(me.body).toMatchObject({
      membership: { tenant: 'firma-c', role: 'contributor' },
      landing: '/t/firma-c',
      tenant: { name: 'Firma C' },
    });
    expect((await api(t, 'GET', '/api/me/tenant', { cookie: cookies['c-editor'] })).body.landing).toBe('/eingang');
    expect((await api(t, 'GET', '/api/me/tenant', { cookie: cookies.a })).body.landing).toBe('/firma-a');
    expect((await api(t, 'GET', '/api/me/tenant', { cookie: cookies.vdi })).body.landing).toBe('/content-selection');

    const sub = await api(t, 'POST', '/api/submissions', {
      cookie: cookies.c,
      body: { tenant: 'firma-c', kind: 'upload' },
    });
    expect(sub.status).toBe(201);
    const id = sub.body.contentId as number;
    await t.app.db
      .updateTable('submissions')
      .set({ content_at: new Date().toISOString(), transcript: 'Ein Foto vom Prüfstand.' })
      .where('id', '=', id)
      .execute();

    // Other tenants' people cannot submit for it.
    expect(
      (await api(t, 'POST', '/api/submissions', { cookie: cookies.a, body: { tenant: 'firma-c', kind: 'upload' } }))
        .status,
    ).toBe(403);
    expect(
      (await api(t, 'POST', '/api/submissions', { cookie: cookies.c, body: { tenant: 'firma_a', kind: 'upload' } }))
        .status,
    ).toBe(403);
    expect(
      (await api(t, 'POST', '/api/submissions', { cookie: cookies.c, body: { tenant: 'nirgends', kind: 'upload' } }))
        .status,
    ).toBe(404);

    const inbox = (await api(t, 'GET', '/api/inbox', { cookie: cookies['c-editor'] })).body as InboxPage;
    expect(inbox.items.map((i) => i.contentId)).toEqual([id]);
    expect((await api(t, 'GET', `/api/inbox/${id}`, { cookie: cookies['c-editor'] })).status).toBe(200);
    expect((await api(t, 'GET', '/api/inbox/export.csv', { cookie: cookies['c-editor'] })).status).toBe(200);
    expect((await api(t, 'GET', '/api/inbox?tenant=vdi', { cookie: cookies['c-editor'] })).status).toBe(403);

    // Another tenant's editor, the association's editor: not found; contributors: no inbox at all.
    expect((await api(t, 'GET', `/api/inbox/${id}`, { cookie: cookies['d-editor'] })).status).toBe(404);
    expect(((await api(t, 'GET', '/api/inbox', { cookie: cookies['d-editor'] })).body as InboxPage).items).toEqual([]);
    expect((await api(t, 'GET', `/api/inbox/${id}`, { cookie: cookies.vdi })).status).toBe(404);
    expect((await api(t, 'GET', '/api/inbox', { cookie: cookies.c })).status).toBe(403);
    expect((await api(t, 'GET', `/api/inbox/${id}`, { cookie: cookies.c })).status).toBe(403);
    expect((await api(t, 'GET', `/api/submissions/${id}`, { cookie: cookies['d-editor'] })).status).toBe(404);
    expect((await api(t, 'GET', `/api/submissions/${id}`, { cookie: cookies.c })).status).toBe(200);
    // The admin sees everything.
    expect((await api(t, 'GET', `/api/inbox/${id}`, { cookie: cookies.admin })).status).toBe(200);

    const list = (await api(t, 'GET', '/api/admin/tenants', { cookie: cookies.admin })).body as TenantListItem[];
    expect(list.find((x) => x.key === 'firma-c')).toMatchObject({ submissions: 1, contributors: 1, editors: 1 });
  });

  it('the public link takes anonymous submissions only while switched on', async () => {
    const anon = await api(t, 'POST', '/api/public/submissions', {
      body: { tenant: 'firma-c', altcha: await solveAltcha(t) },
    });
    expect(anon.status).toBe(201);
    expect(
      (
        await t.app.db
          .selectFrom('submissions')
          .select('tenant')
          .where('id', '=', anon.body.contentId)
          .executeTakeFirstOrThrow()
      ).tenant,
    ).toBe('firma-c');
    const off = await api(t, 'POST', '/api/public/submissions', {
      body: { tenant: 'firma-d', altcha: await solveAltcha(t) },
    });
    expect(off.status).toBe(404);
    expect(off.body.message).toBe(texts.uploads.unknownTenant);
    // The seed's public links are unchanged.
    expect(
      (await api(t, 'POST', '/api/public/submissions', { body: { tenant: 'firma-a', altcha: await solveAltcha(t) } }))
        .status,
    ).toBe(201);
    await t.app.db.deleteFrom('submissions').where('id', '=', anon.body.contentId).execute();
  });

  it('editors invite their own contributors, not editors, and not into other tenants', async () => {
    const ok = await api(t, 'POST', '/api/tenants/firma-c/members', {
      cookie: cookies['c-editor'],
      body: { email: 'neu@example.de', role: 'contributor' },
    });
    expect(ok.status).toBe(201);
    const members = await api(t, 'GET', '/api/tenants/firma-c/members', { cookie: cookies['c-editor'] });
    expect(members.body.map((m: { email: string }) => m.email)).toContain('neu@example.de');
    const editor = await api(t, 'POST', '/api/tenants/firma-c/members', {
      cookie: cookies['c-editor'],
      body: { email: 'chef@example.de', role: 'editor' },
    });
    expect(editor.status).toBe(403);
    expect(editor.body.message).toBe(tt.editorsByAdmin);
    expect(
      (
        await api(t, 'POST', '/api/tenants/firma-d/members', {
          cookie: cookies['c-editor'],
          body: { email: 'x@example.de', role: 'contributor' },
        })
      ).status,
    ).toBe(403);
    expect((await api(t, 'GET', '/api/tenants/firma-d/members', { cookie: cookies['c-editor'] })).status).toBe(403);
    expect(
      (
        await api(t, 'POST', '/api/tenants/firma-c/members', {
          cookie: cookies.c,
          body: { email: 'y@example.de', role: 'contributor' },
        })
      ).status,
    ).toBe(403);
    // An existing account gets an invitation to accept: the same answer as for a new address.
    const again = await api(t, 'POST', '/api/tenants/firma-c/members', {
      cookie: cookies.admin,
      body: { email: 'neu@example.de', role: 'contributor' },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ email: 'neu@example.de', invited: true });
  });

  it('tells anonymous visitors only about tenants with a public link', async () => {
    expect((await api(t, 'GET', '/api/tenants/firma-c')).status).toBe(200);
    const hidden = await api(t, 'GET', '/api/tenants/firma-d');
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(tt.notFound);
    expect((await api(t, 'GET', '/api/tenants/firma-d', { cookie: cookies['d-editor'] })).status).toBe(200);
    expect((await api(t, 'GET', '/api/tenants/firma-d', { cookie: cookies.c })).status).toBe(404);
    expect((await api(t, 'GET', '/api/tenants/firma-d', { cookie: cookies.admin })).status).toBe(200);
  });

  it('takes a PNG logo resized, refuses SVG', async () => {
    const png = await sharp({ create: { width: 2000, height: 400, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const up = await fetch(`${t.url}/api/admin/tenants/firma-c/logo`, {
      method: 'PUT',
      headers: { origin: t.url, cookie: cookie('admin'), 'content-type': 'image/png' },
      body: png,
    });
    expect(up.status).toBe(200);
    const info = (await api(t, 'GET', '/api/tenants/firma-c')).body;
    expect(info.logoUrl).toMatch(/^\/api\/tenants\/firma-c\/logo/);
    const logo = await fetch(`${t.url}${info.logoUrl}`);
    expect(logo.status).toBe(200);
    const meta = await sharp(Buffer.from(await logo.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 102 });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await fetch(`${t.url}/api/admin/tenants/firma-c/logo`, {
      method: 'PUT',
      headers: { origin: t.url, cookie: cookie('admin'), 'content-type': 'image/svg+xml' },
      body: svg,
    });
    expect(refused.status).toBe(415);
    expect((await refused.json()).message).toBe(tt.logoSvg);
  });

  it('archiving refuses new submissions; deleting needs the key and leaves an audit entry', async () => {
    expect(
      (await api(t, 'POST', '/api/admin/tenants/firma-c/archive', { cookie: cookies.admin, body: { archived: true } }))
        .status,
    ).toBe(200);
    const refused = await api(t, 'POST', '/api/submissions', {
      cookie: cookies.c,
      body: { tenant: 'firma-c', kind: 'upload' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(tt.isArchived);
    expect((await api(t, 'GET', '/api/tenants/firma-c')).status).toBe(404);

    expect(
      (await api(t, 'DELETE', '/api/admin/tenants/bank', { cookie: cookies.admin, body: { confirmKey: 'bank' } }))
        .status,
    ).toBe(409);
    const wrong = await api(t, 'DELETE', '/api/admin/tenants/firma-c', {
      cookie: cookies.admin,
      body: { confirmKey: 'firma-d' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(tt.deleteMismatch);
    const gone = await api(t, 'DELETE', '/api/admin/tenants/firma-c', {
      cookie: cookies.admin,
      body: { confirmKey: 'firma-c' },
    });
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ ok: true, submissions: 1 });
    expect(await t.app.db.selectFrom('submissions').select('id').where('tenant', '=', 'firma-c').execute()).toEqual([]);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('target', '=', 'tenant:firma-c')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['tenant.create', 'tenant.archive', 'tenant.delete']),
    );
    // The contributor's account stays, without a tenant.
    expect((await api(t, 'GET', '/api/me/tenant', { cookie: cookies.c })).body).toMatchObject({
      membership: null,
      landing: '/no-role',
    });
  });
});

describe('two instances on one PostgreSQL database', () => {
  it('a tenant created on one works on the other within seconds', async () => {
    const database = await freshPostgresDatabase();
    const env = { DATABASE_URL: database.url };
    const a = await startTestApp('postgres', env);
    const b = await startTestApp('postgres', env);
    try {
      await addUser(a.app, 'admin@example.de', 'admin');
      const admin = await login(a, 'admin@example.de');
      // b has its cache filled before the tenant exists.
      expect((await api(b, 'GET', '/api/tenants/firma-z')).status).toBe(404);
      const started = Date.now();
      expect(
        (
          await api(a, 'POST', '/api/admin/tenants', {
            cookie: admin,
            body: { ...tenantDefaults, key: 'firma-z', name: 'Firma Z' },
          })
        ).status,
      ).toBe(201);
      await addMember(a.app, null, 'firma-z', { email: 'z@example.de', role: 'contributor', password: TEST_PASSWORD });
      let seen = 0;
      while (Date.now() - started < 10_000) {
        if ((await api(b, 'GET', '/api/tenants/firma-z', { cookie: admin })).status === 200) {
          seen = Date.now() - started;
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen).toBeGreaterThan(0);
      expect(seen).toBeLessThan(5000);
      const z = await login(b, 'z@example.de');
      expect(
        (await api(b, 'POST', '/api/submissions', { cookie: z, body: { tenant: 'firma-z', kind: 'upload' } })).status,
      ).toBe(201);
      console.log(`tenant visible on the second instance after ${seen} ms`);
    } finally {
      await a.close();
      await b.close();
      await database.drop();
    }
  });
});
