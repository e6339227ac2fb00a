import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_TOKEN_HEADER } from '../../common/schemas/submissions';
import { texts } from '../../common/texts';
import { createSubmission } from '../submissions/service';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';

const f = texts.finish;
const goodAnswers = {
  who: 'Anna Muster',
  what: 'Prüfstand',
  when: 'Mai 2026',
  where: 'Düsseldorf',
  why: 'Neue Technik',
};
const goodContact = { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.de', consentText: f.consent.contact };

describe.each(dialects)('finishing a submission on %s', (dialect) => {
  let t: TestApp;
  let vdi: string;
  let bank: string;
  let firmaA: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    await addUser(t.app, 'vdi2@example.de', 'vdi_admin');
    await addUser(t.app, 'bank@example.de', 'bank');
    await addUser(t.app, 'a@example.de', 'firma_a');
    await addUser(t.app, 'admin@example.de', 'admin');
    // One after another: parallel requests open more pooled connections than the test needs.
    vdi = await login(t, 'vdi@example.de');
    bank = await login(t, 'bank@example.de');
    firmaA = await login(t, 'a@example.de');
    admin = await login(t, 'admin@example.de');
  });
  afterAll(() => t.close());

  async function newSubmission(cookie: string, tenant: string, kind = 'upload'): Promise<number> {
    const res = await api(t, 'POST', '/api/submissions', { cookie, body: { tenant, kind } });
    expect(res.status).toBe(201);
    return res.body.contentId;
  }
  const row = (id: number) =>
    t.app.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const consents = (id: number) =>
    t.app.db.selectFrom('consents').selectAll().where('submission_id', '=', id).orderBy('id').execute();

  describe('ownership', () => {
    const writes = [
      ['PUT', 'description', goodAnswers],
      ['PUT', 'contact', goodContact],
      ['PUT', 'post-contact', { email: 'post@example.de', description: 'Für Rückfragen' }],
      ['POST', 'consents', { kind: 'photo_rights', text: f.consent.photo_rights }],
    ] as const;

    it.each(writes)(
      "%s …/%s refuses a Content-ID of another user with the spec's error and changes nothing",
      async (method, action, body) => {
        const id = await newSubmission(firmaA, 'firma_a');
        const before = await row(id);
        const other = await login(t, 'bank@example.de');
        const res = await api(t, method, `/api/submissions/${id}/${action}`, { cookie: other, body });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(texts.common.contentIdNotFound);
        expect(await row(id)).toEqual(before);
        expect(await consents(id)).toEqual([]);
      },
    );

    it.each(writes)('%s …/%s refuses a Content-ID that does not exist', async (method, action, body) => {
      const res = await api(t, method, `/api/submissions/987654/${action}`, { cookie: vdi, body });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(texts.common.contentIdNotFound);
    });

    it.each(writes)(
      '%s …/%s refuses a caller who is not signed in and holds no token',
      async (method, action, body) => {
        const id = await newSubmission(vdi, 'vdi');
        const res = await api(t, method, `/api/submissions/${id}/${action}`, { body });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(texts.common.contentIdNotFound);
        expect(await row(id)).toMatchObject({
          w_answers: null,
          contact_email: null,
          post_email: null,
          completed_at: null,
        });
      },
    );

    it('checks ownership before the input: a stranger sending invalid data still gets "not found"', async () => {
      const id = await newSubmission(firmaA, 'firma_a');
      const res = await api(t, 'PUT', `/api/submissions/${id}/description`, { cookie: bank, body: { who: 'x' } });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(texts.common.contentIdNotFound);
    });

    it('lets another vdi_admin (an editor of the association) and the admin work on a submission, but not a vdi_admin on a bank one', async () => {
      const id = await newSubmission(vdi, 'vdi');
      const vdi2 = await login(t, 'vdi2@example.de');
      expect(
        (await api(t, 'PUT', `/api/submissions/${id}/description`, { cookie: vdi2, body: goodAnswers })).status,
      ).toBe(200);
      expect((await api(t, 'PUT', `/api/submissions/${id}/post-contact`, { cookie: admin, body: {} })).status).toBe(
        200,
      );
      const bankId = await newSubmission(bank, 'bank');
      expect(
        (await api(t, 'PUT', `/api/submissions/${bankId}/description`, { cookie: vdi, body: goodAnswers })).status,
      ).toBe(404);
    });

    it('lets an anonymous browser work on its submission with its token, and nobody with a wrong token', async () => {
      const { contentId, accessToken } = await createSubmission(
        t.app.db,
        { tenant: 'vdi', kind: 'upload' },
        { anonymous: true },
      );
      const path = `/api/submissions/${contentId}/contact`;
      const wrong = await api(t, 'PUT', path, {
        body: goodContact,
        headers: { [SUBMISSION_TOKEN_HEADER]: 'x'.repeat(43) },
      });
      expect(wrong.status).toBe(404);
      expect((await row(contentId)).contact_email).toBeNull();
      const ok = await api(t, 'PUT', path, { body: goodContact, headers: { [SUBMISSION_TOKEN_HEADER]: accessToken! } });
      expect(ok.status).toBe(200);
      expect((await row(contentId)).contact_email).toBe('anna@example.de');
      const list = await api(t, 'GET', `/api/submissions/${contentId}/consents`, {
        headers: { [SUBMISSION_TOKEN_HEADER]: accessToken! },
      });
      expect(list.body).toEqual([expect.objectContaining({ kind: 'contact', text: f.consent.contact })]);
    });

    it('refuses a Content-ID that is not a number', async () => {
      const res = await api(t, 'PUT', '/api/submissions/local_voice_123/description', {
        cookie: vdi,
        body: goodAnswers,
      });
      expect(res.status).toBe(400);
    });
  });

  describe('W-answers', () => {
    it('saves the five answers, trimmed, with the submission', async () => {
      const id = await newSubmission(vdi, 'vdi');
      const res = await api(t, 'PUT', `/api/submissions/${id}/description`, {
        cookie: vdi,
        body: { ...goodAnswers, who: '  Anna Muster  ' },
      });
      expect(res.status).toBe(200);
      expect(JSON.parse((await row(id)).w_answers!)).toEqual(goodAnswers);
    });

    it.each(['who', 'what', 'when', 'where', 'why'])(
      'refuses "%s" shorter than 2 characters with "Bitte beantworte alle W-Fragen mit mindestens 2 Zeichen."',
      async (key) => {
        const id = await newSubmission(vdi, 'vdi');
        for (const value of ['A', '  A  ', '', undefined]) {
          const res = await api(t, 'PUT', `/api/submissions/${id}/description`, {
            cookie: vdi,
            body: { ...goodAnswers, [key]: value },
          });
          expect(res.status).toBe(400);
          expect(res.body.message).toBe(f.wIncomplete);
        }
        expect((await row(id)).w_answers).toBeNull();
      },
    );

    it('accepts exactly 2 characters', async () => {
      const id = await newSubmission(vdi, 'vdi');
      const res = await api(t, 'PUT', `/api/submissions/${id}/description`, {
        cookie: vdi,
        body: { who: 'Wi', what: 'Wa', when: 'Wn', where: 'Wo', why: 'Wy' },
      });
      expect(res.status).toBe(200);
    });
  });

  describe('contact form', () => {
    it('saves first name, last name and e-mail, stamps completed_at once and stores the consent wording', async () => {
      const id = await newSubmission(vdi, 'vdi');
      const res = await api(t, 'PUT', `/api/submissions/${id}/contact`, {
        cookie: vdi,
        body: { ...goodContact, email: ' anna@example.de ' },
      });
      expect(res.status).toBe(200);
      const saved = await row(id);
      expect(saved).toMatchObject({
        contact_first_name: 'Anna',
        contact_last_name: 'Muster',
        contact_email: 'anna@example.de',
      });
      expect(saved.completed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      const stored = await consents(id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ kind: 'contact', text: f.consent.contact });
      expect(Date.parse(stored[0]!.given_at)).toBeGreaterThan(Date.now() - 60_000);

      await api(t, 'PUT', `/api/submissions/${id}/contact`, {
        cookie: vdi,
        body: { ...goodContact, firstName: 'Anne' },
      });
      const again = await row(id);
      expect(again.contact_first_name).toBe('Anne');
      expect(again.completed_at).toBe(saved.completed_at);
    });

    const standardCases: [string, Record<string, unknown>, string][] = [
      ['an empty first name', { firstName: '  ' }, f.firstNameRequired],
      ['a missing first name', { firstName: undefined }, f.firstNameRequired],
      ['an empty last name', { lastName: '' }, f.lastNameRequired],
      ['an invalid e-mail', { email: 'anna@' }, f.emailInvalid],
      ['a missing e-mail', { email: undefined }, f.emailInvalid],
      ['a consent wording the catalogue does not know', { consentText: 'Ich stimme allem zu.' }, f.consentUnknown],
    ];
    it.each(standardCases)('standard: refuses %s with its text and changes nothing', async (_name, change, message) => {
      const id = await newSubmission(firmaA, 'firma_a');
      const res = await api(t, 'PUT', `/api/submissions/${id}/contact`, {
        cookie: firmaA,
        body: { ...goodContact, ...change },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await row(id)).toMatchObject({ contact_first_name: null, contact_email: null, completed_at: null });
      expect(await consents(id)).toEqual([]);
    });

    it('standard: accepts one-letter names', async () => {
      const id = await newSubmission(firmaA, 'firma_a');
      expect(
        (
          await api(t, 'PUT', `/api/submissions/${id}/contact`, {
            cookie: firmaA,
            body: { ...goodContact, firstName: 'A', lastName: 'B' },
          })
        ).status,
      ).toBe(200);
    });

    const bankCases: [string, Record<string, unknown>, string][] = [
      ['a one-letter first name', { firstName: 'A' }, f.bankFirstNameMin],
      ['a one-letter last name', { lastName: ' B ' }, f.bankLastNameMin],
      ['an invalid e-mail', { email: 'keine-adresse' }, f.bankEmailInvalid],
    ];
    it.each(bankCases)('bank: refuses %s with the bank text', async (_name, change, message) => {
      const id = await newSubmission(bank, 'bank');
      const res = await api(t, 'PUT', `/api/submissions/${id}/contact`, {
        cookie: bank,
        body: { ...goodContact, ...change },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect((await row(id)).completed_at).toBeNull();
    });

    it('bank: saves valid contact details', async () => {
      const id = await newSubmission(bank, 'bank');
      expect((await api(t, 'PUT', `/api/submissions/${id}/contact`, { cookie: bank, body: goodContact })).status).toBe(
        200,
      );
      expect((await row(id)).contact_last_name).toBe('Muster');
    });
  });

  describe('contact information for the post', () => {
    const path = (id: number) => `/api/submissions/${id}/post-contact`;

    it('stores e-mail, link and description, and empty values as null', async () => {
      const id = await newSubmission(vdi, 'vdi');
      const body = {
        email: 'post@example.de',
        link: 'https://www.vdi.de/mitmachen',
        description: 'Kontakt zur Arbeitsgruppe',
      };
      expect((await api(t, 'PUT', path(id), { cookie: vdi, body })).status).toBe(200);
      expect(await row(id)).toMatchObject({
        post_email: 'post@example.de',
        post_link: 'https://www.vdi.de/mitmachen',
        post_description: 'Kontakt zur Arbeitsgruppe',
      });

      expect(
        (await api(t, 'PUT', path(id), { cookie: vdi, body: { email: '', link: '  ', description: 'Nur Text' } }))
          .status,
      ).toBe(200);
      expect(await row(id)).toMatchObject({ post_email: null, post_link: null, post_description: 'Nur Text' });

      expect(
        (await api(t, 'PUT', path(id), { cookie: vdi, body: { email: '', link: '', description: '' } })).status,
      ).toBe(200);
      expect(await row(id)).toMatchObject({ post_email: null, post_link: null, post_description: null });
    });

    it.each([
      ['vdi', { email: 'post@example.de' }, f.postDescriptionRequired.standard],
      ['vdi', { link: 'https://example.de', description: '   ' }, f.postDescriptionRequired.standard],
      ['firma_a', { link: 'https://example.de' }, f.postDescriptionRequired.standard],
      ['bank', { email: 'post@example.de', description: '' }, f.postDescriptionRequired.bank],
      ['bank', { link: 'https://bank.example.de' }, f.postDescriptionRequired.bank],
    ] as const)('%s: requires a description when an e-mail or link is given (%j)', async (tenant, body, message) => {
      const cookie = tenant === 'bank' ? bank : tenant === 'firma_a' ? firmaA : vdi;
      const id = await newSubmission(cookie, tenant);
      const res = await api(t, 'PUT', path(id), { cookie, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await row(id)).toMatchObject({ post_email: null, post_link: null, post_description: null });
    });

    it.each([
      ['vdi', { email: 'kein@', description: 'x' }, f.emailInvalid],
      ['bank', { email: 'kein@', description: 'x' }, f.bankEmailInvalid],
      ['vdi', { link: 'javascript:alert(1)', description: 'x' }, f.postLinkInvalid],
      ['vdi', { link: 'www.vdi.de', description: 'x' }, f.postLinkInvalid],
    ] as const)('%s: refuses %j with its text', async (tenant, body, message) => {
      const cookie = tenant === 'bank' ? bank : vdi;
      const id = await newSubmission(cookie, tenant);
      const res = await api(t, 'PUT', path(id), { cookie, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });
  });

  describe('consents', () => {
    it('records the photo rights wording with the time it was given', async () => {
      const id = await newSubmission(firmaA, 'firma_a');
      const res = await api(t, 'POST', `/api/submissions/${id}/consents`, {
        cookie: firmaA,
        body: { kind: 'photo_rights', text: f.consent.photo_rights },
      });
      expect(res.status).toBe(201);
      expect(res.body.id).toBeGreaterThan(0);
      const stored = await consents(id);
      expect(stored).toEqual([
        expect.objectContaining({
          kind: 'photo_rights',
          text: 'Ich besitze alle Nutzungsrechte am Bild und erlaube dessen Verwendung.',
        }),
      ]);
    });

    it.each([
      [{ kind: 'photo_rights', text: 'Ich besitze alle Nutzungsrechte.' }],
      [{ kind: 'photo_rights', text: f.consent.contact }],
      [{ kind: 'newsletter', text: f.consent.photo_rights }],
      [{ kind: 'photo_rights' }],
    ])('refuses %j with "Diese Einwilligung ist nicht bekannt."', async (body) => {
      const id = await newSubmission(firmaA, 'firma_a');
      const res = await api(t, 'POST', `/api/submissions/${id}/consents`, { cookie: firmaA, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(f.consentUnknown);
      expect(await consents(id)).toEqual([]);
    });

    it('removes consents with their submission', async () => {
      const id = await newSubmission(vdi, 'vdi');
      await api(t, 'PUT', `/api/submissions/${id}/contact`, { cookie: vdi, body: goodContact });
      await t.app.db.deleteFrom('submissions').where('id', '=', id).execute();
      expect(await consents(id)).toEqual([]);
    });
  });
});
