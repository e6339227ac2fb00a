import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxPage } from '../../common/contracts/inbox';
import type { DraftEvent } from '../../common/schemas/post';
import type { PostOverview } from '../../common/contracts/post';
import { texts } from '../../common/texts';
import { tenantDefaults } from '../../common/schemas/tenants';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { attachFile } from '../submissions/files';
import { readDraft } from '../testing/draft-stream';
import { addUser, api, dialects, lastMailTo, login, startTestApp, type TestApp } from '../testing/harness';

const t = texts.post;
const transcript = [
  'Interviewer: Woran arbeiten Sie gerade?',
  'Du: Wir bauen in Köln eine Fußgängerbrücke aus Carbonbeton, die nur 40 Prozent des Gewichts einer Stahlbetonbrücke hat.',
  'Interviewer: Was war die größte Herausforderung?',
  'Du: Ja, also. Die Verbindungen der Fertigteile mussten wir dreimal neu berechnen, bis die Prüfingenieure zufrieden waren.',
].join('\n\n');
const wAnswers = {
  who: 'Das Team von Brückenbau Müller',
  what: 'baut eine Carbonbeton-Brücke',
  where: 'Köln',
  when: 'seit März 2026',
  why: 'weil Leichtbau Ressourcen spart',
};

const lastMail = (tApp: TestApp, to: string) => lastMailTo(tApp.app.db, to);
const tokenIn = (body: string) => /\/freigabe\/([A-Za-z0-9_-]{40,})/.exec(body)![1]!;

