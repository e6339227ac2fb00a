import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { emailFor, loginAs, PHONE, startE2E, type E2E } from './harness';

const f = texts.finish;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The server "goes away" for new submissions: creating one fails as if the network were down. */
async function cutCreation(page: Page) {
  await page.route('**/api/submissions', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
  );
}

describe('drafts under a local id reach the server when it answers again (DESIGN difference 7)', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(() => e.close());

  /**
   * The submissions the team sees. A creation the page sent just as it was left (its answer never
   * stored in the draft) stays held, hidden, until the empty-submission job removes it.
   */
  const submissionsOf = async (role: 'vdi_admin' | 'firma_a' | 'firma_b') => {
    const user = await e.t.app.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', emailFor(role))
      .executeTakeFirstOrThrow();
    return e.t.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('held', '=', 0)
      .orderBy('id')
      .execute();
  };

  it('keeps W-answers offline, sends them when the server is back, and then saves the contact form directly', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin');
    await cutCreation(page);
    await page.goto('/image-description');
    await page.getByRole('button', { name: new RegExp(f.describeByText) }).click();
    const answers = { Wer: 'Lea', Was: 'Windkanal', Wann: 'Heute', Wo: 'Aachen', Warum: 'Rekord' };
    for (const [label, value] of Object.entries(answers)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: f.wSubmit }).click();
    await toast(page, f.wSavedLocally).waitFor();
    await page.waitForURL('**/thank-you');
    const localId = await page.evaluate(() => sessionStorage.getItem('currentInterviewId'));
    expect(localId).toMatch(/^local_image_interview_/);
    // The local id shown short (issue 42), as on the upload pages.
    expect(await page.getByTestId('content-id').textContent()).toBe(`${localId!.slice(0, 8)}...`);
    expect(await submissionsOf('vdi_admin')).toEqual([]);

    await page.unroute('**/api/submissions');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await toast(page, f.draftsSent(1)).waitFor();
    const [created] = await submissionsOf('vdi_admin');
    expect(created).toMatchObject({ tenant: 'vdi', kind: 'description' });
    expect(JSON.parse(created!.w_answers!)).toEqual({
      who: 'Lea',
      what: 'Windkanal',
      when: 'Heute',
      where: 'Aachen',
      why: 'Rekord',
    });
    expect(await page.evaluate(() => sessionStorage.getItem('currentInterviewId'))).toBe(String(created!.id));

    // The page still holds the local id; the contact form finds its Content-ID and saves for real.
    await page.getByLabel(f.firstName, { exact: true }).fill('Lea');
    await page.getByLabel(f.lastName, { exact: true }).fill('Luft');
    await page.getByLabel(f.email, { exact: true }).fill('lea@example.de');
    await page.getByRole('button', { name: f.contactSubmit }).click();
    await toast(page, f.contactSaved).waitFor();
    const done = await e.t.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', created!.id)
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({ contact_email: 'lea@example.de' });
    expect(done.completed_at).not.toBeNull();
    const consents = await e.t.app.db
      .selectFrom('consents')
      .selectAll()
      .where('submission_id', '=', created!.id)
      .execute();
    expect(consents).toEqual([expect.objectContaining({ kind: 'contact', text: f.consent.contact })]);
    expect(await submissionsOf('vdi_admin')).toHaveLength(1);
  });

  it('creates no empty submission for a local id nobody saved anything under', async () => {
    const page = await e.newPage();
    await loginAs(page, 'firma_b');
    await cutCreation(page);
    await page.goto('/firma-b/upload');
    await page.getByRole('heading', { name: texts.uploads.mediaTitle }).waitFor();
    // What useContentId leaves when it falls back to a local id and nothing is kept under it.
    const user = await e.t.app.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', emailFor('firma_b'))
      .executeTakeFirstOrThrow();
    await page.evaluate(async (userId) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('content-assistent', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('drafts', { keyPath: 'localId' });
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const t = new Date().toISOString();
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('drafts', 'readwrite');
        tx.objectStore('drafts').put({
          localId: 'local_upload_1_leer',
          userId,
          tenant: 'firma_b',
          kind: 'upload',
          pending: {},
          files: [],
          createdAt: t,
          updatedAt: t,
        });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    }, user.id);
    await page.unroute('**/api/submissions');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(1000);
    expect(await submissionsOf('firma_b')).toEqual([]);
  });

  it('keeps contact details given offline (test-mode message) and sends them on the next visit', async () => {
    const page = await e.newPage();
    await loginAs(page, 'firma_a');
    await cutCreation(page);
    await page.goto('/firma-a/image-description');
    await page.getByRole('button', { name: new RegExp(f.describeByText) }).click();
    for (const label of ['Wer', 'Was', 'Wann', 'Wo', 'Warum'])
      await page.getByLabel(label, { exact: true }).fill(`${label} offline`);
    await page.getByRole('button', { name: f.wSubmit }).click();
    await toast(page, f.wSavedLocally).waitFor();
    await page.waitForURL('**/firma-a/thank-you');
    await page.getByLabel(f.firstName, { exact: true }).fill('Otto');
    await page.getByLabel(f.lastName, { exact: true }).fill('Offline');
    await page.getByLabel(f.email, { exact: true }).fill('otto@firma-a.example');
    await page.getByRole('button', { name: f.contactSubmit }).click();
    await toast(page, f.contactSavedLocally).waitFor();
    // The page stays with its message (issue 43); its link leads on.
    await page.getByRole('link', { name: f.finishedLink }).click();
    await page.waitForURL((url) => url.pathname === '/firma-a');
    expect(await submissionsOf('firma_a')).toEqual([]);

    await page.unroute('**/api/submissions');
    await page.goto('/firma-a/thank-you');
    await toast(page, f.draftsSent(1)).waitFor();
    const [sent] = await submissionsOf('firma_a');
    expect(sent).toMatchObject({
      tenant: 'firma_a',
      contact_first_name: 'Otto',
      contact_email: 'otto@firma-a.example',
    });
    expect(JSON.parse(sent!.w_answers!)).toMatchObject({ who: 'Wer offline', why: 'Warum offline' });
    expect(sent!.completed_at).not.toBeNull();

    // Sent once only: a later visit sends nothing more.
    await page.reload();
    await page.getByRole('heading', { name: f.thankYouTitle }).waitFor();
    await page.waitForTimeout(500);
    expect(await submissionsOf('firma_a')).toHaveLength(1);
  });
});
