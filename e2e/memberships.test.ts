import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDefaults } from '../common/schemas/tenants';
import { texts } from '../common/texts';
import { lastMailTo, TEST_PASSWORD } from '../server/testing/harness';
import { addMember, createTenant } from '../server/tenants/service';
import { DESKTOP, loginAs, PHONE, screenshot, startE2E, toastWith, type E2E } from './harness';

const tt = texts.tenants;

async function loginEmail(page: Page, email: string, from = '/login') {
  await page.goto(from);
  if (!page.url().includes('/login')) await page.waitForURL('**/login');
  await page.getByLabel(texts.auth.email).fill(email);
  await page.getByLabel(texts.auth.password, { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: texts.auth.submit, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe('memberships end on the page, and invitations are accepted, in the browser', () => {
  let e: E2E;

  beforeAll(async () => {
    e = await startE2E();
    await createTenant(e.t.app, null, { ...tenantDefaults, key: 'firma-m', name: 'Firma M' });
    await createTenant(e.t.app, null, { ...tenantDefaults, key: 'firma-n', name: 'Firma N' });
    await addMember(e.t.app, null, 'firma-m', {
      email: 'm-redaktion@e2e.test',
      role: 'editor',
      password: TEST_PASSWORD,
    });
    await addMember(e.t.app, null, 'firma-m', {
      email: 'm-eins@e2e.test',
      role: 'contributor',
      password: TEST_PASSWORD,
    });
    await addMember(e.t.app, null, 'firma-n', {
      email: 'n-eins@e2e.test',
      role: 'contributor',
      password: TEST_PASSWORD,
    });
  });
  afterAll(() => e.close());

  it("an editor removes a contributor on /mitglieder and invites an existing account, which joins on accepting; the admin's list shows memberships and ends one", async () => {
    const editor = await e.newPage(PHONE);
    await loginEmail(editor, 'm-redaktion@e2e.test');
    await editor.goto('/mitglieder');
    const list = editor.getByRole('list', { name: tt.members });
    const eins = list.getByRole('listitem', { name: 'm-eins@e2e.test' });
    await eins.waitFor();
    // No controls on its own row.
    await expect(
      list
        .getByRole('listitem', { name: 'm-redaktion@e2e.test' })
        .getByRole('button', { name: tt.memberRemove })
        .count(),
    ).resolves.toBe(0);
    await screenshot(editor, 'mitglieder-390');
    editor.once('dialog', (d) => void d.accept());
    await eins.getByRole('button', { name: tt.memberRemove }).click();
    await toastWith(editor, tt.memberRemoved).waitFor();
    await eins.waitFor({ state: 'detached' });
    expect(
      await e.t.app.db
        .selectFrom('memberships')
        .select('tenant')
        .innerJoin('user', 'user.id', 'memberships.user_id')
        .where('user.email', '=', 'm-eins@e2e.test')
        .executeTakeFirst(),
    ).toBeUndefined();

    // Inviting an existing account of Firma N: the same message as for a new address.
    await editor.getByLabel(tt.inviteEmail).fill('n-eins@e2e.test');
    await editor.getByRole('button', { name: tt.invite }).click();
    await toastWith(editor, tt.invitedNeutral('n-eins@e2e.test')).waitFor();
    const mail = await lastMailTo(e.t.app.db, 'n-eins@e2e.test');
    const link = /\/einladung\?token=[A-Za-z0-9_-]+/.exec(mail.body)![0];

    const invited = await e.newPage(PHONE);
    await loginEmail(invited, 'n-eins@e2e.test', link);
    await invited.waitForURL(`**${link}`);
    await invited.getByRole('heading', { name: tt.acceptTitle }).waitFor();
    await screenshot(invited, 'einladung-390');
    await invited.getByRole('button', { name: tt.acceptButton }).click();
    await invited.waitForURL('**/t/firma-m');

    const admin = await e.newPage(DESKTOP);
    await loginAs(admin, 'admin');
    await admin.goto('/admin/users');
    const row = admin.getByRole('listitem', { name: 'm-redaktion@e2e.test' });
    await row.getByText(`${tt.membershipColumn}: Firma M · ${tt.memberEditor}`).waitFor();
    await admin
      .getByRole('listitem', { name: 'n-eins@e2e.test' })
      .getByText(`${tt.membershipColumn}: Firma M · ${tt.memberContributor}`)
      .waitFor();
    await screenshot(admin, 'admin-users-memberships-1280');
    admin.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: tt.memberRemoveFromTenant }).click();
    await row.getByText(`${tt.membershipColumn}: ${tt.memberNone}`).waitFor();

    // The editor's next request finds no membership: /mitglieder is closed to them.
    await editor.reload();
    await editor.waitForURL((url) => !url.pathname.startsWith('/mitglieder'));
  });
});
