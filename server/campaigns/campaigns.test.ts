import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { api, addUser, dialects, login, startTestApp, type TestApp } from '../testing/harness';
import { startLocalSmtp } from '../testing/local-smtp';
import { erasePersonalLinks, exportPersonalLinks } from '../personal-links';
import { eraseCampaignPerson, exportCampaignPerson, remindAsOf } from '.';

const DAY = 86_400_000;
const inFuture = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const settings = (over: Record<string, unknown> = {}) => ({
  tenant: 'vdi',
  name: 'Frauen in der Technik',
  flows: ['voice', 'upload'],
  topic: 'engineering-path',
  questions: ['Wie sind Sie zur Technik gekommen?'],
  deadline: inFuture(20),
  invitationText: 'wir möchten Ihre Geschichte hören.',
  senderName: 'Team Social Media',
  contactEmail: 'team@example.org',
  reminderDays: [3, 7],
  ...over,
});

const people = [
  { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', role: 'Ingenieurin' },
  { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', role: 'Informatikerin' },
  { firstName: 'Emmy', lastName: 'Noether', email: 'emmy@example.org', role: '' },
];

describe.each(dialects)('campaigns on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  let editor: string;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    t = await startTestApp(dialect, {
      SMTP_URL: smtp.url,
      CAMPAIGN_MAILS_PER_SECOND: '100',
      ALTCHA_MAX_NUMBER: '2000',
    });
    t.app.jobs.start();
    await addUser(t.app, 'redaktion@example.org', 'vdi_admin');
    await addUser(t.app, 'firma@example.org', 'firma_a');
    editor = await login(t, 'redaktion@example.org');
  }, 60_000);
  afterAll(async () => {
    await t?.app.jobs.stop();
    await t?.close();
    await smtp?.close();
  });

  const codeIn = (text: string) => /\/e\/([0-9a-z]{15})\b/.exec(text)![1]!;

  it('invites by mail, follows each person on the board and reminds only those still missing, once', async () => {
    const created = await api(t, 'POST', '/api/campaigns', { cookie: editor, body: settings() });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const before = smtp.received.length;
    const added = await api(t, 'POST', `/api/campaigns/${id}/invitees`, { cookie: editor, body: { invitees: people } });
    expect(added.body).toEqual({ added: 3 });

    const mails = await Promise.all(people.map((p) => smtp.next(p.email, before)));
    const codes = mails.map((m) => codeIn(m.text));
    expect(mails[0]!.subject).toBe(texts.campaigns.mail.invitationSubject('Frauen in der Technik'));
    expect(mails[0]!.text).toContain('Guten Tag Ada,');
    const head = mails[0]!.raw.replace(/\r\n[ \t]+/g, ' ');
    expect(head).toMatch(/^List-Unsubscribe: <http[^>]+\/api\/personal-links\/[0-9a-z]{15}\/campaign\/unsubscribe>/m);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(head).toMatch(/^From: "?Team Social Media"? </m);
    expect(mails[0]!.text).toContain('/keine-erinnerungen');

    // Ada opens her link, answers and sends.
    const opened = await api(t, 'GET', `/api/personal-links/${codes[0]}`);
    expect(opened.body.person).toMatchObject({ firstName: 'Ada', email: 'ada@example.org', role: 'Ingenieurin' });
    expect((await api(t, 'GET', `/api/personal-links/${codes[0]}/campaign`)).body).toMatchObject({
      name: 'Frauen in der Technik',
      flows: ['voice', 'upload'],
      open: true,
    });
    const sub = await api(t, 'POST', `/api/personal-links/${codes[0]}/submissions`, { body: { kind: 'voice' } });
    const contentId = sub.body.contentId;
    const contact = await api(t, 'PUT', `/api/submissions/${contentId}/contact`, {
      headers: { 'x-submission-token': sub.body.accessToken },
      body: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.org',
        consentText: texts.finish.consent.contact,
      },
    });
    expect(contact.status).toBe(200);
    const row = await t.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(row.campaign_id).toBe(id);

    const board = (await api(t, 'GET', `/api/campaigns/${id}`, { cookie: editor })).body;
    const state = (email: string) => board.invitees.find((i: { email: string }) => i.email === email).state;
    expect(state('ada@example.org')).toBe('eingereicht');
    expect(state('grace@example.org')).toBe('eingeladen');
    expect(board.funnel).toMatchObject({ invitees: 3, eingeladen: 3, geöffnet: 1, begonnen: 1, eingereicht: 1 });

    // The inbox shows and filters by the campaign.
    const inbox = (await api(t, 'GET', `/api/inbox?campaign=${id}`, { cookie: editor })).body;
    expect(inbox.items.map((i: { contentId: number }) => i.contentId)).toEqual([contentId]);
    expect(inbox.items[0]).toMatchObject({ campaignId: id, contactName: 'Ada Lovelace' });
    expect((await api(t, 'GET', `/api/inbox?campaign=${id + 1000}`, { cookie: editor })).body.items).toEqual([]);

    // Three days later: the first reminder to Grace and Emmy, not to Ada; a second run sends nothing.
    const day3 = new Date(Date.now() + 3 * DAY + 3_600_000);
    const beforeReminders = smtp.received.length;
    expect(await remindAsOf(t.app, day3)).toBe(2);
    expect(await remindAsOf(t.app, day3)).toBe(0);
    const reminders = smtp.received.slice(beforeReminders);
    expect(reminders.map((m) => m.to[0]).sort()).toEqual(['emmy@example.org', 'grace@example.org']);
    expect(reminders[0]!.subject).toBe(texts.campaigns.mail.reminderSubject('Frauen in der Technik'));

    // Grace declines, Emmy unsubscribes in one click (a mail program's form post): no second reminder.
    expect((await api(t, 'POST', `/api/personal-links/${codes[1]}/campaign/decline`)).status).toBe(200);
    const oneClick = await fetch(`${t.url}/api/personal-links/${codes[2]}/campaign/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await remindAsOf(t.app, new Date(Date.now() + 8 * DAY))).toBe(0);
    const after = (await api(t, 'GET', `/api/campaigns/${id}`, { cookie: editor })).body;
    expect(after.invitees.map((i: { state: string }) => i.state).sort()).toEqual([
      'abgelehnt',
      'abgemeldet',
      'eingereicht',
    ]);

    const csv = await fetch(`${t.url}/api/campaigns/${id}/board.csv`, { headers: { cookie: editor } });
    const text = await csv.text();
    expect(text).toContain('Vorname;Nachname;E-Mail;Funktion;Stand');
    expect(text).toContain(`Ada;Lovelace;ada@example.org;Ingenieurin;eingereicht;`);

    // Ended: the links say so (the page shows the team's contact); what Ada sent stays after deletion.
    expect((await api(t, 'POST', `/api/campaigns/${id}/end`, { cookie: editor })).status).toBe(200);
    expect((await api(t, 'GET', `/api/personal-links/${codes[1]}`)).body.state).toBe('expired');
    expect((await api(t, 'GET', `/api/personal-links/${codes[1]}/campaign`)).body).toMatchObject({
      open: false,
      contactEmail: 'team@example.org',
    });
    expect((await api(t, 'DELETE', `/api/campaigns/${id}`, { cookie: editor })).status).toBe(200);
    const kept = await t.app.db.selectFrom('submissions').selectAll().where('id', '=', contentId).executeTakeFirst();
    expect(kept?.contact_first_name).toBe('Ada');
    expect(kept?.campaign_id).toBeNull();
  }, 60_000);

  it('adds a list all or nothing', async () => {
    const { body } = await api(t, 'POST', '/api/campaigns', { cookie: editor, body: settings({ name: 'Azubis' }) });
    const twice = [people[0]!, { ...people[1]!, email: 'ADA@example.org' }];
    const refused = await api(t, 'POST', `/api/campaigns/${body.id}/invitees`, {
      cookie: editor,
      body: { invitees: twice },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(texts.campaigns.errors.listProblems(1));
    const invalid = await api(t, 'POST', `/api/campaigns/${body.id}/invitees`, {
      cookie: editor,
      body: { invitees: [people[0], { ...people[1], email: 'keine-adresse' }] },
    });
    expect(invalid.status).toBe(400);
    const count = await t.app.db
      .selectFrom('campaign_invitees')
      .select('id')
      .where('campaign_id', '=', body.id)
      .execute();
    expect(count).toHaveLength(0);
  });

  it('refuses bad settings in German and keeps campaigns within their tenant', async () => {
    const tooMany = await api(t, 'POST', '/api/campaigns', {
      cookie: editor,
      body: settings({ reminderDays: [1, 2, 3, 4] }),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain(texts.campaigns.errors.tooManyReminders);
    const past = await api(t, 'POST', '/api/campaigns', { cookie: editor, body: settings({ deadline: '2020-01-01' }) });
    expect(past.status).toBe(400);
    const otherTenant = await api(t, 'POST', '/api/campaigns', { cookie: editor, body: settings({ tenant: 'bank' }) });
    expect(otherTenant.status).toBe(403);

    const contributor = await login(t, 'firma@example.org');
    expect((await api(t, 'GET', '/api/campaigns', { cookie: contributor })).status).toBe(403);
    const admin = await addUser(t.app, 'admin@example.org', 'admin');
    expect(admin.email).toBe('admin@example.org');
    const adminCookie = await login(t, 'admin@example.org');
    const bank = await api(t, 'POST', '/api/campaigns', { cookie: adminCookie, body: settings({ tenant: 'bank' }) });
    expect(bank.status).toBe(201);
    expect((await api(t, 'GET', `/api/campaigns/${bank.body.id}`, { cookie: editor })).status).toBe(404);
    const listed = (await api(t, 'GET', '/api/campaigns', { cookie: editor })).body;
    expect(listed.every((c: { tenant: string }) => c.tenant === 'vdi')).toBe(true);
  });

  it('exports and erases an invitee with their address', async () => {
    const { body } = await api(t, 'POST', '/api/campaigns', { cookie: editor, body: settings({ name: 'Messe' }) });
    const person = { firstName: 'Lise', lastName: 'Meitner', email: 'lise@example.org', role: 'Physikerin' };
    await api(t, 'POST', `/api/campaigns/${body.id}/invitees`, { cookie: editor, body: { invitees: [person] } });
    expect(await exportCampaignPerson(t.app.db, 'Lise@example.org')).toMatchObject([
      { campaign: 'Messe', tenant: 'vdi' },
    ]);
    expect(await exportPersonalLinks(t.app.db, 'lise@example.org')).toMatchObject([{ lastName: 'Meitner' }]);
    expect(await eraseCampaignPerson(t.app.db, 'lise@example.org')).toBe(1);
    await erasePersonalLinks(t.app.db, 'lise@example.org');
    const board = (await api(t, 'GET', `/api/campaigns/${body.id}`, { cookie: editor })).body;
    expect(board.invitees).toHaveLength(0);
  });

  it('answers a campaign through its shared link, with the proof of work, without a person', async () => {
    const { body } = await api(t, 'POST', '/api/campaigns', {
      cookie: editor,
      body: settings({ name: 'Messe-Stand' }),
    });
    const shared = await api(t, 'GET', `/api/campaigns/shared/${body.sharedCode}`);
    expect(shared.body).toMatchObject({ name: 'Messe-Stand', tenant: 'vdi', open: true, campaignId: body.id });
    expect(JSON.stringify(shared.body)).not.toContain('@example.org>');
    const challenge = (await api(t, 'GET', '/api/public/challenge')).body;
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(
      JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
    ).toString('base64');
    const created = await api(t, 'POST', '/api/public/submissions', {
      body: { tenant: 'vdi', kind: 'voice', altcha, campaign: body.sharedCode },
    });
    expect(created.status).toBe(201);
    const row = await t.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', created.body.contentId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ campaign_id: body.id, personal_link_id: null });
    expect((await api(t, 'GET', '/api/campaigns/shared/zzzzzzzzzzzz')).status).toBe(404);
  });
});
