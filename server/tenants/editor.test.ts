import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';
import { editorSees } from './editor';

/** One editor check for inbox, content and post (server/tenants/editor.ts), with the held rule (issue 38). */
describe('editorSees', () => {
  it('shows a submission in the scope and not held', () => {
    expect(editorSees({ scope: null }, { held: 0, tenant: 'vdi' })).toBe(true);
    expect(editorSees({ scope: ['vdi'] }, { held: 0, tenant: 'vdi' })).toBe(true);
    expect(editorSees({ scope: ['vdi'] }, { held: 0, tenant: 'bank' })).toBe(false);
    expect(editorSees({ scope: null }, { held: 1, tenant: 'vdi' })).toBe(false);
    expect(editorSees({ scope: ['vdi'] }, { held: 1, tenant: 'vdi' })).toBe(false);
  });
});

describe.each(dialects)('the editor check of the team pages on %s', (dialect) => {
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

  it('hides a held submission from content overview, cards, clips, proposals, post and inbox until it is released', async () => {
    const created = await api(t, 'POST', '/api/submissions', {
      cookie: vdi,
      body: { tenant: 'vdi', kind: 'upload', held: true },
    });
    expect(created.status).toBe(201);
    const id = created.body.contentId as number;
    const card = { format: '4:5', quote: 'Heute leite ich ein Team.', showName: false };
    const clip = { mediaId: 1, start: 0, end: 2, format: '9:16', photoMediaId: null };
    const routes = [
      ['GET', `/api/content/${id}`, undefined],
      ['POST', `/api/content/${id}/cards`, card],
      ['POST', `/api/content/${id}/clips`, clip],
      ['GET', `/api/content/${id}/proposals?mediaId=1`, undefined],
      ['GET', `/api/posts/${id}`, undefined],
      ['GET', `/api/inbox/${id}`, undefined],
    ] as const;
    for (const cookie of [admin, vdi])
      for (const [method, url, body] of routes) {
        const res = await api(t, method, url, { cookie, body });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body.message, `${method} ${url}`).toBe(texts.common.contentIdNotFound);
      }

    expect((await api(t, 'POST', `/api/submissions/${id}/release`, { cookie: vdi })).status).toBe(200);
    expect((await api(t, 'GET', `/api/content/${id}`, { cookie: admin })).status).toBe(200);
    expect((await api(t, 'GET', `/api/inbox/${id}`, { cookie: vdi })).status).toBe(200);
    // Past the editor check now: the unknown source is the route's own answer.
    const proposals = await api(t, 'GET', `/api/content/${id}/proposals?mediaId=1`, { cookie: admin });
    expect(proposals.body.message).toBe(texts.content.sourceUnknown);
  });
});
