import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { readZip } from '../server/inbox/read-zip';
import { runDueErasures } from '../server/own-page/erasure';
import { contributorScenario, keysOf } from '../server/own-page/testing/scenario';
import { createPersonalLink } from '../server/personal-links';
import { api, dialects, lastMailTo, TEST_PASSWORD } from '../server/testing/harness';
import { DESKTOP, PHONE, screenshot, startE2E, toastWith, type E2E } from './harness';

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
    await video.getByRole('alertdialog').getByRole('button', { name: t.withdraw, exact: true }).click();
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

    await own.getByRole('button', { name: t.erasureButton }).click();
    await own.getByRole('alertdialog').getByRole('button', { name: t.erasureButton }).click();
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
});
