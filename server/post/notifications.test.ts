import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { addUser, api, freshPostgresDatabase, login, startTestApp, type TestApp } from '../testing/harness';
import { localTime, scheduleNotifications } from './notifications';

const t = texts.post;

describe('notification choices', () => {
  let tApp: TestApp;
  beforeAll(async () => {
    tApp = await startTestApp('sqlite');
    await addUser(tApp.app, 'redaktion@example.de', 'vdi_admin');
    await addUser(tApp.app, 'bank@example.de', 'bank');
  });
  afterAll(() => tApp.close());

  it("keeps each editor's choice, refuses bad hours and non-editors, and logs the change", async () => {
    const cookie = await login(tApp, 'redaktion@example.de');
    expect((await api(tApp, 'GET', '/api/account/notifications', { cookie })).body).toEqual({
      mode: 'none',
      digestHour: 8,
    });
    expect(
      (await api(tApp, 'PUT', '/api/account/notifications', { cookie, body: { mode: 'digest', digestHour: 24 } }))
        .status,
    ).toBe(400);
    expect(
      (await api(tApp, 'PUT', '/api/account/notifications', { cookie, body: { mode: 'digest', digestHour: 17 } }))
        .status,
    ).toBe(200);
    expect((await api(tApp, 'GET', '/api/account/notifications', { cookie })).body).toEqual({
      mode: 'digest',
      digestHour: 17,
    });
    const bank = await login(tApp, 'bank@example.de');
    expect(
      (await api(tApp, 'PUT', '/api/account/notifications', { cookie: bank, body: { mode: 'immediate' } })).status,
    ).toBe(403);
    const audit = await tApp.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'account.notifications')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor_email: 'redaktion@example.de' })]);
  });

  it("reads the digest hour in the editors' time zone", () => {
    expect(localTime(new Date('2026-11-23T22:30:00Z'), 'Europe/Berlin')).toEqual({ day: '2026-11-23', hour: 23 });
    expect(localTime(new Date('2026-11-23T23:30:00Z'), 'Europe/Berlin')).toEqual({ day: '2026-11-24', hour: 0 });
  });
});

describe('notifications with two app instances on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    one = await startTestApp('postgres', { DATABASE_URL: database.url });
    two = await startTestApp('postgres', { DATABASE_URL: database.url });
    await addUser(one.app, 'chefin@example.de', 'admin');
    await addUser(one.app, 'redaktion@example.de', 'vdi_admin');
    await addUser(one.app, 'ruhe@example.de', 'admin');
    await addUser(one.app, 'bank@example.de', 'bank');
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await database.drop();
  });

  it('sends the daily digest exactly once and each immediate mail once, however often both instances look', async () => {
    const chefin = await login(one, 'chefin@example.de');
    const redaktion = await login(two, 'redaktion@example.de');
    await api(one, 'PUT', '/api/account/notifications', { cookie: chefin, body: { mode: 'digest', digestHour: 0 } });
    await api(two, 'PUT', '/api/account/notifications', { cookie: redaktion, body: { mode: 'immediate' } });
    await api(one, 'PUT', '/api/account/notifications', {
      cookie: await login(one, 'ruhe@example.de'),
      body: { mode: 'none' },
    });

    const bank = await login(one, 'bank@example.de');
    const ids: number[] = [];
    for (const [cookie, tenant] of [
      [redaktion, 'vdi'],
      [bank, 'bank'],
      [redaktion, 'vdi'],
    ] as const) {
      const id = (await api(one, 'POST', '/api/submissions', { cookie, body: { tenant, kind: 'voice' } })).body
        .contentId;
      await one.app.db
        .updateTable('submissions')
        .set({ completed_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    // A submission not completed yet is no news.
    await api(one, 'POST', '/api/submissions', { cookie: redaktion, body: { tenant: 'vdi', kind: 'upload' } });

    const rounds = await Promise.all([
      scheduleNotifications(one.app),
      scheduleNotifications(two.app),
      scheduleNotifications(one.app),
      scheduleNotifications(two.app),
    ]);
    expect(rounds.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await scheduleNotifications(two.app)).toBe(0);
    await Promise.all([one.app.jobs.drain(), two.app.jobs.drain()]);

    const mails = await one.app.db.selectFrom('outbox').selectAll().orderBy('id').execute();
    const digests = mails.filter((m) => m.to_address === 'chefin@example.de');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe(
      t.digestSubject(3, localTime(new Date(), 'Europe/Berlin').day.split('-').reverse().join('.')),
    );
    for (const id of ids) expect(digests[0]!.body).toContain(`/eingang/${id}`);
    const immediate = mails.filter((m) => m.to_address === 'redaktion@example.de');
    expect(immediate.map((m) => m.subject).sort()).toEqual(
      [t.newSubmissionSubject(ids[0]!, 'VDI'), t.newSubmissionSubject(ids[2]!, 'VDI')].sort(),
    );
    expect(mails.filter((m) => m.to_address === 'ruhe@example.de' || m.to_address === 'bank@example.de')).toEqual([]);
    const jobs = await one.app.db
      .selectFrom('jobs')
      .select(['kind', 'status'])
      .where('kind', 'like', 'post.%')
      .execute();
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
  });
});
