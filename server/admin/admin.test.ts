import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStatistics } from '../../common/contracts/admin';
import { texts } from '../../common/texts';
import { attachFile } from '../submissions/files';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';
import { lastWeeks, weekStart } from './service';

async function submit(t: TestApp, cookie: string, tenant: string, kind = 'interview') {
  const res = await api(t, 'POST', '/api/submissions', { cookie, body: { tenant, kind } });
  expect(res.status).toBe(201);
  // Only a submission with content counts (an empty one is an opened page, nothing sent).
  await t.app.db
    .updateTable('submissions')
    .set({ post_description: 'Ein Beitrag' })
    .where('id', '=', res.body.contentId)
    .execute();
  return res.body.contentId as number;
}

async function attach(t: TestApp, contentId: number, kind: 'photo' | 'document' | 'transcript' | 'audio' = 'photo') {
  return attachFile(t.app, {
    contentId,
    kind,
    body: Buffer.from(`bytes of ${kind}`),
    originalName: `${kind}.bin`,
    contentType: 'application/octet-stream',
    extension: 'bin',
  });
}

const ofTenant = (stats: AdminStatistics, tenant: string) => stats.tenants.find((s) => s.tenant === tenant)!;

describe('statistics weeks', () => {
  it('starts weeks on Monday (UTC)', () => {
    expect(weekStart(new Date('2026-11-21T05:00:00Z'))).toBe('2026-11-16');
    expect(weekStart(new Date('2026-11-16T00:00:00Z'))).toBe('2026-11-16');
    expect(weekStart(new Date('2026-11-15T23:59:59Z'))).toBe('2026-11-09');
    expect(lastWeeks(3, new Date('2026-11-21T05:00:00Z'))).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
  });
});

describe.each(dialects)('admin statistics on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    for (const [email, role] of [
      ['admin@example.de', 'admin'],
      ['vdi@example.de', 'vdi_admin'],
      ['bank1@example.de', 'bank'],
      ['bank2@example.de', 'bank'],
      ['firma-a@example.de', 'firma_a'],
    ] as const)
      await addUser(t.app, email, role);
    admin = await login(t, 'admin@example.de');
  });
  afterAll(() => t.close());

  it('counts interviews, uploads and active users per tenant, the bank included, in SQL', async () => {
    const bank1 = await login(t, 'bank1@example.de');
    const bank2 = await login(t, 'bank2@example.de');
    const firmaA = await login(t, 'firma-a@example.de');
    const b1 = await submit(t, bank1, 'bank');
    await attach(t, b1);
    await attach(t, b1, 'document');
    await attach(t, b1, 'transcript'); // transcript files are not uploads
    await attach(t, b1, 'audio'); // nor the recordings the app makes (interview.wav per take, voice messages)
    await submit(t, bank1, 'bank', 'voice');
    const b2 = await submit(t, bank2, 'bank');
    await attach(t, b2);
    await submit(t, firmaA, 'firma_a');

    const res = await api(t, 'GET', '/api/admin/statistics', { cookie: admin });
    expect(res.status).toBe(200);
    const stats = res.body as AdminStatistics;
    expect(ofTenant(stats, 'bank')).toMatchObject({ totalInterviews: 3, totalMediaUploads: 3, activeUsers: 2 });
    expect(ofTenant(stats, 'firma_a')).toMatchObject({ totalInterviews: 1, totalMediaUploads: 0, activeUsers: 1 });
    expect(ofTenant(stats, 'firma_b')).toMatchObject({
      totalInterviews: 0,
      totalMediaUploads: 0,
      activeUsers: 0,
      topUsers: [],
    });
    expect(ofTenant(stats, 'vdi')).toMatchObject({ totalInterviews: 0 });

    const top = ofTenant(stats, 'bank').topUsers;
    expect(top.map((u) => [u.userEmail, u.interviewsCount, u.mediaUploadsCount])).toEqual([
      ['bank1@example.de', 2, 2],
      ['bank2@example.de', 1, 1],
    ]);
    expect(Date.parse(top[0]!.lastActivity)).toBeGreaterThan(Date.now() - 60_000);

    const thisWeek = stats.weekly.at(-1)!;
    expect(stats.weekly).toHaveLength(12);
    expect(thisWeek.week).toBe(weekStart(new Date()));
    expect(thisWeek.counts).toMatchObject({ bank: 3, firma_a: 1 });
  });

  it('keeps only the three most active users per tenant', async () => {
    const counts = [4, 1, 3, 2];
    for (const [i, n] of counts.entries()) {
      await addUser(t.app, `b${i}@example.de`, 'firma_b');
      const cookie = await login(t, `b${i}@example.de`);
      for (let k = 0; k < n; k++) await submit(t, cookie, 'firma_b');
    }
    const stats = (await api(t, 'GET', '/api/admin/statistics', { cookie: admin })).body as AdminStatistics;
    expect(ofTenant(stats, 'firma_b').topUsers.map((u) => u.userEmail)).toEqual([
      'b0@example.de',
      'b2@example.de',
      'b3@example.de',
    ]);
    expect(ofTenant(stats, 'firma_b')).toMatchObject({ totalInterviews: 10, activeUsers: 4 });
  });

  it('counts down when a submission and its files are deleted', async () => {
    const vdi = await login(t, 'vdi@example.de');
    const id = await submit(t, vdi, 'vdi');
    await attach(t, id);
    await attach(t, id);
    let vdiStats = ofTenant((await api(t, 'GET', '/api/admin/statistics', { cookie: admin })).body, 'vdi');
    expect(vdiStats).toMatchObject({ totalInterviews: 1, totalMediaUploads: 2, activeUsers: 1 });
    expect((await api(t, 'DELETE', `/api/inbox/${id}`, { cookie: admin })).status).toBe(200);
    vdiStats = ofTenant((await api(t, 'GET', '/api/admin/statistics', { cookie: admin })).body, 'vdi');
    expect(vdiStats).toMatchObject({ totalInterviews: 0, totalMediaUploads: 0, activeUsers: 0 });
  });

  it('shows statistics to admins only', async () => {
    expect((await api(t, 'GET', '/api/admin/statistics')).status).toBe(401);
    for (const email of ['vdi@example.de', 'bank1@example.de']) {
      const res = await api(t, 'GET', '/api/admin/statistics', { cookie: await login(t, email) });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(texts.auth.noPermission);
    }
  });
});
