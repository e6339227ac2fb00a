import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnPage } from '../../common/contracts/own-page';
import { consentWordings } from '../../common/finish-rules';
import { texts } from '../../common/texts';
import { readZip } from '../inbox/read-zip';
import { createPersonalLink } from '../personal-links';
import { addUser, api, dialects, lastMailTo, login, startTestApp, type TestApp } from '../testing/harness';
import { contributorScenario } from './testing/scenario';

const t = texts.ownPage;

describe.each(dialects)('the own page, a withdrawal and the export on %s', (dialect) => {
  let app: TestApp;
  let s: Awaited<ReturnType<typeof contributorScenario>>;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    s = await contributorScenario(app);
    await addUser(app.app, 'admin@example.de', 'admin');
    admin = await login(app, 'admin@example.de');
  });
  afterAll(() => app.close());

  const page = async () => (await api(app, 'GET', '/api/own-page/konto', { cookie: s.contributor })).body as OwnPage;

  it('shows the submission, what was made and published from it, and each consent with its words and version', async () => {
    const p = await page();
    expect(p.submissions.map((x) => x.contentId)).toEqual([s.contentId]);
    const mine = p.submissions[0]!;
    expect(mine.media.map((m) => m.name).sort()).toEqual(['antwort.mp4', 'portrait.jpg']);
    expect(mine.items).toEqual([{ id: s.clipId, kind: 'clip', usable: true }]);
    expect(mine.posts.find((x) => x.channel === 'linkedin')!.publications[0]!.url).toContain('linkedin.com');
    const video = p.consents.find((c) => c.kind === 'video_rights')!;
    expect(video).toMatchObject({ text: consentWordings.video_rights[0], version: 1, withdrawnAt: null });
    expect(p.brand.name).toBe('Firma A');
    // Every mail to the contributor leads to their own page through their personal link.
    const approvalMail = await lastMailTo(app.app.db, s.person);
    const ownLink = /\/e\/([A-Za-z0-9]+)/.exec(approvalMail.body)![1]!;
    const viaMail = await api(app, 'GET', `/api/own-page/${ownLink}`);
    expect(viaMail.body.submissions.map((x: { contentId: number }) => x.contentId)).toEqual([s.contentId]);
    // Without a session and without a link: nothing.
    expect((await api(app, 'GET', '/api/own-page/konto')).status).toBe(401);
  });

  it("reaches the same page through the personal link; another person's link sees nothing of it", async () => {
    const own = await createPersonalLink(app.app.db, app.config, {
      tenant: 'firma_a',
      firstName: 'Erika',
      lastName: 'Muster',
      email: s.person.toUpperCase(),
    });
    const viaLink = await api(app, 'GET', `/api/own-page/${own.code}`);
    expect(viaLink.status).toBe(200);
    expect(viaLink.body.name).toBe('Erika Muster');
    expect(viaLink.body.submissions.map((x: { contentId: number }) => x.contentId)).toEqual([s.contentId]);
    const stranger = await createPersonalLink(app.app.db, app.config, {
      tenant: 'firma_a',
      firstName: 'Max',
      lastName: 'Fremd',
      email: 'max@example.de',
    });
    const theirs = await api(app, 'GET', `/api/own-page/${stranger.code}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.submissions).toEqual([]);
    expect(theirs.body.consents).toEqual([]);
    const zip = readZip(
      Buffer.from(await (await fetch(`${app.url}/api/own-page/${stranger.code}/export.zip`)).arrayBuffer()),
    );
    expect([...zip.keys()].filter((n) => n.startsWith('material/'))).toEqual([]);
    // The same address in another tenant is another person's link.
    const elsewhere = await createPersonalLink(app.app.db, app.config, {
      tenant: 'bank',
      firstName: 'Erika',
      lastName: 'Muster',
      email: s.person,
    });
    expect((await api(app, 'GET', `/api/own-page/${elsewhere.code}`)).body.submissions).toEqual([]);
    expect((await api(app, 'GET', '/api/own-page/AAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('withdraws the video consent at once: the clip cannot be attached, the approval link says why, a takedown task with a mail', async () => {
    const res = await api(app, 'POST', '/api/own-page/konto/withdrawals', {
      cookie: s.contributor,
      body: { kinds: ['video_rights'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ withdrawn: 1, voided: 1, marked: 1, tasks: 1 });

    const attach = await api(app, 'POST', `/api/posts/${s.contentId}/linkedin/versions`, {
      cookie: s.editor,
      body: { body: 'Neuer Text', images: [], items: [{ itemId: s.clipId, alt: 'Clip' }] },
    });
    expect(attach.status).toBe(409);
    expect(attach.body.message).toBe(t.consentWithdrawn('Videoaufnahmen'));
    const publish = await api(app, 'POST', `/api/posts/${s.contentId}/instagram/publications`, {
      cookie: s.editor,
      body: { url: 'https://www.instagram.com/p/1' },
    });
    expect(publish.status).toBe(409);

    const approval = await api(app, 'GET', `/api/freigabe/${s.approvalToken}`);
    expect(approval.status).toBe(404);
    expect(approval.body.message).toBe(t.approvalConsentWithdrawn);

    const tasks = await api(app, 'GET', '/api/takedowns', { cookie: s.editor });
    expect(tasks.body).toHaveLength(1);
    expect(tasks.body[0]).toMatchObject({
      contentId: s.contentId,
      channel: 'linkedin',
      doneAt: null,
      kinds: ['video_rights'],
    });
    expect(Date.parse(tasks.body[0].dueAt)).toBeGreaterThan(Date.now());
    const mail = await lastMailTo(app.app.db, s.editorEmail);
    expect(mail.subject).toBe(t.takedownMailSubject(s.contentId));
    expect(mail.body).toContain('https://www.linkedin.com/feed/update/urn:li:activity:1');

    // The ledger keeps what was agreed before: a new record, the old one unchanged.
    const ledger = await app.app.db
      .selectFrom('consents')
      .select(['action', 'text', 'text_id'])
      .where('submission_id', '=', s.contentId)
      .where('kind', '=', 'video_rights')
      .orderBy('id')
      .execute();
    expect(ledger.map((r) => r.action)).toEqual(['given', 'withdrawn']);
    expect(ledger[0]!.text).toBe(consentWordings.video_rights[0]);

    // The inbox shows it in the list and on the submission.
    const inbox = await api(app, 'GET', '/api/inbox', { cookie: s.editor });
    expect(
      inbox.body.items.find((i: { contentId: number }) => i.contentId === s.contentId).consentWithdrawnAt,
    ).toBeTruthy();
    const detail = await api(app, 'GET', `/api/inbox/${s.contentId}`, { cookie: s.editor });
    expect(
      detail.body.consents.filter((c: { withdrawn?: boolean }) => c.withdrawn).map((c: { kind: string }) => c.kind),
    ).toEqual(['video_rights']);

    // The person sees the effect.
    const p = await page();
    expect(p.consents.find((c) => c.kind === 'video_rights')!.withdrawnAt).toBeTruthy();
    const mine = p.submissions[0]!;
    expect(mine.items[0]!.usable).toBe(false);
    expect(mine.posts.find((x) => x.channel === 'instagram')!.marked).toBe(true);
    expect(mine.posts.find((x) => x.channel === 'linkedin')!.publications[0]!.takedown).toMatchObject({ doneAt: null });

    // A second withdrawal of the same changes nothing; the editor marks the task done.
    const again = await api(app, 'POST', '/api/own-page/konto/withdrawals', {
      cookie: s.contributor,
      body: { kinds: ['video_rights'] },
    });
    expect(again.body.withdrawn).toBe(0);
    expect((await api(app, 'POST', `/api/takedowns/${tasks.body[0].id}/done`, { cookie: s.editor })).status).toBe(200);
    const done = await api(app, 'GET', '/api/takedowns', { cookie: s.editor });
    expect(done.body[0]).toMatchObject({ doneByEmail: s.editorEmail });
  });

  it('exports everything stored about the person as a ZIP with their files and one JSON', async () => {
    const res = await fetch(`${app.url}/api/own-page/konto/export.zip`, { headers: { cookie: s.contributor } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = readZip(Buffer.from(await res.arrayBuffer()));
    const names = [...zip.keys()];
    expect(names).toContain('daten.json');
    expect(names).toContain('einwilligungen.txt');
    expect(names).toContain(`material/${s.contentId}/${s.photoId}-portrait.jpg`);
    expect(zip.get(`material/${s.contentId}/${s.videoId}-antwort.mp4`)!.toString()).toBe('ein Video');
    expect(names.some((n) => n.startsWith(`erstellt/${s.contentId}/clip-`))).toBe(true);
    expect(names).toContain(`abschrift/${s.contentId}.txt`);
    const data = JSON.parse(zip.get('daten.json')!.toString('utf8'));
    const sub = data.submissions[0];
    expect(sub.contentId).toBe(s.contentId);
    expect(sub.consents.map((c: { kind: string; action: string }) => `${c.kind}:${c.action}`)).toContain(
      'video_rights:withdrawn',
    );
    expect(sub.publications[0].url).toContain('linkedin.com');
    expect(sub.posts).toHaveLength(2);
    expect(sub.audit.map((a: { action: string }) => a.action)).toContain('consent.withdraw');
    expect(JSON.stringify(data)).not.toContain('token_hash');
    expect(zip.get('einwilligungen.txt')!.toString()).toContain(consentWordings.video_rights[0]);
  });

  it("keeps every version of a tenant's wording; a consent points to the version shown", async () => {
    const text = 'Ich bin einverstanden, dass Videoaufnahmen von mir in den Kanälen der Firma A gezeigt werden.';
    const created = await api(app, 'POST', '/api/admin/tenants/firma_a/consent-texts', {
      cookie: admin,
      body: { kind: 'video_rights', text },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ version: 2, text, validUntil: null });
    const list = await api(app, 'GET', '/api/admin/tenants/firma_a/consent-texts', { cookie: admin });
    const video = list.body.filter((v: { kind: string }) => v.kind === 'video_rights');
    expect(video.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(video[1].validUntil).toBeTruthy();
    expect((await api(app, 'GET', '/api/admin/tenants/firma_a/consent-texts', { cookie: s.editor })).status).toBe(403);
  });
});
