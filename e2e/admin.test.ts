import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../common/roles';
import { texts } from '../common/texts';
import { readZip } from '../server/inbox/read-zip';
import { attachFile } from '../server/submissions/files';
import {
  DESKTOP,
  emailFor,
  loginAs as harnessLogin,
  PHONE,
  screenshot,
  startE2E,
  type E2E,
  submissionBy,
} from './harness';

const t = texts.admin;
async function loginAs(page: Page, role: Role) {
  try {
    await harnessLogin(page, role);
  } catch (error) {
    console.log('LOGIN FAILED at', page.url(), (await page.locator('body').innerText()).slice(0, 500));
    throw error;
  }
}
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

describe('admin dashboard, inbox and user management in the browser', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(() => e.close());

  async function seed(
    role: Role,
    tenant: string,
    opts: { kind?: string; transcript?: string; contact?: [string, string]; photo?: boolean; document?: boolean } = {},
  ) {
    const contentId = await submissionBy(e, role, {
      tenant: tenant as 'vdi',
      kind: (opts.kind ?? 'interview') as 'interview',
    });
    await e.t.app.db
      .updateTable('submissions')
      .set({
        transcript: opts.transcript ?? null,
        contact_first_name: opts.contact?.[0] ?? null,
        contact_last_name: opts.contact?.[1] ?? null,
      })
      .where('id', '=', contentId)
      .execute();
    if (opts.photo) {
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
        .jpeg()
        .toBuffer();
      await attachFile(e.t.app, {
        contentId,
        kind: 'photo',
        body: jpeg,
        originalName: 'werkstatt.jpg',
        contentType: 'image/jpeg',
        extension: 'jpg',
      });
    }
    if (opts.document) {
      await attachFile(e.t.app, {
        contentId,
        kind: 'document',
        body: Buffer.from('Projektbeschreibung'),
        originalName: 'projekt.txt',
        contentType: 'text/plain',
        extension: 'txt',
      });
    }
    return contentId;
  }

  /** The figure under a label inside a dashboard card. */
  const figure = (page: Page, card: string, label: string) =>
    page
      .getByRole('region', { name: card, exact: true })
      .locator('div', { has: page.locator('dt', { hasText: label }) })
      .locator('dd');

  it('shows dashboard figures that match the data, the bank included, and logs out clearing stored keys', async () => {
    await seed('bank', 'bank', { photo: true, document: true });
    // Only submissions with content count: a voice message with its transcript.
    await seed('bank', 'bank', { kind: 'voice', transcript: 'Du: Grüße aus der Filiale.' });
    await seed('firma_a', 'firma_a', { photo: true });

    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'admin');
    await page.waitForURL('**/admin');
    await expect.poll(() => figure(page, 'Bank', t.interviews).textContent()).toBe('2');
    expect(await figure(page, 'Bank', t.mediaUploads).textContent()).toBe('2');
    expect(await figure(page, 'Bank', t.activeUsers).textContent()).toBe('1');
    expect(await figure(page, 'Firma A', t.interviews).textContent()).toBe('1');
    expect(await figure(page, 'Firma A', t.mediaUploads).textContent()).toBe('1');
    expect(await figure(page, 'Firma B', t.interviews).textContent()).toBe('0');
    const links = await Promise.all(
      ['Firma A', 'Firma B', 'Bank', t.associationArea].map((name) =>
        page.getByRole('region', { name, exact: true }).getByRole('link').getAttribute('href'),
      ),
    );
    expect(links).toEqual(['/firma-a', '/firma-b', '/bank', '/content-selection']);

    const topBank = page.getByRole('region', { name: `${t.topUsersTitle}: Bank` });
    await expect.poll(() => topBank.textContent()).toContain(emailFor('bank'));
    expect(await topBank.textContent()).toContain(`${t.userInterviews(2)} · ${t.userUploads(2)}`);
    expect(await page.getByRole('table', { name: t.chartTitle }).locator('tbody tr').last().textContent()).toContain(
      '2',
    );
    await screenshot(page, 'admin-dashboard-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'admin-dashboard-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.evaluate(() => {
      localStorage.setItem('last-activity', String(Date.now()));
      sessionStorage.setItem('currentInterviewId', '42');
    });
    await page.getByRole('main').getByRole('button', { name: texts.auth.logout }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [Object.keys(localStorage), Object.keys(sessionStorage)])).toEqual([[], []]);
  });

  it('keeps the error and shows "Keine Daten verfügbar" when the statistics fail', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'admin');
    await page.route('**/api/admin/statistics', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"x"}' }),
    );
    await page.goto('/admin');
    await page.getByRole('alert').filter({ hasText: t.statsLoadFailed }).waitFor();
    expect(await page.getByRole('region', { name: 'Bank', exact: true }).textContent()).toContain(t.noData);
    expect(await page.getByText(t.noData).count()).toBeGreaterThanOrEqual(4);
  });

  it('filters the inbox, shows the detail, changes status, keeps notes, and downloads ZIP and CSV', async () => {
    const id = await seed('vdi_admin', 'vdi', {
      transcript: 'Interviewer: Was bauen Sie?\n\nDu: Eine Brücke aus Carbon.',
      contact: ['Erika', 'Musterfrau'],
      photo: true,
      document: true,
    });
    await e.t.app.db
      .insertInto('consents')
      .values({
        submission_id: id,
        kind: 'photo_rights',
        text: 'Ich besitze alle Nutzungsrechte am Bild und erlaube dessen Verwendung.',
        given_at: new Date().toISOString(),
      })
      .execute();
    await seed('vdi_admin', 'vdi', { kind: 'voice', transcript: 'Du: Grüße vom Prüfstand.' });

    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'admin');
    await page.goto('/eingang');
    const list = page.getByRole('list', { name: t.inboxTitle });
    await list.getByRole('link').first().waitFor();
    await page.getByLabel(t.filterKind).selectOption('interview');
    await page.getByLabel(t.filterTenant).selectOption('vdi');
    await expect.poll(() => list.getByRole('link').count()).toBe(1);
    await page.getByLabel(t.filterKind).selectOption('');
    await page.getByRole('searchbox').fill('carbon');
    await page.getByRole('button', { name: t.filterSearch }).click();
    await expect.poll(() => list.getByRole('link').count()).toBe(1);
    expect(page.url()).toContain('q=carbon');
    await screenshot(page, 'inbox-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'inbox-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);

    // CSV of the filtered list
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: t.exportCsv }).click(),
    ]);
    const csvText = readFileSync((await csv.path())!, 'utf8');
    expect(csvText.trim().split('\r\n')).toHaveLength(2);
    expect(csvText).toContain('Musterfrau');

    await list.getByRole('link', { name: new RegExp(`^${t.colContentId} #${id}\\b`) }).click();
    await page.waitForURL(`**/eingang/${id}`);
    await page.getByRole('heading', { name: t.detailHeading(id) }).waitFor();
    expect(await page.getByRole('region', { name: t.sectionTranscript }).textContent()).toContain(
      'Eine Brücke aus Carbon.',
    );
    expect(await page.getByRole('region', { name: t.sectionContact }).textContent()).toContain('Erika Musterfrau');
    expect(await page.getByRole('region', { name: t.sectionConsents }).textContent()).toContain('Nutzungsrechte');
    const photo = page.getByRole('img', { name: 'werkstatt.jpg' });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    expect(
      await page
        .getByRole('listitem', { name: `${t.mediaKinds.document}: projekt.txt` })
        .getByRole('link', { name: t.openFile })
        .getAttribute('href'),
    ).toMatch(/^\/api\/media\/\d+\/file$/);

    await page.getByLabel(t.statusLabel).selectOption('verwendet');
    await toast(page, t.statusSaved).waitFor();
    await page.getByPlaceholder(t.notePlaceholder).fill('Für den LinkedIn-Post im Mai.');
    await page.getByRole('button', { name: t.addNote }).click();
    await page.getByText('Für den LinkedIn-Post im Mai.').waitFor();
    await page.reload();
    await page.getByText('Für den LinkedIn-Post im Mai.').waitFor();
    expect(await page.getByLabel(t.statusLabel).inputValue()).toBe('verwendet');
    await screenshot(page, 'inbox-detail-1280');

    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: t.downloadZip }).click(),
    ]);
    const entries = readZip(readFileSync((await zip.path())!));
    expect([...entries.keys()].sort()).toEqual(['projekt.txt', 'werkstatt.jpg', t.zipSummaryName].sort());
    expect(entries.get('projekt.txt')!.toString()).toBe('Projektbeschreibung');
    expect(entries.get(t.zipSummaryName)!.toString()).toContain('Für den LinkedIn-Post im Mai.');

    await page.setViewportSize(PHONE);
    await screenshot(page, 'inbox-detail-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('deletes a submission after confirmation: files gone from the blob store, audit entry written', async () => {
    const id = await seed('vdi_admin', 'vdi', { photo: true, document: true });
    const files = await e.t.app.db.selectFrom('media').select('file_path').where('submission_id', '=', id).execute();
    expect(files).toHaveLength(2);
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'vdi_admin');
    await page.goto(`/eingang/${id}`);
    await page.getByRole('button', { name: t.deleteSubmission }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(t.deleteConfirmTitle).waitFor();
    await dialog.getByRole('button', { name: texts.common.cancel }).click();
    expect(
      await e.t.app.db.selectFrom('submissions').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeDefined();

    await page.getByRole('button', { name: t.deleteSubmission }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.deleteConfirm }).click();
    await toast(page, t.deleted).waitFor();
    await page.waitForURL((url) => url.pathname === '/eingang');
    for (const f of files) expect(await e.t.app.blobs.stat(f.file_path)).toBeNull();
    expect(
      await e.t.app.db.selectFrom('submissions').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    const audit = await e.t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `submission:${id}`)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'submission.delete', actor_email: emailFor('vdi_admin') }),
    ]);

    const admin = await e.newPage(DESKTOP);
    await loginAs(admin, 'admin');
    const log = admin.getByRole('region', { name: t.auditTitle });
    await log.getByText(t.detailHeading(id)).waitFor();
    expect(await log.locator('li', { hasText: t.detailHeading(id) }).textContent()).toContain(
      t.auditActions['submission.delete'],
    );
  });

  it('pages the inbox 25 at a time, keeping its filters both ways', async () => {
    for (let i = 0; i < 26; i++) await seed('admin', 'testnormec', { kind: 'upload', contact: ['Seite', `Nr${i}`] });
    const page = await e.newPage(PHONE);
    await loginAs(page, 'admin');
    await page.goto('/eingang?tenant=testnormec&kind=upload');
    const list = page.getByRole('list', { name: t.inboxTitle });
    await expect.poll(() => list.getByRole('link').count()).toBe(25);
    const pager = page.getByRole('navigation', { name: t.pagination });
    await pager.getByRole('button', { name: t.nextPage }).click();
    await pager.getByText(t.pageNumber(2)).waitFor();
    await expect.poll(() => list.getByRole('link').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('tenant')).toBe('testnormec');
    expect(new URL(page.url()).searchParams.get('kind')).toBe('upload');
    await pager.getByRole('button', { name: t.previousPage }).click();
    await pager.getByText(t.pageNumber(1)).waitFor();
    await expect.poll(() => list.getByRole('link').count()).toBe(25);
    expect(new URL(page.url()).search).toBe('?tenant=testnormec&kind=upload');
  });

  it('shows a vdi_admin the association only: no bank data, no tenant filter, no bank detail', async () => {
    const bankId = await seed('bank', 'bank', { contact: ['Bernd', 'Bankkunde'] });
    await seed('vdi_admin', 'vdi', { contact: ['Vera', 'Verband'] });
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'vdi_admin');
    await page.goto('/eingang');
    const list = page.getByRole('list', { name: t.inboxTitle });
    await list.getByText('Vera Verband').waitFor();
    expect(await list.textContent()).not.toContain('Bankkunde');
    expect(await list.textContent()).not.toContain('Bank ');
    expect(await page.getByLabel(t.filterTenant).count()).toBe(0);
    await page.goto(`/eingang/${bankId}`);
    await page.getByRole('alert').filter({ hasText: texts.common.contentIdNotFound }).waitFor();
    expect(await page.getByText('Bankkunde').count()).toBe(0);
  });

  it('gives a bank user no inbox at all', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'bank');
    await page.goto('/eingang');
    await toast(page, texts.auth.noPermission).waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/eingang');
    const res = await page.evaluate(() => fetch('/api/inbox').then((r) => r.status));
    expect(res).toBe(403);
  });

  it('invites a user: the mail is in the outbox and its link sets the password', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'admin');
    await page.goto('/admin/users');
    await page.getByLabel(t.userEmail, { exact: true }).fill('neue.redakteurin@e2e.test');
    await page.getByLabel(t.userRole, { exact: true }).selectOption('vdi_admin');
    await page.getByRole('button', { name: t.inviteSubmit }).click();
    await toast(page, t.invited).waitFor();
    const row = page.getByRole('listitem', { name: 'neue.redakteurin@e2e.test' });
    await row.getByText(t.stateInvited, { exact: true }).waitFor();
    await screenshot(page, 'admin-users-1280');

    await page.goto('/admin/outbox');
    const mail = page.getByRole('article', { name: t.inviteMailSubject }).first();
    await mail.waitFor();
    expect(await mail.textContent()).toContain('neue.redakteurin@e2e.test');
    const link = await mail.getByRole('link').first().getAttribute('href');
    await screenshot(page, 'admin-outbox-1280');

    const invited = await e.newPage(PHONE);
    await invited.goto(link!);
    await invited.waitForURL('**/reset-password?token=*');
    await invited.getByLabel(texts.auth.newPassword, { exact: true }).fill('Zugbruecke-Wolke-Tinte-7');
    await invited.getByLabel(texts.auth.newPasswordRepeat).fill('Zugbruecke-Wolke-Tinte-7');
    await invited.getByRole('button', { name: texts.auth.setPassword }).click();
    await invited.getByRole('main').getByText(texts.auth.passwordSet).waitFor();
    await invited.goto('/login');
    await invited.getByLabel(texts.auth.email).fill('neue.redakteurin@e2e.test');
    await invited.getByLabel(texts.auth.password, { exact: true }).fill('Zugbruecke-Wolke-Tinte-7');
    await invited.getByRole('button', { name: texts.auth.submit, exact: true }).click();
    await invited.waitForURL('**/content-selection');

    await page.goto('/admin/users');
    await page
      .getByRole('listitem', { name: 'neue.redakteurin@e2e.test' })
      .getByText(t.stateActive, { exact: true })
      .waitFor();
  });

  it('changes a role and deactivates an account from the user list', async () => {
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'admin');
    await page.goto('/admin/users');
    const row = page.getByRole('listitem', { name: emailFor('firma_b') });
    await row.getByLabel(t.changeRole).selectOption('firma_a');
    await toast(page, t.roleChanged).waitFor();
    const user = () =>
      e.t.app.db
        .selectFrom('user')
        .select(['role', 'banned'])
        .where('email', '=', emailFor('firma_b'))
        .executeTakeFirstOrThrow();
    expect((await user()).role).toBe('firma_a');
    await row.getByRole('button', { name: t.deactivate }).click();
    await toast(page, t.deactivated).waitFor();
    expect(!!(await user()).banned).toBe(true);
    await row.getByRole('button', { name: t.activate }).click();
    await toast(page, t.activated).waitFor();
    expect(!!(await user()).banned).toBe(false);
  });
});
