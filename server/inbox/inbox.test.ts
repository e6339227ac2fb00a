import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxDetail, InboxPage } from '../../common/contracts/inbox';
import { texts } from '../../common/texts';
import { attachFile } from '../submissions/files';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';
import { readZip } from './read-zip';

const t7 = texts.admin;

describe.each(dialects)('editorial inbox on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let vdi: string;
  let bank: string;
  const ids = { vdiInterview: 0, vdiVoice: 0, bankUpload: 0 };

  async function submit(
    cookie: string,
    tenant: string,
    kind: string,
    fields: Record<string, unknown> = {},
    createdAt?: string,
  ) {
    const res = await api(t, 'POST', '/api/submissions', { cookie, body: { tenant, kind } });
    expect(res.status).toBe(201);
    const id = res.body.contentId as number;
    const set = { ...fields, ...(createdAt ? { created_at: createdAt } : {}) };
    if (Object.keys(set).length) await t.app.db.updateTable('submissions').set(set).where('id', '=', id).execute();
    return id;
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await addUser(t.app, 'admin@example.de', 'admin');
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    await addUser(t.app, 'bank@example.de', 'bank');
    admin = await login(t, 'admin@example.de');
    vdi = await login(t, 'vdi@example.de');
    bank = await login(t, 'bank@example.de');
    ids.vdiInterview = await submit(
      vdi,
      'vdi',
      'interview',
      {
        transcript: 'Interviewer: Was bauen Sie?\n\nDu: Eine Brücke aus Carbon.',
        contact_first_name: 'Erika',
        contact_last_name: 'Musterfrau',
        contact_email: 'erika@example.de',
      },
      '2026-03-02T10:00:00.000Z',
    );
    ids.vdiVoice = await submit(
      vdi,
      'vdi',
      'voice',
      { transcript: 'Du: Grüße vom Prüfstand.' },
      '2026-03-05T10:00:00.000Z',
    );
    ids.bankUpload = await submit(
      bank,
      'bank',
      'upload',
      { contact_first_name: 'Max', contact_last_name: 'Bankmann' },
      '2026-03-04T10:00:00.000Z',
    );
  });
  afterAll(() => t.close());

  const list = (cookie: string, query = '') => api(t, 'GET', `/api/inbox${query}`, { cookie });

  it('lists every tenant for an admin, newest first', async () => {
    const res = await list(admin);
    expect(res.status).toBe(200);
    const page = res.body as InboxPage;
    expect(page.items.map((i) => i.contentId)).toEqual([ids.vdiVoice, ids.bankUpload, ids.vdiInterview]);
    expect(page.total).toBe(3);
    expect(page.items[2]).toMatchObject({
      tenant: 'vdi',
      kind: 'interview',
      status: 'neu',
      contactName: 'Erika Musterfrau',
    });
  });

  it('shows a vdi_admin the association only, never bank data', async () => {
    const page = (await list(vdi)).body as InboxPage;
    expect(page.items.map((i) => i.tenant)).toEqual(['vdi', 'vdi']);
    expect(page.total).toBe(2);
    const filtered = await list(vdi, '?tenant=bank');
    expect(filtered.status).toBe(403);
    const detail = await api(t, 'GET', `/api/inbox/${ids.bankUpload}`, { cookie: vdi });
    expect(detail.status).toBe(404);
    expect(detail.body.message).toBe(texts.common.contentIdNotFound);
    expect((await api(t, 'GET', `/api/inbox/${ids.bankUpload}/zip`, { cookie: vdi })).status).toBe(404);
    expect((await api(t, 'DELETE', `/api/inbox/${ids.bankUpload}`, { cookie: vdi })).status).toBe(404);
    const csv = await fetch(`${t.url}/api/inbox/export.csv`, { headers: { cookie: vdi } }).then((r) => r.text());
    expect(csv).not.toContain('Bankmann');
  });

  it('gives a bank user and anonymous visitors no inbox at all', async () => {
    for (const path of [
      '/api/inbox',
      `/api/inbox/${ids.bankUpload}`,
      '/api/inbox/export.csv',
      `/api/inbox/${ids.bankUpload}/zip`,
    ]) {
      const res = await api(t, 'GET', path, { cookie: bank });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(texts.auth.noPermission);
      expect((await api(t, 'GET', path)).status).toBe(401);
    }
    expect(
      (await api(t, 'PUT', `/api/inbox/${ids.bankUpload}/status`, { cookie: bank, body: { status: 'verwendet' } }))
        .status,
    ).toBe(403);
  });

  it('filters by tenant, kind, status, date and search in transcripts and names', async () => {
    const idsOf = async (query: string) => ((await list(admin, query)).body as InboxPage).items.map((i) => i.contentId);
    expect(await idsOf('?tenant=bank')).toEqual([ids.bankUpload]);
    expect(await idsOf('?kind=voice')).toEqual([ids.vdiVoice]);
    expect(await idsOf('?from=2026-03-04&to=2026-03-04')).toEqual([ids.bankUpload]);
    expect(await idsOf('?from=2026-03-03')).toEqual([ids.vdiVoice, ids.bankUpload]);
    expect(await idsOf('?q=carbon')).toEqual([ids.vdiInterview]);
    expect(await idsOf('?q=BANKMANN')).toEqual([ids.bankUpload]);
    expect(await idsOf('?q=erika%20muster')).toEqual([ids.vdiInterview]);
    expect(await idsOf('?q=100%25')).toEqual([]);
    expect(await idsOf('?q=pr%C3%BCfstand')).toEqual([ids.vdiVoice]);
    expect(await idsOf('?q=du')).toEqual([ids.vdiVoice, ids.vdiInterview]);
    expect(await idsOf('?q=vdi%40example')).toEqual([ids.vdiVoice, ids.vdiInterview]);
    expect(await idsOf('?status=verworfen')).toEqual([]);
    expect(await idsOf('?tenant=vdi&kind=interview&q=br%C3%BCcke')).toEqual([ids.vdiInterview]);
    expect((await list(admin, '?from=03.03.2026')).status).toBe(400);
  });

  it('pages 25 at a time by cursor, both ways, and refuses a broken cursor in German', async () => {
    const cookie = await login(t, 'admin@example.de');
    // 52 rows, two of them at the same second: the keyset (created_at, id) keeps them apart.
    for (let i = 0; i < 52; i++)
      await submit(
        cookie,
        'testnormec',
        'upload',
        { post_description: `Beitrag ${i}` },
        `2026-01-01T00:00:${String(Math.min(i, 50)).padStart(2, '0')}.000Z`,
      );
    const page = async (query: string) => (await list(admin, `?tenant=testnormec${query}`)).body as InboxPage;
    const first = await page('');
    expect(first).toMatchObject({ total: 52, totalAtLeast: false, ranked: false, pageSize: 25, prev: null });
    expect(first.items).toHaveLength(25);
    const second = await page(`&cursor=${first.next}`);
    const third = await page(`&cursor=${second.next}`);
    expect(second.items).toHaveLength(25);
    expect(third.items).toHaveLength(2);
    expect(third.next).toBeNull();
    expect(third.items.at(-1)!.createdAt).toBe('2026-01-01T00:00:00.000Z');
    const all = [...first.items, ...second.items, ...third.items].map((i) => i.contentId);
    expect(new Set(all).size).toBe(52);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    // Back from the third page: the second again; back from there: the first, without cursor.
    const back = await page(`&cursor=${third.prev}`);
    expect(back.items.map((i) => i.contentId)).toEqual(second.items.map((i) => i.contentId));
    const start = await page(`&cursor=${back.prev}`);
    expect(start.items.map((i) => i.contentId)).toEqual(first.items.map((i) => i.contentId));
    expect(start.prev).toBeNull();

    const broken = await list(admin, '?cursor=bm9wZQ');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe(t7.invalidCursor);
  });

  it('counts a filter only up to the limit and ranks search hits among the newest', async () => {
    const db = t.app.db;
    const rows = Array.from({ length: 1010 }, (_, i) => ({
      tenant: 'firma_b',
      kind: 'voice',
      created_at: `2025-06-01T00:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`,
      updated_at: '2025-06-01T00:00:00.000Z',
      content_at: '2025-06-01T00:00:00.000Z',
      transcript:
        i === 1000
          ? 'Du: Ein Windkanal, ein Windkanal, ein Windkanal.'
          : `Du: Ein Windkanal für Projekt ${i}, dazu viel anderer Text über Sensoren und Messreihen.`,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('submissions')
        .values(rows.slice(i, i + 200))
        .execute();
    const filtered = (await list(admin, '?tenant=firma_b&kind=voice')).body as InboxPage;
    expect(filtered).toMatchObject({ total: 1000, totalAtLeast: true });
    const search = (await list(admin, '?tenant=firma_b&q=windkanal')).body as InboxPage;
    expect(search).toMatchObject({ total: 1000, totalAtLeast: true, ranked: true });
    // The short transcript that says it three times ranks first, though nine newer ones match too.
    expect(search.items[0]!.excerpt).toBe('Du: Ein Windkanal, ein Windkanal, ein Windkanal.');
    const rare = (await list(admin, '?q=projekt%201009')).body as InboxPage;
    expect(rare).toMatchObject({ total: 1, totalAtLeast: false });
    const dated = (await list(admin, '?tenant=firma_b&q=windkanal&from=2025-06-01&to=2025-06-01')).body as InboxPage;
    expect(dated.items).toHaveLength(25);
    expect((await list(admin, '?tenant=firma_b&q=windkanal&from=2025-06-02')).body).toMatchObject({
      items: [],
      total: 0,
    });
    const next = (await list(admin, `?tenant=firma_b&q=windkanal&cursor=${search.next}`)).body as InboxPage;
    expect(next.items).toHaveLength(25);
    expect(next.items.map((i) => i.contentId)).not.toContain(search.items[0]!.contentId);
    await db.deleteFrom('submissions').where('tenant', '=', 'firma_b').execute();
  });

  it('shows everything that came in, changes the status and keeps internal notes', async () => {
    const id = ids.vdiInterview;
    await t.app.db
      .updateTable('submissions')
      .set({
        w_answers: JSON.stringify({ who: 'Team', what: 'Brücke', when: 'März', where: 'Köln', why: 'Leichtbau' }),
        post_email: 'post@example.de',
        post_link: 'https://example.de/bruecke',
        post_description: 'Unser Projekt',
      })
      .where('id', '=', id)
      .execute();
    await t.app.db
      .insertInto('consents')
      .values({
        submission_id: id,
        kind: 'contact',
        text: 'Ich bin einverstanden.',
        given_at: '2026-03-02T10:05:00.000Z',
      })
      .execute();
    await attachFile(t.app, {
      contentId: id,
      kind: 'photo',
      body: Buffer.from('JPEGDATA'),
      originalName: 'bruecke.jpg',
      contentType: 'image/jpeg',
      extension: 'jpg',
    });

    const status = await api(t, 'PUT', `/api/inbox/${id}/status`, { cookie: vdi, body: { status: 'in_bearbeitung' } });
    expect(status.status).toBe(200);
    expect((await api(t, 'PUT', `/api/inbox/${id}/status`, { cookie: vdi, body: { status: 'erledigt' } })).status).toBe(
      400,
    );
    const note = await api(t, 'POST', `/api/inbox/${id}/notes`, {
      cookie: vdi,
      body: { body: 'Für Instagram nächste Woche.' },
    });
    expect(note.status).toBe(201);
    const blank = await api(t, 'POST', `/api/inbox/${id}/notes`, { cookie: vdi, body: { body: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(t7.noteEmpty);

    const detail = (await api(t, 'GET', `/api/inbox/${id}`, { cookie: admin })).body as InboxDetail;
    expect(detail).toMatchObject({
      contentId: id,
      status: 'in_bearbeitung',
      transcript: expect.stringContaining('Carbon'),
      wAnswers: { who: 'Team', where: 'Köln' },
      contact: { firstName: 'Erika', lastName: 'Musterfrau', email: 'erika@example.de' },
      post: { email: 'post@example.de', link: 'https://example.de/bruecke', description: 'Unser Projekt' },
      consents: [{ kind: 'contact', text: 'Ich bin einverstanden.' }],
      notes: [{ authorEmail: 'vdi@example.de', body: 'Für Instagram nächste Woche.' }],
    });
    expect(detail.media).toEqual([
      expect.objectContaining({ kind: 'photo', originalName: 'bruecke.jpg', fileType: 'image/jpeg', size: 8 }),
    ]);
    expect(((await list(admin, '?status=in_bearbeitung')).body as InboxPage).items.map((i) => i.contentId)).toEqual([
      id,
    ]);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'submission.status')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor_email: 'vdi@example.de', target: `submission:${id}` })]);
  });

  it('downloads one submission as a ZIP of its files and a text summary', async () => {
    const id = ids.vdiInterview;
    await attachFile(t.app, {
      contentId: id,
      kind: 'document',
      body: Buffer.from('%PDF-1.4 fake'),
      originalName: 'bruecke.jpg',
      contentType: 'application/pdf',
      extension: 'pdf',
    });
    const res = await fetch(`${t.url}/api/inbox/${id}/zip`, { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const entries = readZip(Buffer.from(await res.arrayBuffer()));
    // A PDF named like a photo is handed out with the extension of what it is.
    expect([...entries.keys()].sort()).toEqual(['bruecke.jpg', 'bruecke.pdf', t7.zipSummaryName].sort());
    expect(entries.get('bruecke.jpg')!.toString()).toBe('JPEGDATA');
    expect(entries.get('bruecke.pdf')!.toString()).toBe('%PDF-1.4 fake');
    const summary = entries.get(t7.zipSummaryName)!.toString('utf8');
    expect(summary).toContain(t7.zipSummaryTitle(id));
    expect(summary).toContain('Erika Musterfrau');
    expect(summary).toContain('Eine Brücke aus Carbon.');
    expect(summary).toContain('Ich bin einverstanden.');
    expect(summary).toContain('https://example.de/bruecke');
  });

  it('exports the filtered list as CSV', async () => {
    await t.app.db
      .updateTable('submissions')
      .set({ contact_last_name: '=HYPERLINK("x")' })
      .where('id', '=', ids.bankUpload)
      .execute();
    const res = await fetch(`${t.url}/api/inbox/export.csv?from=2026-03-01`, { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(t7.csvFileName);
    const lines = (await res.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(t7.csvHeader.map((h) => `"${h}"`).join(';'));
    expect(lines.slice(1).map((l) => Number(JSON.parse(l.split(';')[0]!)))).toEqual([
      ids.vdiVoice,
      ids.bankUpload,
      ids.vdiInterview,
    ]);
    expect(lines.join('\n')).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('"Sprachnachricht"');
  });

  it('deletes a submission with all its files and writes an audit entry', async () => {
    const id = ids.vdiInterview;
    const media = await t.app.db.selectFrom('media').select('file_path').where('submission_id', '=', id).execute();
    expect(media.length).toBeGreaterThan(0);
    for (const m of media) expect(await t.app.blobs.stat(m.file_path)).not.toBeNull();

    const res = await api(t, 'DELETE', `/api/inbox/${id}`, { cookie: vdi });
    expect(res.status).toBe(200);
    for (const m of media) expect(await t.app.blobs.stat(m.file_path)).toBeNull();
    expect(
      await t.app.db.selectFrom('submissions').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    for (const table of ['media', 'submission_notes', 'consents'] as const) {
      expect(await t.app.db.selectFrom(table).select('id').where('submission_id', '=', id).execute()).toEqual([]);
    }
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'submission.delete')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ actor_email: 'vdi@example.de', target: `submission:${id}`, tenant: 'vdi' }),
    ]);
    expect(JSON.parse(audit[0]!.detail!)).toMatchObject({ files: media.length });
    expect((await api(t, 'GET', `/api/inbox/${id}`, { cookie: admin })).status).toBe(404);
    const log = await api(t, 'GET', '/api/admin/audit', { cookie: admin });
    expect(log.body[0]).toMatchObject({
      action: 'submission.delete',
      target: `submission:${id}`,
      actorEmail: 'vdi@example.de',
      detail: { files: media.length },
    });
    expect((await api(t, 'GET', '/api/admin/audit', { cookie: vdi })).status).toBe(403);
  });
});
