import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import * as fixture from '../server/uploads/testing/fixtures';
import { TEST_PASSWORD } from '../server/testing/harness';
import { addMember } from '../server/tenants/service';
import { createSubmission } from '../server/submissions/service';
import { DESKTOP, loginAs, PHONE, screenshot, startE2E, tempDir, type E2E } from './harness';

const tt = texts.tenants;
const u = texts.uploads;
const tm = texts.templates;
const ct = texts.content;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function loginEmail(page: Page, email: string, from = '/login') {
  await page.goto(from);
  if (!page.url().includes('/login')) await page.waitForURL('**/login');
  await page.getByLabel(texts.auth.email).fill(email);
  await page.getByLabel(texts.auth.password, { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: texts.auth.submit, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe('a tenant an admin creates, in the browser', () => {
  let e: E2E;
  let photo: string;

  beforeAll(async () => {
    e = await startE2E();
    e.t.app.jobs.start();
    const dir = tempDir('ca-e2e-tenants-');
    photo = path.join(dir, 'werkstatt.png');
    writeFileSync(photo, await fixture.png());
  });
  afterAll(() => e.close());

  it('admin creates Firma C; its contributor uploads under /t/firma-c; its editor sees it, others do not', async () => {
    const admin = await e.newPage(DESKTOP);
    await loginAs(admin, 'admin');
    await admin.goto('/admin/bereiche');
    await admin.getByRole('list', { name: tt.pageTitle }).getByRole('listitem', { name: 'Bank' }).waitFor();
    await admin.getByRole('button', { name: tt.create }).first().click();
    const form = admin.getByRole('form', { name: tt.create });
    await form.getByLabel(tt.fieldName, { exact: true }).fill('Firma C');
    await form.getByLabel(tt.fieldKey, { exact: true }).fill('Firma C');
    await form.getByLabel(tt.fieldColor, { exact: true }).fill('#ffdd00');
    await form.getByRole('button', { name: tt.create }).click();
    await form.getByText(tt.keyInvalid).waitFor();
    await form.getByText(/Kontrast 1,\d : 1/).waitFor();
    await form.getByLabel(tt.fieldKey, { exact: true }).fill('firma-c');
    await form.getByLabel(tt.fieldColor, { exact: true }).fill('#1d4ed8');
    await form.getByLabel(tt.fieldPublicLink, { exact: true }).check();
    // The interviewer's patience per topic (issue 27): patient unless set.
    const patience = form.getByLabel(`${tt.fieldPatience}: ${texts.nav.topics.engineer['tech-dive'].title}`);
    expect(await patience.inputValue()).toBe('patient');
    await patience.selectOption({ label: tt.patience.quick! });
    await screenshot(admin, 'admin-bereiche-form-1280');
    await form.getByRole('button', { name: tt.create }).click();
    await admin.getByRole('listitem', { name: 'Firma C' }).waitFor();
    expect(
      JSON.parse(
        (
          await e.t.app.db
            .selectFrom('tenants')
            .select('interview_patience')
            .where('key', '=', 'firma-c')
            .executeTakeFirstOrThrow()
        ).interview_patience ?? '{}',
      ),
    ).toEqual({ 'tech-dive': 'quick' });
    await screenshot(admin, 'admin-bereiche-1280');

    await addMember(e.t.app, null, 'firma-c', { email: 'c@e2e.test', role: 'contributor', password: TEST_PASSWORD });
    await addMember(e.t.app, null, 'firma-c', {
      email: 'c-redaktion@e2e.test',
      role: 'editor',
      password: TEST_PASSWORD,
    });

    // The contributor lands on /t/firma-c, in its brand, and uploads a photo on the shared upload page.
    const c = await e.newPage(PHONE);
    await loginEmail(c, 'c@e2e.test');
    await c.waitForURL('**/t/firma-c');
    await expect
      .poll(() =>
        c.evaluate(
          () =>
            (document.querySelector('[style*="--brand"]') as HTMLElement | null)?.style.getPropertyValue('--brand') ??
            null,
        ),
      )
      .toBe('#1d4ed8');
    await c
      .getByRole('link', { name: /Firma C/ })
      .first()
      .waitFor();
    await c.goto('/t/firma-c/upload');
    await c.getByRole('heading', { name: u.mediaTitle }).waitFor();
    await c.locator('input[type=file]').setInputFiles([photo]);
    await c.getByLabel(u.rightsLabel).check();
    await c.getByRole('button', { name: u.uploadButton(1) }).click();
    await c.waitForURL('**/t/firma-c/thank-you', { timeout: 30_000 });
    await screenshot(c, 'tenant-thank-you-390');
    const row = await e.t.app.db
      .selectFrom('submissions')
      .select(['id', 'tenant'])
      .where('tenant', '=', 'firma-c')
      .executeTakeFirstOrThrow();

    // Its editor lands on the inbox and sees it.
    const editor = await e.newPage(DESKTOP);
    await loginEmail(editor, 'c-redaktion@e2e.test');
    await editor.waitForURL('**/eingang');
    await editor.getByText(String(row.id)).first().waitFor();
    await editor.goto(`/eingang/${row.id}`);
    await editor.getByText('werkstatt.png').first().waitFor();

    // The editor invites a contributor of their own; the invitation is in the outbox.
    await editor.getByRole('link', { name: tt.members }).click();
    await editor.waitForURL('**/mitglieder');
    await editor.getByLabel(tt.inviteEmail).fill('neu-c@e2e.test');
    expect(await editor.getByLabel(tt.inviteRole).locator('option').allTextContents()).toEqual([tt.memberContributor]);
    await editor.getByRole('button', { name: tt.invite }).click();
    await editor.getByRole('list', { name: tt.members }).getByText('neu-c@e2e.test').waitFor();
    const invited = await e.t.app.db
      .selectFrom('memberships')
      .innerJoin('user', 'user.id', 'memberships.user_id')
      .select(['memberships.tenant', 'memberships.role'])
      .where('user.email', '=', 'neu-c@e2e.test')
      .executeTakeFirstOrThrow();
    expect(invited).toEqual({ tenant: 'firma-c', role: 'contributor' });
    expect(
      await e.t.app.db.selectFrom('outbox').select('id').where('to_address', '=', 'neu-c@e2e.test').execute(),
    ).toHaveLength(1);

    // The association's editor: not found; Firma A: no way into /t/firma-c.
    const vdi = await e.newPage(DESKTOP);
    await loginAs(vdi, 'vdi_admin');
    await vdi.goto(`/eingang/${row.id}`);
    await vdi.getByText(texts.common.contentIdNotFound).first().waitFor();
    const a = await e.newPage(DESKTOP);
    await loginAs(a, 'firma_a');
    await a.goto('/t/firma-c');
    await a.waitForURL('**/login');
    await toast(a, texts.auth.noPermission).waitFor();

    // The public link works without login.
    const anon = await e.newPage(PHONE);
    await anon.goto('/p/firma-c/upload');
    await anon.getByRole('heading', { name: u.publicTitle }).waitFor();

    // Archived: the contributor's next submission is refused with the German reason.
    await admin.getByRole('listitem', { name: 'Firma C' }).getByRole('button', { name: tt.archive }).click();
    await toast(admin, tt.archivedDone).waitFor();
    const refused = await c.evaluate(async () =>
      (
        await fetch('/api/submissions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tenant: 'firma-c', kind: 'upload' }),
        })
      ).json(),
    );
    expect(refused.message).toBe(tt.isArchived);
  }, 120_000);

  it('admin sets the card layout, caption style and font on /admin/bereiche; the card preview on /eingang/:id follows', async () => {
    const { contentId } = await createSubmission(e.t.app.db, { tenant: 'vdi', kind: 'interview' }, { anonymous: true });
    await e.t.app.db
      .updateTable('submissions')
      .set({ transcript: 'Wir prüfen jede Windkraftanlage gründlich.', completed_at: new Date().toISOString() })
      .where('id', '=', contentId)
      .execute();
    const admin = await e.newPage(DESKTOP);
    await loginAs(admin, 'admin');
    // The card preview with the default template (quote card, Inter).
    const preview = async () => {
      await admin.goto(`/eingang/${contentId}`);
      const cards = admin.getByRole('region', { name: ct.section, exact: true }).getByTestId('card-maker');
      await cards.getByLabel(ct.quoteLabel, { exact: true }).fill('Wir prüfen jede Windkraftanlage gründlich.');
      const img = cards.getByTestId('card-preview').getByRole('img', { name: tm.cardPreviewAlt });
      await img.waitFor({ timeout: 15_000 });
      return { cards, src: (await img.getAttribute('src'))! };
    };
    const before = await preview();
    expect(await before.cards.getByLabel(tm.cardLayoutLabel).inputValue()).toBe('quote');

    // The admin chooses the large-name layout, word-by-word captions and Source Serif, and saves.
    await admin.goto('/admin/bereiche');
    await admin.getByRole('listitem', { name: 'VDI' }).getByRole('button', { name: tt.edit }).click();
    const form = admin.getByRole('form', { name: tt.edit });
    const fields = form.getByTestId('media-template');
    await fields.getByLabel(tm.cardLayoutLabel, { exact: true }).selectOption({ label: tm.cardLayouts.name! });
    await fields.getByLabel(tm.captionStyleLabel, { exact: true }).selectOption({ label: tm.captionStyles.words! });
    await fields.getByLabel(tm.fontLabel, { exact: true }).selectOption({ label: tm.fonts.serif! });
    await fields.scrollIntoViewIfNeeded();
    await screenshot(admin, 'admin-bereiche-templates-1280');
    await form.getByRole('button', { name: tt.save, exact: true }).click();
    await toast(admin, tt.saved).waitFor();
    expect(
      await e.t.app.db
        .selectFrom('tenants')
        .select(['card_layout', 'caption_style', 'media_font'])
        .where('key', '=', 'vdi')
        .executeTakeFirstOrThrow(),
    ).toEqual({ card_layout: 'name', caption_style: 'words', media_font: 'serif' });

    // The card maker preselects the new layout, and the same quote previews in the new font.
    const after = await preview();
    expect(await after.cards.getByLabel(tm.cardLayoutLabel).inputValue()).toBe('name');
    await expect.poll(async () => (await preview()).src, { timeout: 15_000 }).not.toBe(before.src);
    await after.cards.getByTestId('card-preview').scrollIntoViewIfNeeded();
    await screenshot(admin, 'content-card-preview-serif-1280');
  }, 120_000);
});