describe.each(dialects)('posts on %s', (dialect) => {
  let tApp: TestApp;
  let admin: string;
  let vdi: string;
  let bank: string;
  let vdiId = 0;
  let bankId = 0;
  let noEmailId = 0;
  const photos: number[] = [];
  let otherPhoto = 0;
  let document = 0;

  async function submission(cookie: string, tenant: string, fields: Record<string, unknown>) {
    const res = await api(tApp, 'POST', '/api/submissions', { cookie, body: { tenant, kind: 'interview' } });
    if (Object.keys(fields).length)
      await tApp.app.db.updateTable('submissions').set(fields).where('id', '=', res.body.contentId).execute();
    return res.body.contentId as number;
  }
  const jpeg = Buffer.from('/9j/4AAQSkZJRgABAQ', 'base64');
  const save = (cookie: string, id: number, channel: string, body: unknown) =>
    api(tApp, 'POST', `/api/posts/${id}/${channel}/versions`, { cookie, body });
  const overview = async (id: number) =>
    (await api(tApp, 'GET', `/api/posts/${id}`, { cookie: admin })).body as PostOverview;

  beforeAll(async () => {
    tApp = await startTestApp(dialect);
    await addUser(tApp.app, 'admin@example.de', 'admin');
    await addUser(tApp.app, 'redaktion@example.de', 'vdi_admin');
    await addUser(tApp.app, 'bank@example.de', 'bank');
    admin = await login(tApp, 'admin@example.de');
    vdi = await login(tApp, 'redaktion@example.de');
    bank = await login(tApp, 'bank@example.de');
    vdiId = await submission(vdi, 'vdi', {
      transcript,
      w_answers: JSON.stringify(wAnswers),
      contact_first_name: 'Erika',
      contact_last_name: 'Muster',
      contact_email: 'erika@example.de',
      post_link: 'https://example.de/bruecke',
    });
    bankId = await submission(bank, 'bank', { transcript, contact_email: 'kunde@example.de' });
    noEmailId = await submission(vdi, 'vdi', { transcript });
    for (const name of ['bruecke.jpg', 'team.jpg']) {
      const row = await attachFile(tApp.app, {
        contentId: vdiId,
        kind: 'photo',
        body: Buffer.concat([jpeg, Buffer.from(name)]),
        originalName: name,
        contentType: 'image/jpeg',
        extension: 'jpg',
      });
      photos.push(Number(row.id));
    }
    document = Number(
      (
        await attachFile(tApp.app, {
          contentId: vdiId,
          kind: 'document',
          body: Buffer.from('Intern'),
          originalName: 'intern.txt',
          contentType: 'text/plain',
          extension: 'txt',
        })
      ).id,
    );
    otherPhoto = Number(
      (
        await attachFile(tApp.app, {
          contentId: bankId,
          kind: 'photo',
          body: jpeg,
          originalName: 'bank.jpg',
          contentType: 'image/jpeg',
          extension: 'jpg',
        })
      ).id,
    );
    await api(tApp, 'POST', `/api/inbox/${vdiId}/notes`, { cookie: vdi, body: { body: 'Geheime Redaktionsnotiz' } });
  });
  afterAll(() => tApp.close());

  it('keeps every save as a version with author and time, per channel, within the channel limit', async () => {
    const first = await save(vdi, vdiId, 'linkedin', {
      body: 'Erster Entwurf',
      images: [{ mediaId: photos[1], alt: 'Das Team auf der Baustelle' }],
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      number: 1,
      authorEmail: 'redaktion@example.de',
      images: [{ mediaId: photos[1], alt: 'Das Team auf der Baustelle' }],
    });
    const second = await save(admin, vdiId, 'linkedin', {
      body: 'Zweiter Entwurf',
      images: [
        { mediaId: photos[0], alt: 'Die Brücke' },
        { mediaId: photos[1], alt: 'Das Team' },
      ],
    });
    expect(second.body).toMatchObject({ number: 2, authorEmail: 'admin@example.de' });

    const tooLong = await save(vdi, vdiId, 'x', { body: 'x'.repeat(281) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(t.overLimit(280));
    expect((await save(vdi, vdiId, 'x', { body: '🚀'.repeat(280) })).status).toBe(201);
    expect((await save(vdi, vdiId, 'instagram', { body: '   ' })).body.message).toBe(t.bodyEmpty);
    expect(
      (await save(vdi, vdiId, 'linkedin', { body: 'a', images: [{ mediaId: photos[0], alt: ' ' }] })).body.message,
    ).toBe(t.altMissing);
    expect(
      (await save(admin, vdiId, 'linkedin', { body: 'a', images: [{ mediaId: otherPhoto, alt: 'Bank' }] })).body
        .message,
    ).toBe(t.unknownImage);
    expect(
      (await save(admin, vdiId, 'linkedin', { body: 'a', images: [{ mediaId: document, alt: 'Dokument' }] })).body
        .message,
    ).toBe(t.unknownImage);

    const o = await overview(vdiId);
    const linkedin = o.channels.find((c) => c.channel === 'linkedin')!;
    expect(linkedin.versions.map((v) => [v.number, v.body, v.authorEmail])).toEqual([
      [1, 'Erster Entwurf', 'redaktion@example.de'],
      [2, 'Zweiter Entwurf', 'admin@example.de'],
    ]);
    expect(
      o.channels
        .map((c) => c.channel)
        .filter((c) => c !== 'website')
        .sort(),
    ).toEqual(['linkedin', 'x']);
    expect(o.photos.map((p) => p.id)).toEqual(photos);
    expect(o.contributorEmail).toBe('erika@example.de');
    const audit = await tApp.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'post.version').execute();
    expect(audit).toHaveLength(3);
  });

  it('numbers concurrent saves one after another, without a conflict or a duplicate', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => save(i % 2 ? admin : vdi, vdiId, 'website', { body: `Gleichzeitig ${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(results.map((r) => r.body.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const website = (await overview(vdiId)).channels.find((c) => c.channel === 'website')!;
    expect(website.versions.map((v) => v.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('lets a vdi_admin neither read, draft, save, send nor publish for a bank submission', async () => {
    await save(admin, bankId, 'linkedin', { body: 'Bankbeitrag' });
    for (const [method, path, body] of [
      ['GET', `/api/posts/${bankId}`, undefined],
      ['POST', `/api/posts/${bankId}/linkedin/versions`, { body: 'x' }],
      ['POST', `/api/posts/${bankId}/linkedin/draft`, {}],
      ['POST', `/api/posts/${bankId}/linkedin/approvals`, {}],
      ['POST', `/api/posts/${bankId}/linkedin/publications`, { url: 'https://example.de/x' }],
    ] as const) {
      const res = await api(tApp, method, path, { cookie: vdi, body });
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(texts.common.contentIdNotFound);
      expect((await api(tApp, method, path, { cookie: bank, body })).status).toBe(403);
      expect((await api(tApp, method, path, { body })).status).toBe(401);
    }
    const sent = await api(tApp, 'POST', `/api/posts/${bankId}/linkedin/approvals`, { cookie: admin });
    expect(sent.status).toBe(201);
    expect((await api(tApp, 'DELETE', `/api/posts/approvals/${sent.body.id}`, { cookie: vdi })).status).toBe(404);
    expect((await api(tApp, 'DELETE', `/api/posts/approvals/${sent.body.id}`, { cookie: admin })).status).toBe(200);
  });

  it('drafts from the material as a labelled template without a chat model', async () => {
    const { status, events } = await readDraft(`${tApp.url}/api/posts/${vdiId}/linkedin/draft`, vdi, tApp.url);
    expect(status).toBe(200);
    expect(events[0]).toEqual({ type: 'start', kind: 'template' });
    const text = events
      .filter((e) => e.type === 'delta')
      .map((e) => (e as { text: string }).text)
      .join('');
    expect(text).toContain('Das Team von Brückenbau Müller: baut eine Carbonbeton-Brücke (Köln, seit März 2026)');
    expect(text).toContain('„Wir bauen in Köln eine Fußgängerbrücke aus Carbonbeton');
    expect(text).not.toContain('Ja, also');
    expect(text).toContain('https://example.de/bruecke');
    const done = events.at(-1) as Extract<DraftEvent, { type: 'done' }>;
    expect(done.type).toBe('done');
    expect(done.sources.map((s) => s.index)).toContain(2);
    expect((await overview(vdiId)).drafter).toBe('template');
    const x = await readDraft(`${tApp.url}/api/posts/${vdiId}/x/draft`, vdi, tApp.url);
    expect(
      [
        ...x.events
          .filter((e) => e.type === 'delta')
          .map((e) => (e as { text: string }).text)
          .join(''),
      ].length,
    ).toBeLessThanOrEqual(280);
    const empty = await submission(vdi, 'vdi', {});
    const refused = await readDraft(`${tApp.url}/api/posts/${empty}/linkedin/draft`, vdi, tApp.url);
    expect(refused.status).toBe(400);
    expect(refused.events[0]).toEqual({ type: 'error', message: t.noMaterial });
  });

  it('sends for approval only with a contributor e-mail, and shows the contributor nothing but that post', async () => {
    await save(vdi, noEmailId, 'linkedin', { body: 'Ohne Adresse' });
    const refused = await api(tApp, 'POST', `/api/posts/${noEmailId}/linkedin/approvals`, { cookie: vdi });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(t.noContributorEmail);
    expect((await api(tApp, 'POST', `/api/posts/${vdiId}/facebook/approvals`, { cookie: vdi })).body.message).toBe(
      t.saveFirst,
    );

    const sent = await api(tApp, 'POST', `/api/posts/${vdiId}/linkedin/approvals`, { cookie: vdi });
    expect(sent.status).toBe(201);
    const days = (Date.parse(sent.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    const mail = await lastMail(tApp, 'erika@example.de');
    expect(mail.subject).toBe(t.approvalMailSubject('VDI'));
    const token = tokenIn(mail.body);
    const stored = await tApp.app.db
      .selectFrom('post_approvals')
      .selectAll()
      .where('id', '=', sent.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const page = await api(tApp, 'GET', `/api/freigabe/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      tenant: 'VDI',
      channel: 'linkedin',
      body: 'Zweiter Entwurf',
      state: 'pending',
      images: [{ alt: 'Die Brücke' }, { alt: 'Das Team' }],
    });
    const raw = JSON.stringify(page.body);
    for (const secret of [
      'Geheime Redaktionsnotiz',
      'Carbonbeton',
      'intern.txt',
      'erika@example.de',
      'redaktion@example.de',
    ])
      expect(raw).not.toContain(secret);
    expect(Object.keys(page.body).sort()).toEqual([
      'body',
      'brand',
      'channel',
      'decidedAt',
      'expiresAt',
      'images',
      'items',
      'media',
      'state',
      'tenant',
      'tenantKey',
    ]);
    const image = await fetch(`${tApp.url}${page.body.images[0].url}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).toString()).toContain('bruecke.jpg');
    expect((await fetch(`${tApp.url}/api/freigabe/${token}/bilder/2`)).status).toBe(404);
    // the token opens nothing else: not the submission, its files or the inbox
    for (const path of [
      `/api/inbox/${vdiId}`,
      `/api/media/${document}/file`,
      `/api/posts/${vdiId}`,
      `/api/submissions/${vdiId}/media`,
    ]) {
      const res = await fetch(`${tApp.url}${path}?token=${token}`, {
        headers: { 'x-submission-token': token, authorization: `Bearer ${token}` },
      });
      expect([401, 403, 404], path).toContain(res.status);
    }
    expect((await api(tApp, 'GET', `/api/freigabe/${'A'.repeat(43)}`)).body.message).toBe(t.linkInvalid);
    expect((await api(tApp, 'GET', '/api/freigabe/kurz')).body.message).toBe(t.linkInvalid);
    expect(
      (await api(tApp, 'POST', `/api/freigabe/${token}/decision`, { body: { decision: 'vielleicht' } })).body.message,
    ).toBe(texts.common.invalidInput);
    expect((await api(tApp, 'GET', `/api/posts/${vdiId}/myspace`, { cookie: vdi })).status).toBe(404);
    expect(
      (await api(tApp, 'POST', `/api/posts/${vdiId}/myspace/versions`, { cookie: vdi, body: { body: 'x' } })).body
        .message,
    ).toBe(texts.common.invalidInput);

    const list = (await api(tApp, 'GET', '/api/inbox?approval=pending', { cookie: vdi })).body as InboxPage;
    expect(list.items.map((i) => [i.contentId, i.approval])).toEqual([[vdiId, 'pending']]);
  });

  it('takes one decision with its time and version, mails the sender, and refuses a second one', async () => {
    const token = tokenIn((await lastMail(tApp, 'erika@example.de')).body);
    const missing = await api(tApp, 'POST', `/api/freigabe/${token}/decision`, {
      body: { decision: 'changes', comment: '  ' },
    });
    expect(missing.body.message).toBe(t.commentMissing);
    const approved = await api(tApp, 'POST', `/api/freigabe/${token}/decision`, { body: { decision: 'approved' } });
    expect(approved.status).toBe(200);
    const second = await api(tApp, 'POST', `/api/freigabe/${token}/decision`, {
      body: { decision: 'changes', comment: 'Doch anders' },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(t.alreadyDecided);
    expect((await api(tApp, 'GET', `/api/freigabe/${token}`)).body.state).toBe('approved');

    const mail = await lastMail(tApp, 'redaktion@example.de');
    expect(mail.subject).toBe(t.decisionMailSubject(vdiId, 'Freigegeben'));
    expect(mail.body).toContain('Version 2');
    let approval = (await overview(vdiId)).channels.find((c) => c.channel === 'linkedin')!.approvals[0]!;
    expect(approval).toMatchObject({ state: 'approved', versionNumber: 2, outdated: false });
    expect(approval.decidedAt).toBeTruthy();
    const audit = await tApp.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'post.approval.decision')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor_id: null, target: `submission:${vdiId}` })]);
    expect(JSON.parse(audit[0]!.detail!)).toMatchObject({ decision: 'approved', version: 2 });
    expect(
      ((await api(tApp, 'GET', '/api/inbox?approval=approved', { cookie: admin })).body as InboxPage).items.map(
        (i) => i.contentId,
      ),
    ).toEqual([vdiId]);
    expect(
      ((await api(tApp, 'GET', '/api/inbox?approval=pending', { cookie: admin })).body as InboxPage).items,
    ).toEqual([]);

    // an edit afterwards makes the approval out of date
    await save(vdi, vdiId, 'linkedin', { body: 'Dritter Entwurf' });
    approval = (await overview(vdiId)).channels.find((c) => c.channel === 'linkedin')!.approvals[0]!;
    expect(approval).toMatchObject({ state: 'approved', versionNumber: 2, outdated: true });
    // the list shows it as "veraltet", apart from the approvals that still hold
    const list = async (query: string) =>
      ((await api(tApp, 'GET', `/api/inbox?${query}`, { cookie: admin })).body as InboxPage).items.map((i) => [
        i.contentId,
        i.approval,
      ]);
    expect(await list('approval=outdated')).toEqual([[vdiId, 'outdated']]);
    expect(await list('approval=approved')).toEqual([]);
    expect((await api(tApp, 'DELETE', `/api/posts/approvals/${approval.id}`, { cookie: vdi })).body.message).toBe(
      t.alreadyDecided,
    );
  });

  it('refuses an expired and a withdrawn link in German, and records a change request', async () => {
    await api(tApp, 'POST', `/api/posts/${vdiId}/linkedin/approvals`, { cookie: vdi });
    const expiredToken = tokenIn((await lastMail(tApp, 'erika@example.de')).body);
    await tApp.app.db
      .updateTable('post_approvals')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('state', '=', 'pending')
      .execute();
    expect((await api(tApp, 'GET', `/api/freigabe/${expiredToken}`)).body.message).toBe(t.linkExpired);
    const late = await api(tApp, 'POST', `/api/freigabe/${expiredToken}/decision`, { body: { decision: 'approved' } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(t.linkExpired);
    expect((await fetch(`${tApp.url}/api/freigabe/${expiredToken}/bilder/0`)).status).toBe(409);
    // the list tells an expired link from an open one
    const list = async (query: string) =>
      ((await api(tApp, 'GET', `/api/inbox?${query}`, { cookie: admin })).body as InboxPage).items.map((i) => [
        i.contentId,
        i.approval,
      ]);
    expect(await list('approval=expired')).toEqual([[vdiId, 'expired']]);
    expect(await list('approval=pending')).toEqual([]);
    expect((await api(tApp, 'GET', '/api/inbox?approval=unbekannt', { cookie: admin })).status).toBe(400);

    const sent = await api(tApp, 'POST', `/api/posts/${vdiId}/linkedin/approvals`, { cookie: vdi });
    const token = tokenIn((await lastMail(tApp, 'erika@example.de')).body);
    expect((await api(tApp, 'DELETE', `/api/posts/approvals/${sent.body.id}`, { cookie: vdi })).status).toBe(200);
    expect((await api(tApp, 'GET', `/api/freigabe/${token}`)).body.message).toBe(t.linkWithdrawn);
    expect(
      (await api(tApp, 'POST', `/api/freigabe/${token}/decision`, { body: { decision: 'approved' } })).body.message,
    ).toBe(t.linkWithdrawn);

    await api(tApp, 'POST', `/api/posts/${vdiId}/linkedin/approvals`, { cookie: vdi });
    const third = tokenIn((await lastMail(tApp, 'erika@example.de')).body);
    expect((await api(tApp, 'GET', `/api/freigabe/${third}`)).body.body).toBe('Dritter Entwurf');
    const changes = await api(tApp, 'POST', `/api/freigabe/${third}/decision`, {
      body: { decision: 'changes', comment: 'Bitte meinen Nachnamen nennen.' },
    });
    expect(changes.status).toBe(200);
    const mail = await lastMail(tApp, 'redaktion@example.de');
    expect(mail.subject).toBe(t.decisionMailSubject(vdiId, 'Änderung gewünscht'));
    expect(mail.body).toContain('Bitte meinen Nachnamen nennen.');
    expect(
      ((await api(tApp, 'GET', '/api/inbox?approval=changes', { cookie: vdi })).body as InboxPage).items.map((i) => [
        i.contentId,
        i.approval,
      ]),
    ).toEqual([[vdiId, 'changes']]);
    const actions = (
      await tApp.app.db.selectFrom('audit_log').select('action').where('action', 'like', 'post.approval.%').execute()
    ).map((a) => a.action);
    expect(actions.filter((a) => a === 'post.approval.withdraw')).toHaveLength(2);
  });

  it('records the publication, mails the contributor the link, text and images, and marks the submission "verwendet"', async () => {
    const bad = await api(tApp, 'POST', `/api/posts/${vdiId}/linkedin/publications`, {
      cookie: vdi,
      body: { url: 'linkedin.com/post' },
    });
    expect(bad.body.message).toBe(t.publicationUrlInvalid);
    await save(vdi, vdiId, 'linkedin', {
      body: 'Endgültiger Text',
      images: [{ mediaId: photos[0], alt: 'Die Brücke' }],
    });
    const res = await api(tApp, 'POST', `/api/posts/${vdiId}/linkedin/publications`, {
      cookie: vdi,
      body: { url: 'https://www.linkedin.com/feed/update/123' },
    });
    expect(res.status).toBe(201);
    const mail = await lastMail(tApp, 'erika@example.de');
    expect(mail.subject).toBe(t.publishedMailSubject('VDI'));
    expect(mail.body).toContain('https://www.linkedin.com/feed/update/123');
    expect(mail.body).toContain('Endgültiger Text');
    const imageUrl = /(http\S+\/bilder\/0)/.exec(mail.body)![1]!;
    expect((await fetch(imageUrl)).status).toBe(200);
    expect((await fetch(imageUrl.replace(/0$/, '1'))).status).toBe(404);
    expect((await api(tApp, 'GET', `/api/inbox/${vdiId}`, { cookie: vdi })).body.status).toBe('verwendet');
    const o = await overview(vdiId);
    expect(o.channels.find((c) => c.channel === 'linkedin')!.publications[0]).toMatchObject({
      url: 'https://www.linkedin.com/feed/update/123',
      recordedByEmail: 'redaktion@example.de',
    });
    expect(
      await tApp.app.db.selectFrom('audit_log').select('action').where('action', '=', 'post.publication').execute(),
    ).toHaveLength(1);
  });

  it('removes the posts, versions, approvals and publications with the submission', async () => {
    expect((await api(tApp, 'DELETE', `/api/inbox/${vdiId}`, { cookie: vdi })).status).toBe(200);
    for (const table of ['posts', 'post_approvals', 'post_publications'] as const) {
      expect(await tApp.app.db.selectFrom(table).select('id').where('submission_id', '=', vdiId).execute()).toEqual([]);
    }
    expect(
      await tApp.app.db
        .selectFrom('post_versions')
        .innerJoin('posts', 'posts.id', 'post_versions.post_id')
        .select('post_versions.id')
        .where('posts.submission_id', '=', vdiId)
        .execute(),
    ).toEqual([]);
  });

  it("shows a created tenant's brand on its approval page, and its limit speaks of the approval", async () => {
    expect(
      (
        await api(tApp, 'POST', '/api/admin/tenants', {
          cookie: admin,
          body: { ...tenantDefaults, key: 'firma-p', name: 'Firma P', brandColor: '#1d4ed8' },
        })
      ).status,
    ).toBe(201);
    const id = await submission(admin, 'firma-p', { transcript, contact_email: 'paula@example.de' });
    expect((await save(admin, id, 'linkedin', { body: 'Beitrag von Firma P' })).status).toBe(201);
    expect((await api(tApp, 'POST', `/api/posts/${id}/linkedin/approvals`, { cookie: admin })).status).toBe(201);
    const token = tokenIn((await lastMail(tApp, 'paula@example.de')).body);
    const page = await api(tApp, 'GET', `/api/freigabe/${token}`);
    expect(page.body.brand).toEqual({ name: 'Firma P', brandColor: '#1d4ed8', logoUrl: null });
    await tApp.app.db.deleteFrom('rate_limits').execute();
    let last = page;
    for (let i = 0; i < 61 && last.status !== 429; i++) last = await api(tApp, 'GET', `/api/freigabe/${token}`);
    expect(last.status).toBe(429);
    expect(last.body.message).toBe(t.approvalTooMany);
    await tApp.app.db.deleteFrom('rate_limits').execute();
  });
});

describe('request logs', () => {
  it('keep approval tokens out', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ca-log-'));
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, cb) => (lines.push(String(chunk)), cb()) });
    const app = await buildApp(
      loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'test-secret-test-secret-test-secret-0123', TRANSCRIBER: 'none' }),
      { logger: { level: 'info', stream } },
    );
    try {
      const token = 'geheimesToken_0123456789abcdefghijklmnop';
      await app.inject({ method: 'GET', url: `/api/freigabe/${token}` });
      await app.inject({ method: 'GET', url: `/freigabe/${token}?x=1` });
      const log = lines.join('');
      expect(log).toContain('/api/freigabe/***');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
