import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';

describe.each(dialects)('auth and roles on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await addUser(t.app, 'bank@example.de', 'bank');
    await addUser(t.app, 'norole@example.de', null);
    await addUser(t.app, 'admin@example.de', 'admin');
  });
  afterAll(() => t.close());

  it('reports the role of the signed-in user', async () => {
    const cookie = await login(t, 'bank@example.de');
    const me = await api(t, 'GET', '/api/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'bank@example.de', username: 'bank', role: 'bank' });
  });

  it('reports no role for an account without one', async () => {
    const cookie = await login(t, 'norole@example.de');
    expect((await api(t, 'GET', '/api/me', { cookie })).body.role).toBeNull();
  });

  it('answers 401 with the German text when nobody is signed in', async () => {
    const res = await api(t, 'GET', '/api/me');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(texts.auth.mustBeLoggedIn);
  });

  it('rejects a wrong password', async () => {
    await expect(login(t, 'bank@example.de', 'falsch-falsch')).rejects.toThrow(/401/);
  });

  it('refuses public sign-up', async () => {
    const res = await api(t, 'POST', '/api/auth/sign-up/email', {
      body: { email: 'x@example.de', password: 'abcdefgh12', name: 'x' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(
      await t.app.db.selectFrom('user').select('id').where('email', '=', 'x@example.de').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('lets a bank user create bank submissions but not association ones', async () => {
    const cookie = await login(t, 'bank@example.de');
    const ok = await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'bank', kind: 'voice' } });
    expect(ok.status).toBe(201);
    expect(ok.body.contentId).toBeGreaterThan(0);
    const denied = await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'voice' } });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(texts.auth.noPermission);
  });

  it('hides a submission from another user, even with its numeric Content-ID', async () => {
    const bank = await login(t, 'bank@example.de');
    const { body } = await api(t, 'POST', '/api/submissions', {
      cookie: bank,
      body: { tenant: 'bank', kind: 'voice' },
    });
    const other = await login(t, 'norole@example.de');
    const res = await api(t, 'GET', `/api/submissions/${body.contentId}`, { cookie: other });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(texts.common.contentIdNotFound);
    expect((await api(t, 'GET', `/api/submissions/${body.contentId}`, { cookie: bank })).status).toBe(200);
    const admin = await login(t, 'admin@example.de');
    expect((await api(t, 'GET', `/api/submissions/${body.contentId}`, { cookie: admin })).status).toBe(200);
  });

  it('offers first-admin setup only while no admin exists', async () => {
    expect((await api(t, 'GET', '/api/client-config')).body.setupNeeded).toBe(false);
    const res = await api(t, 'POST', '/api/setup', {
      body: { name: 'X', email: 'second@example.de', password: 'abcdefgh12' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(texts.auth.setupClosed);
  });

  it('reports health', async () => {
    const res = await api(t, 'GET', '/api/health');
    expect(res.body).toEqual({ status: 'ready', database: true, storage: true });
  });
});

describe.each(dialects)('transcripts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
  });
  afterAll(() => t.close());

  it('saves a transcript once as text and as transcript.txt, replacing the older file', async () => {
    const cookie = await login(t, 'vdi@example.de');
    const { body } = await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'voice' } });
    const path = `/api/submissions/${body.contentId}/transcript`;
    expect(
      (await api(t, 'PUT', path, { cookie, body: { transcript: 'Interviewer: Hallo\n\nDu: Erste' } })).status,
    ).toBe(200);
    expect((await api(t, 'PUT', path, { cookie, body: { transcript: 'Du: Zweite', completed: true } })).status).toBe(
      200,
    );
    const row = await t.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', body.contentId)
      .executeTakeFirstOrThrow();
    expect(row.transcript).toBe('Du: Zweite');
    expect(row.completed_at).not.toBeNull();
    const files = await t.app.db.selectFrom('media').selectAll().where('submission_id', '=', body.contentId).execute();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ kind: 'transcript', original_name: 'transcript.txt', file_type: 'text/plain' });
    const stored = await t.app.blobs.get(files[0]!.file_path);
    const chunks: Buffer[] = [];
    for await (const c of stored) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('Du: Zweite');
  });

  it('refuses a blank transcript with "Das Transkript darf nicht leer sein." and changes nothing', async () => {
    const cookie = await login(t, 'vdi@example.de');
    const { body } = await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'voice' } });
    const res = await api(t, 'PUT', `/api/submissions/${body.contentId}/transcript`, {
      cookie,
      body: { transcript: '   ' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(texts.common.transcriptEmpty);
    const row = await t.app.db
      .selectFrom('submissions')
      .select('transcript')
      .where('id', '=', body.contentId)
      .executeTakeFirstOrThrow();
    expect(row.transcript).toBeNull();
  });
});
