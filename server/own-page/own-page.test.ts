import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnPage } from '../../common/contracts/own-page';
import { consentWordings } from '../../common/finish-rules';
import { texts } from '../../common/texts';
import { readZip } from '../inbox/read-zip';
import { createPersonalLink } from '../personal-links';
import { addUser, api, dialects, lastMailTo, login, startTestApp, type TestApp } from '../testing/harness';
import { eraseSubmissions } from './erasure';
import { contributorScenario } from './testing/scenario';

const t = texts.ownPage;

describe.each(dialects)('the own page, a withdrawal and the export on %s', (dialect) => {
  let app: TestApp;
  let s: Awaited<ReturnType<typeof contributorScenario>>;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp(dialect, { ALTCHA_MAX_NUMBER: '2000' });
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

  it("the forms' words are the tenant's current version; a replaced version is refused with a German 409, unknown words with a 400", async () => {
    const before = await api(app, 'GET', '/api/tenants/firma_a/consent-texts');
    expect(before.status).toBe(200);
    const photoText = 'Ich habe die Rechte an diesem Foto und die Firma A darf es in ihren Kanälen zeigen.';
    const created = await api(app, 'POST', '/api/admin/tenants/firma_a/consent-texts', {
      cookie: admin,
      body: { kind: 'photo_rights', text: photoText },
    });
    const current = (await api(app, 'GET', '/api/tenants/firma_a/consent-texts')).body;
    expect(current.photo_rights).toEqual({ id: created.body.id, text: photoText });
    expect(current.contact).toEqual(before.body.contact);
    // Another tenant's words are its own.
    expect((await api(app, 'GET', '/api/tenants/firma_b/consent-texts')).body.photo_rights.text).toBe(
      consentWordings.photo_rights[0],
    );
    expect((await api(app, 'GET', '/api/tenants/unbekannt/consent-texts')).status).toBe(404);

    const path = `/api/submissions/${s.contentId}/consents`;
    const count = async () =>
      (await app.app.db.selectFrom('consents').select('id').where('submission_id', '=', s.contentId).execute()).length;
    const n = await count();
    // The page still showed the old words with their id: refused, nothing recorded.
    const stale = await api(app, 'POST', path, {
      cookie: s.contributor,
      body: { kind: 'photo_rights', text: before.body.photo_rights.text, textId: before.body.photo_rights.id },
    });
    expect([stale.status, stale.body.message]).toEqual([409, texts.finish.consentStale]);
    const unknown = await api(app, 'POST', path, {
      cookie: s.contributor,
      body: { kind: 'photo_rights', text: 'Irgendein anderer Text.' },
    });
    expect([unknown.status, unknown.body.message]).toEqual([400, texts.finish.consentUnknown]);
    const wrongWords = await api(app, 'POST', path, {
      cookie: s.contributor,
      body: { kind: 'photo_rights', text: 'Irgendein anderer Text.', textId: created.body.id },
    });
    expect(wrongWords.status).toBe(400);
    const foreign = (await api(app, 'GET', '/api/tenants/firma_b/consent-texts')).body.photo_rights;
    const otherTenant = await api(app, 'POST', path, {
      cookie: s.contributor,
      body: { kind: 'photo_rights', text: foreign.text, textId: foreign.id },
    });
    expect(otherTenant.status).toBe(400);
    expect(await count()).toBe(n);

    // The current words with their id: recorded against the new version.
    const given = await api(app, 'POST', path, {
      cookie: s.contributor,
      body: { kind: 'photo_rights', text: photoText, textId: created.body.id },
    });
    expect(given.status).toBe(201);
    const row = await app.app.db
      .selectFrom('consents')
      .select(['text', 'text_id'])
      .where('id', '=', given.body.id)
      .executeTakeFirstOrThrow();
    expect([row.text, Number(row.text_id)]).toEqual([photoText, created.body.id]);
    // A draft kept on the device sends the words it showed, without an id: recognised as their version.
    const draft = await api(app, 'POST', path, {
      cookie: s.contributor,
      body: { kind: 'photo_rights', text: before.body.photo_rights.text },
    });
    expect(draft.status).toBe(201);
    const old = await app.app.db
      .selectFrom('consents')
      .select('text_id')
      .where('id', '=', draft.body.id)
      .executeTakeFirstOrThrow();
    expect(Number(old.text_id)).toBe(before.body.photo_rights.id);

    // The contact form: its consent and the publication checkbox's version; a replaced one refuses it all.
    const publicationText = 'Mein Beitrag darf nach meiner Freigabe in den Kanälen der Firma A erscheinen.';
    const publication = await api(app, 'POST', '/api/admin/tenants/firma_a/consent-texts', {
      cookie: admin,
      body: { kind: 'publication', text: publicationText },
    });
    const contact = (ids: Record<string, number>) =>
      api(app, 'PUT', `/api/submissions/${s.contentId}/contact`, {
        cookie: s.contributor,
        body: {
          firstName: 'Erika',
          lastName: 'Neu',
          email: s.person,
          publication: true,
          naming: false,
          consentText: current.contact.text,
          consentTextIds: ids,
        },
      });
    const refused = await contact({ contact: current.contact.id, publication: current.publication.id });
    expect([refused.status, refused.body.message]).toEqual([409, texts.finish.consentStale]);
    const name = await app.app.db
      .selectFrom('submissions')
      .select('contact_last_name')
      .where('id', '=', s.contentId)
      .executeTakeFirstOrThrow();
    expect(name.contact_last_name).toBe('Muster');
    const saved = await contact({ contact: current.contact.id, publication: publication.body.id });
    expect(saved.status).toBe(200);
    const newest = await app.app.db
      .selectFrom('consents')
      .select(['text', 'text_id'])
      .where('submission_id', '=', s.contentId)
      .where('kind', '=', 'publication')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect([newest.text, Number(newest.text_id)]).toEqual([publicationText, publication.body.id]);
  });

  it('a submission sent without an account gets its own page link with the saved contact, bound to it alone (a typed address opens nothing else)', async () => {
    const anonymous = async (email: string) => {
      const challenge = (await api(app, 'GET', '/api/public/challenge')).body;
      const solution = await solveChallenge({ challenge, deriveKey });
      const altcha = Buffer.from(
        JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
      ).toString('base64');
      const created = await api(app, 'POST', '/api/public/submissions', { body: { tenant: 'vdi', altcha } });
      expect(created.status).toBe(201);
      const headers = { 'x-submission-token': created.body.accessToken };
      const contact = () =>
        api(app, 'PUT', `/api/submissions/${created.body.contentId}/contact`, {
          headers,
          body: { firstName: 'Jo', lastName: 'Weber', email, consentText: consentWordings.contact[0] },
        });
      const saved = await contact();
      expect(saved.status).toBe(200);
      return { contentId: created.body.contentId as number, code: saved.body.ownPage as string, contact };
    };
    const first = await anonymous('jo@example.de');
    // Someone else types the same address: their link opens their own submission only.
    const second = await anonymous('JO@example.de');
    expect(first.code).toMatch(/^[0-9a-z]{15}$/);
    expect(second.code).not.toBe(first.code);
    const pageOf = async (code: string) => (await api(app, 'GET', `/api/own-page/${code}`)).body as OwnPage;
    expect((await pageOf(first.code)).submissions.map((x) => x.contentId)).toEqual([first.contentId]);
    expect((await pageOf(second.code)).submissions.map((x) => x.contentId)).toEqual([second.contentId]);
    expect((await pageOf(second.code)).name).toBe('Jo Weber');
    // Saved again: the same link.
    expect((await second.contact()).body.ownPage).toBe(second.code);
    // Signed in: the account's page (/konto), no link.
    const signedIn = await api(app, 'PUT', `/api/submissions/${s.contentId}/contact`, {
      cookie: s.contributor,
      body: { firstName: 'Erika', lastName: 'Muster', email: s.person, consentText: consentWordings.contact[0] },
    });
    expect(signedIn.body.ownPage).toBeNull();
    // Erased with its submission.
    await eraseSubmissions(app.app, [second.contentId], { requestId: null, email: null });
    expect((await api(app, 'GET', `/api/own-page/${second.code}`)).status).toBeGreaterThanOrEqual(400);
    expect((await pageOf(first.code)).submissions.map((x) => x.contentId)).toEqual([first.contentId]);
  });
});
