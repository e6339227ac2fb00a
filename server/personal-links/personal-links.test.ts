import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { api, dialects, startTestApp, type TestApp } from '../testing/harness';
import {
  codeOfLink,
  createPersonalLink,
  erasePersonalLinks,
  exportPersonalLinks,
  resolvePersonalLink,
  revokePersonalLink,
} from '.';

const person = { tenant: 'vdi', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', role: 'Ingenieurin' };

describe.each(dialects)('personal links on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect, { PERSONAL_LINK_MISSES_PER_HOUR: '5' });
  }, 60_000);
  afterAll(() => t?.close());

  it('resolve a short readable code to its person and to nobody else', async () => {
    const { code, id } = await createPersonalLink(t.app.db, t.config, person);
    const other = await createPersonalLink(t.app.db, t.config, {
      ...person,
      firstName: 'Grace',
      email: 'g@example.org',
    });
    expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{15}$/);
    expect(other.code).not.toBe(code);
    // Stored hashed: the code itself is nowhere in the row.
    const row = await t.app.db.selectFrom('personal_links').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(await codeOfLink(t.app.db, t.config, id)).toBe(code);

    const res = await api(t, 'GET', `/api/personal-links/${code.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'open',
      tenant: 'vdi',
      person: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', role: 'Ingenieurin' },
      contentIds: [],
    });
    const opened = await t.app.db
      .selectFrom('personal_links')
      .select('first_opened_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(opened.first_opened_at).not.toBeNull();
  });

  it('make submissions the link owns, reachable with their token while the link is open', async () => {
    const { code, id } = await createPersonalLink(t.app.db, t.config, person);
    const created = await api(t, 'POST', `/api/personal-links/${code}/submissions`, { body: { kind: 'voice' } });
    expect(created.status).toBe(201);
    const { contentId, accessToken } = created.body;
    const row = await t.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(row.personal_link_id).toBe(id);
    expect(row.source).toBe('personal-link');
    expect((await api(t, 'GET', `/api/personal-links/${code}`)).body.contentIds).toEqual([contentId]);
    const headers = { 'x-submission-token': accessToken };
    expect((await api(t, 'GET', `/api/submissions/${contentId}`, { headers })).status).toBe(200);

    await revokePersonalLink(t.app.db, id);
    const closed = await api(t, 'GET', `/api/submissions/${contentId}`, { headers });
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe(texts.personalLinks.expired);
    expect((await api(t, 'GET', `/api/personal-links/${code}`)).body).toEqual({
      state: 'expired',
      tenant: 'vdi',
      campaignId: null,
    });
    const refused = await api(t, 'POST', `/api/personal-links/${code}/submissions`, { body: { kind: 'voice' } });
    expect(refused.status).toBe(403);
  });

  it('expire with their time', async () => {
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    const { code } = await createPersonalLink(t.app.db, t.config, person, { campaignId: 7, expiresAt });
    expect((await resolvePersonalLink(t.app.db, code)).state).toBe('open');
    const later = await resolvePersonalLink(t.app.db, code, { at: new Date(Date.now() + 120_000) });
    expect(later).toMatchObject({ state: 'expired', campaignId: 7 });
  });

  it('refuse an address that guesses too many codes, before looking up even a real one', async () => {
    const { code } = await createPersonalLink(t.app.db, t.config, person);
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < 5; i++) {
      const miss = await api(t, 'GET', `/api/personal-links/aaaaabbbbbcccc${i}`, { headers });
      expect(miss.status).toBe(404);
      expect(miss.body.message).toBe(texts.personalLinks.unknown);
    }
    const refused = await api(t, 'GET', `/api/personal-links/${code}`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(texts.personalLinks.tooManyMisses);
    await t.app.db.deleteFrom('rate_limits').where('key', 'like', 'personal-link-miss:%').execute();
    expect((await api(t, 'GET', `/api/personal-links/${code}`)).status).toBe(200);
  });

  it('are exported and erased with the person', async () => {
    const email = 'erase-me@example.org';
    const { code } = await createPersonalLink(t.app.db, t.config, { ...person, email });
    const created = await api(t, 'POST', `/api/personal-links/${code}/submissions`, { body: { kind: 'upload' } });
    const exported = await exportPersonalLinks(t.app.db, 'Erase-Me@example.org');
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ email, firstName: 'Ada' });
    expect(JSON.stringify(exported)).not.toContain(code);
    expect(await erasePersonalLinks(t.app.db, email)).toHaveLength(1);
    expect((await resolvePersonalLink(t.app.db, code)).state).toBe('unknown');
    const row = await t.app.db
      .selectFrom('submissions')
      .select('personal_link_id')
      .where('id', '=', created.body.contentId)
      .executeTakeFirstOrThrow();
    expect(row.personal_link_id).toBeNull();
  });
});
