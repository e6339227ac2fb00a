import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxPage } from '../../common/contracts/inbox';
import { texts } from '../../common/texts';
import { expireEmptySubmissions } from '../jobs/expire-empty';
import { tusUpload } from '../uploads/testing/tus';
import * as fixture from '../uploads/testing/fixtures';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';

/** A draft sent from a phone arrives part by part; the team sees it only once it is released (issue 31). */
describe.each(dialects)('held submissions on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let vdi: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await addUser(t.app, 'admin@example.de', 'admin');
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    admin = await login(t, 'admin@example.de');
    vdi = await login(t, 'vdi@example.de');
  });
  afterAll(() => t.close());

  const inboxIds = async () =>
    ((await api(t, 'GET', '/api/inbox', { cookie: admin })).body as InboxPage).items.map((i) => i.contentId);
  const counted = async () => {
    const rows = await t.app.db.selectFrom('stats_week').select('submissions').where('tenant', '=', 'vdi').execute();
    return rows.reduce((n, r) => n + Number(r.submissions), 0);
  };

  it('keeps a held submission out of the inbox, its detail, the statistics and the export while its parts arrive, and shows it once released', async () => {
    const before = await counted();
    const created = await api(t, 'POST', '/api/submissions', {
      cookie: vdi,
      body: { tenant: 'vdi', kind: 'upload', held: true },
    });
    expect(created.status).toBe(201);
    const id = created.body.contentId as number;
    const owner = { cookie: vdi };
    // Its parts arrive one by one: a file, a text, the contact form.
    const file = await tusUpload(t, {
      bytes: fixture.pdf(),
      contentId: id,
      page: 'document-upload',
      filename: 'bericht.pdf',
      headers: owner,
    });
    expect(file.status).toBe(200);
    expect(await inboxIds()).not.toContain(id);
    const saved = await api(t, 'PUT', `/api/submissions/${id}/transcript`, {
      ...owner,
      body: { transcript: 'Grüße aus der Werkstatt.' },
    });
    expect(saved.status).toBe(200);
    const contact = await api(t, 'PUT', `/api/submissions/${id}/contact`, {
      ...owner,
      body: {
        firstName: 'Paula',
        lastName: 'Funkloch',
        email: 'paula@example.org',
        consentText: texts.finish.consent.contact,
      },
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    expect(await inboxIds()).not.toContain(id);
    expect((await api(t, 'GET', `/api/inbox/${id}`, { cookie: admin })).status).toBe(404);
    expect(String((await api(t, 'GET', '/api/inbox/export.csv', { cookie: admin })).body)).not.toContain('Funkloch');
    expect(await counted()).toBe(before);
    // The owner still works on it.
    expect((await api(t, 'GET', `/api/submissions/${id}`, owner)).status).toBe(200);

    const released = await api(t, 'POST', `/api/submissions/${id}/release`, owner);
    expect(released.status).toBe(200);
    expect(await inboxIds()).toContain(id);
    expect((await api(t, 'GET', `/api/inbox/${id}`, { cookie: admin })).status).toBe(200);
    expect(await counted()).toBe(before + 1);
    const row = await t.app.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.held).toBe(0);
    expect(row.content_at).not.toBeNull();
    // Released twice: nothing changes.
    expect((await api(t, 'POST', `/api/submissions/${id}/release`, owner)).status).toBe(200);
    expect(await counted()).toBe(before + 1);
    // Only its owner releases it.
    const other = await api(t, 'POST', '/api/submissions', {
      cookie: vdi,
      body: { tenant: 'vdi', kind: 'upload', held: true },
    });
    expect((await api(t, 'POST', `/api/submissions/${other.body.contentId}/release`)).status).toBe(404);
  });

  it('stamps a released submission that holds only files, and lets a held one wait 30 days before it expires', async () => {
    const created = await api(t, 'POST', '/api/submissions', {
      cookie: vdi,
      body: { tenant: 'vdi', kind: 'upload', held: true },
    });
    const id = created.body.contentId as number;
    await tusUpload(t, {
      bytes: fixture.pdf(),
      contentId: id,
      page: 'document-upload',
      filename: 'a.pdf',
      headers: { cookie: vdi },
    });
    const day = 86_400_000;
    expect(await expireEmptySubmissions(t.app.db, 7, Date.now() + 8 * day)).toBe(0);
    expect(await t.app.db.selectFrom('submissions').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    await api(t, 'POST', `/api/submissions/${id}/release`, { cookie: vdi });
    expect(await inboxIds()).toContain(id);

    const abandoned = await api(t, 'POST', '/api/submissions', {
      cookie: vdi,
      body: { tenant: 'vdi', kind: 'upload', held: true },
    });
    expect(await expireEmptySubmissions(t.app.db, 7, Date.now() + 31 * day)).toBeGreaterThanOrEqual(1);
    expect(
      await t.app.db
        .selectFrom('submissions')
        .select('id')
        .where('id', '=', abandoned.body.contentId)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
