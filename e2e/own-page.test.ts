import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { readZip } from '../server/inbox/read-zip';
import { runDueErasures } from '../server/own-page/erasure';
import { contributorScenario, keysOf } from '../server/own-page/testing/scenario';
import { createPersonalLink } from '../server/personal-links';
import { api, dialects, lastMailTo, TEST_PASSWORD } from '../server/testing/harness';
import * as fixture from '../server/uploads/testing/fixtures';
import { DESKTOP, loginAs, PHONE, screenshot, startE2E, tempDir, toastWith, type E2E } from './harness';

const t = texts.ownPage;

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(texts.auth.email).fill(email);
  await page.getByLabel(texts.auth.password, { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: texts.auth.submit, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe.each(dialects)("the contributor's own page in the browser on %s", (dialect) => {
  let e: E2E;
  let s: Awaited<ReturnType<typeof contributorScenario>>;
  let code = '';
  beforeAll(async () => {
    e = await startE2E({ dialect });
    s = await contributorScenario(e.t);
    code = (
      await createPersonalLink(e.t.app.db, e.t.config, {
        tenant: 'firma_a',
        firstName: 'Erika',
        lastName: 'Muster',
        email: s.person,
      })
    ).code;
  });
  afterAll(() => e.close());

  it('withdraws the video consent on the personal page at 390 px: the clip is refused, the approval link says why, the editors get a takedown task and a mail', async () => {
    const page = await e.newPage(PHONE);
    await page.goto(`/e/${code}`);
    const own = page.getByRole('region', { name: t.title });
    await own.getByRole('listitem', { name: t.submissionLabel(s.contentId) }).waitFor();
    const video = own.getByRole('listitem', { name: t.consentKinds.video_rights, exact: true });
    await video
      .getByText(
        t.consentGiven(
          new Date().toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }),
          1,
        ),
      )
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, `own-page-phone-${dialect}`);

    await video.getByRole('button', { name: `${t.withdraw}: ${t.consentKinds.video_rights}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.withdraw, exact: true }).click();
    await toastWith(page, t.withdrawnTitle).waitFor();
    await video.getByText(/Widerrufen am/).waitFor();
    await own.getByText(t.postMarked).waitFor();
    await own.getByText(/Wird bis .* entfernt\./).waitFor();

    // At once on the server: the clip cannot be attached to a post any more.
    const attach = await api(e.t, 'POST', `/api/posts/${s.contentId}/linkedin/versions`, {
      cookie: s.editor,
      body: { body: 'Neu', images: [], items: [{ itemId: s.clipId, alt: 'Clip' }] },
    });
    expect([attach.status, attach.body.message]).toEqual([409, t.consentWithdrawn(t.consentKinds.video_rights!)]);

    // The pending approval link says it was withdrawn.
    const approval = await e.newPage(PHONE);
    await approval.goto(`/freigabe/${s.approvalToken}`);
    await approval.getByText(t.approvalConsentWithdrawn).waitFor();

    // The editors: the takedown task for the published LinkedIn post, announced by mail; the inbox marks it.
    const mail = await lastMailTo(e.t.app.db, s.editorEmail);
    expect(mail.subject).toBe(t.takedownMailSubject(s.contentId));
    const editor = await e.newPage(DESKTOP);
    await signIn(editor, s.editorEmail);
    await editor.goto('/eingang');
    const tasks = editor.getByRole('heading', { name: t.takedownsTitle });
    await tasks.waitFor();
    await editor.getByText('https://www.linkedin.com/feed/update/urn:li:activity:1').waitFor();
    await editor.getByText(t.inboxWithdrawn, { exact: true }).first().waitFor();
    await screenshot(editor, `own-page-takedown-${dialect}`);
    await editor.getByRole('button', { name: t.takedownMarkDone }).click();
    await tasks.waitFor({ state: 'detached' });
    const done = await api(e.t, 'GET', '/api/takedowns', { cookie: s.editor });
    expect(done.body[0].doneByEmail).toBe(s.editorEmail);
  });

  it('downloads the ZIP of everything stored with the files and the JSON, then asks for erasure, which leaves none of the files', async () => {
    const page = await e.newPage(DESKTOP);
    await page.goto(`/e/${code}`);
    const own = page.getByRole('region', { name: t.title });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      own.getByRole('link', { name: t.exportButton }).click(),
    ]);
    const zip = readZip(readFileSync((await download.path())!));
    expect([...zip.keys()]).toEqual(
      expect.arrayContaining(['daten.json', 'einwilligungen.txt', `material/${s.contentId}/${s.videoId}-antwort.mp4`]),
    );
    expect(JSON.parse(zip.get('daten.json')!.toString()).submissions[0].contentId).toBe(s.contentId);
    await screenshot(page, `own-page-desktop-${dialect}`);

    // The confirmation is a modal dialog by keyboard (issue 43): focus inside, kept inside, Escape
    // closes it and the focus returns to the button that opened it.
    const opener = own.getByRole('button', { name: t.erasureButton });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: t.erasureConfirm });
    await dialog.waitFor();
    await screenshot(page, `own-page-erasure-dialog-${dialect}`);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await e.t.app.db.selectFrom('erasure_requests').selectAll().execute()).toEqual([]);

    await opener.click();
    await dialog.getByRole('button', { name: t.erasureButton }).click();
    await own
      .getByRole('status')
      .getByText(/Ihre Löschung ist beantragt/)
      .waitFor();
    const request = await e.t.app.db.selectFrom('erasure_requests').selectAll().executeTakeFirstOrThrow();

    const before = await keysOf(e.t, s.contentId);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(await runDueErasures(e.t.app, new Date(Date.parse(request.due_at) + 1000))).toBe(1);
    expect(await keysOf(e.t, s.contentId)).toEqual([]);
    // The person's link went with them.
    await page.reload();
    await page.getByText(texts.personalLinks.unknown).waitFor();
  });

  it("an admin changes the photo rights' words on /admin/bereiche; the upload page shows them and the consent points to the new version; the admin sees what retention has due", async () => {
    const admin = await e.newPage(DESKTOP);
    await loginAs(admin, 'admin');
    await admin.goto('/admin/bereiche');
    await admin
      .getByRole('listitem', { name: 'Firma A', exact: true })
      .getByRole('button', { name: texts.tenants.edit })
      .click();
    const form = admin.getByRole('form', { name: texts.tenants.edit });
    await form.getByLabel(t.textKindLabel, { exact: true }).selectOption({ label: t.consentKinds.photo_rights! });
    const words = 'Ich habe dieses Foto selbst gemacht und die Firma A darf es in ihren Kanälen zeigen.';
    await form.getByLabel(t.textLabel, { exact: true }).fill(words);
    await form.getByRole('button', { name: t.textSave }).click();
    await toastWith(admin, t.textSaved).waitFor();
    await form.getByText(words).waitFor();
    const version = await e.t.app.db
      .selectFrom('consent_texts')
      .select(['id', 'version'])
      .where('tenant', '=', 'firma_a')
      .where('kind', '=', 'photo_rights')
      .where('valid_until', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(version.version)).toBe(2);

    // The photo's processing runs as a job.
    e.t.app.jobs.start();
    const photo = path.join(tempDir('ca-e2e-consent-'), 'werkstatt.png');
    writeFileSync(photo, await fixture.png());
    const c = await e.newPage(PHONE);
    await loginAs(c, 'firma_a');
    await c.goto('/firma-a/upload');
    await c.getByRole('heading', { name: texts.uploads.mediaTitle }).waitFor();
    await c.locator('input[type=file]').setInputFiles([photo]);
    // The new words, not the catalogue's.
    await c.getByLabel(words, { exact: true }).check();
    expect(await c.getByText(texts.uploads.rightsLabel).count()).toBe(0);
    await c.getByRole('button', { name: texts.uploads.uploadButton(1) }).click();
    await c.waitForURL('**/firma-a/thank-you', { timeout: 30_000 });
    const consent = await e.t.app.db
      .selectFrom('consents')
      .innerJoin('submissions', 'submissions.id', 'consents.submission_id')
      .select(['consents.submission_id', 'consents.text', 'consents.text_id'])
      .where('consents.kind', '=', 'photo_rights')
      .where('submissions.id', '<>', s.contentId)
      .orderBy('consents.id', 'desc')
      .executeTakeFirstOrThrow();
    expect([consent.text, Number(consent.text_id)]).toEqual([words, Number(version.id)]);

    // Unused for 30 months: the admin's retention list on the same form shows it as due.
    const old = new Date(Date.now() - 30 * 31 * 86_400_000).toISOString();
    await e.t.app.db
      .updateTable('submissions')
      .set({ updated_at: old })
      .where('id', '=', consent.submission_id)
      .execute();
    for (const [viewport, name] of [
      [DESKTOP, '1280'],
      [PHONE, '390'],
    ] as const) {
      const a = await e.newPage(viewport);
      await loginAs(a, 'admin');
      await a.goto('/admin/bereiche');
      await a
        .getByRole('listitem', { name: 'Firma A', exact: true })
        .getByRole('button', { name: texts.tenants.edit })
        .click();
      const f = a.getByRole('form', { name: texts.tenants.edit });
      await f.getByText(t.retentionDue(1)).waitFor();
      await f.getByText(new RegExp(`Content-ID ${consent.submission_id}, zuletzt verwendet`)).waitFor();
      await f.getByRole('heading', { name: t.retentionTitle }).scrollIntoViewIfNeeded();
      expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await a.screenshot({ path: path.resolve('screenshots', `own-page-retention-${name}-${dialect}.png`) });
    }
  });
});
