import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { attachFile } from '../server/submissions/files';
import { startFakeOpenAIChat, type FakeOpenAIChat } from '../server/testing/fake-openai-chat';
import { startLocalSmtp } from '../server/testing/local-smtp';
import { DESKTOP, emailFor, loginAs, PHONE, screenshot, startE2E, toastWith, type E2E, submissionBy } from './harness';

const t = texts.post;
const transcript = [
  'Interviewer: Woran arbeiten Sie gerade?',
  'Du: Wir bauen in Köln eine Fußgängerbrücke aus Carbonbeton, die nur 40 Prozent des Gewichts einer Stahlbetonbrücke hat.',
  'Interviewer: Was war die größte Herausforderung?',
  'Du: Die Verbindungen der Fertigteile mussten wir dreimal neu berechnen, bis die Prüfingenieure zufrieden waren.',
].join('\n\n');

async function seed(e: E2E, contributor: string) {
  const contentId = await submissionBy(e, 'vdi_admin', { tenant: 'vdi', kind: 'interview' });
  await e.t.app.db
    .updateTable('submissions')
    .set({
      transcript,
      w_answers: JSON.stringify({
        who: 'Das Team von Brückenbau Müller',
        what: 'baut eine Carbonbeton-Brücke',
        where: 'Köln',
        when: 'seit März 2026',
      }),
      contact_first_name: 'Erika',
      contact_last_name: 'Muster',
      contact_email: contributor,
      completed_at: new Date().toISOString(),
    })
    .where('id', '=', contentId)
    .execute();
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a7fd4' } })
    .jpeg()
    .toBuffer();
  await attachFile(e.t.app, {
    contentId,
    kind: 'photo',
    body: jpeg,
    originalName: 'bruecke.jpg',
    contentType: 'image/jpeg',
    extension: 'jpg',
  });
  return contentId;
}

const section = (page: Page) => page.getByRole('region', { name: t.section, exact: true });
const linkIn = (text: string) => /(http:\/\/\S+\/freigabe\/[A-Za-z0-9_-]+)/.exec(text)![1]!;

describe('from the material to an approved, published post in the browser', () => {
  let e: E2E;
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    e = await startE2E({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Redaktion <redaktion@e2e.test>' } });
  });
  afterAll(async () => {
    await e.close();
    await smtp.close();
  });

  it('drafts from the material, sends for approval, is approved in a fresh browser, and goes out of date after an edit', async () => {
    const id = await seed(e, 'erika@e2e.test');
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'vdi_admin');
    await page.goto(`/eingang/${id}`);
    const s = section(page);
    await s.waitFor();
    const field = s.getByLabel(t.bodyLabel, { exact: true });

    await s.getByRole('button', { name: t.suggest }).click();
    await expect.poll(() => field.inputValue()).toContain('Das Team von Brückenbau Müller');
    expect(await s.getByTestId('draft-origin').textContent()).toBe(t.templateLabel);
    expect(await field.inputValue()).toContain('„Wir bauen in Köln');
    await s
      .getByRole('list', { name: t.sourcesTitle })
      .getByText('Fußgängerbrücke aus Carbonbeton', { exact: false })
      .waitFor();
    const chars = [...(await field.inputValue())].length;
    expect(await s.getByTestId('char-count').textContent()).toBe(t.count(chars, 3000));
    expect(await s.getByRole('article', { name: t.preview }).textContent()).toContain('Brückenbau Müller');

    await s.getByRole('button', { name: `${t.pickImage}: bruecke.jpg` }).click();
    await s.getByRole('button', { name: t.save }).click();
    expect(await s.getByRole('alert').first().textContent()).toBe(t.altMissing);
    await s.getByLabel(`${t.altLabel} 1`).fill('Die Carbonbrücke in Köln von unten');
    await s.getByRole('button', { name: t.save }).click();
    await toastWith(page, t.saved).waitFor();
    await s.getByRole('list', { name: t.versionsTitle }).getByText(t.version(1), { exact: true }).waitFor();
    await screenshot(page, 'post-section-1280');
    await section(page).screenshot({ path: 'screenshots/post-section-only-1280.png' });

    // X counts against 280 characters
    await s.getByRole('tab', { name: 'X' }).click();
    await s.getByLabel(t.bodyLabel, { exact: true }).fill('x'.repeat(281));
    expect(await s.getByTestId('char-count').textContent()).toBe(t.count(281, 280));
    await s.getByText(t.overLimit(280)).waitFor();
    await s.getByRole('tab', { name: 'LinkedIn' }).click();

    const before = smtp.received.length;
    await s.getByRole('button', { name: t.sendForApproval }).click();
    await toastWith(page, t.sentForApproval).waitFor();
    await s.getByTestId('approval-state').getByText(t.states.pending!).waitFor();
    const mail = await smtp.next('erika@e2e.test', before);
    expect(mail.subject).toBe(t.approvalMailSubject('VDI'));

    // The contributor opens the link in a browser of their own, on a phone.
    const contributor = await e.newPage(PHONE);
    await contributor.goto(linkIn(mail.text));
    await contributor.getByRole('heading', { name: t.publicTitle }).waitFor();
    const preview = contributor.getByRole('article', { name: t.preview });
    expect(await preview.textContent()).toContain('Das Team von Brückenbau Müller');
    const img = preview.getByRole('img', { name: 'Die Carbonbrücke in Köln von unten' });
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(640);
    const shown = await contributor.locator('body').textContent();
    for (const hidden of ['Was war die größte Herausforderung', 'Muster', 'bruecke.jpg', emailFor('vdi_admin')])
      expect(shown).not.toContain(hidden);
    expect(await contributor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(contributor, 'post-approval-390');
    await contributor.setViewportSize(DESKTOP);
    await screenshot(contributor, 'post-approval-1280');
    const decided = smtp.received.length;
    await contributor.getByRole('button', { name: t.approve }).click();
    await contributor.getByText(t.thanksApproved).waitFor();
    const decisionMail = await smtp.next(emailFor('vdi_admin'), decided);
    expect(decisionMail.subject).toBe(t.decisionMailSubject(id, t.states.approved!));

    // A second decision through the same link is refused in German.
    const again = await contributor.request.post(
      `${linkIn(mail.text).replace('/freigabe/', '/api/freigabe/')}/decision`,
      { data: { decision: 'changes', comment: 'Doch nicht' } },
    );
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toBe(t.alreadyDecided);

    await page.goto('/eingang');
    const item = page.getByRole('link', { name: new RegExp(`^${texts.admin.colContentId} #${id}\\b`) });
    await item.getByText(t.states.approved!).waitFor();
    await page.getByLabel(t.filterApproval).selectOption('pending');
    await page.getByText(texts.admin.emptyInbox).waitFor();
    await page.getByLabel(t.filterApproval).selectOption('approved');
    await item.waitFor();

    // Editing after the decision marks the approval as out of date.
    await page.goto(`/eingang/${id}`);
    await section(page).getByTestId('approval-state').getByText(t.states.approved!).waitFor();
    expect(await section(page).getByTestId('post-approval-summary').textContent()).toBe(`${t.states.approved}LinkedIn`);
    await section(page).getByLabel(t.bodyLabel, { exact: true }).fill('Ein ganz neuer Text über die Carbonbrücke.');
    await section(page).getByRole('button', { name: t.save }).click();
    await section(page).getByText(t.outdated).waitFor();
    await expect
      .poll(() => section(page).getByTestId('post-approval-summary').textContent())
      .toBe(`${t.listStates.outdated}LinkedIn`);

    // Earlier versions can be viewed and restored; the restore is saved as a new version.
    const versions = section(page).getByRole('list', { name: t.versionsTitle });
    await versions.getByRole('button', { name: `${t.viewVersion}: ${t.version(1)}` }).click();
    await versions.getByText('„Wir bauen in Köln', { exact: false }).waitFor();
    await versions.getByRole('button', { name: `${t.restoreVersion}: ${t.version(1)}` }).click();
    await expect
      .poll(() => section(page).getByLabel(t.bodyLabel, { exact: true }).inputValue())
      .toContain('Das Team von Brückenbau Müller');
    await section(page).getByRole('button', { name: t.save }).click();
    await versions.getByText(t.version(3), { exact: true }).waitFor();
    await versions.getByText(t.sourceLabels.restore!).waitFor();
    await section(page).getByLabel(t.bodyLabel, { exact: true }).fill('Ein ganz neuer Text über die Carbonbrücke.');
    await section(page).getByRole('button', { name: t.save }).click();
    await versions.getByText(t.version(4), { exact: true }).waitFor();
    await page.setViewportSize(PHONE);
    await section(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'post-section-390');
    await section(page).screenshot({ path: 'screenshots/post-section-only-390.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Publication: recorded, mailed to the contributor, submission "verwendet".
    const published = smtp.received.length;
    await section(page).getByLabel(t.publicationUrl).fill('https://www.linkedin.com/feed/update/urn:li:activity:1');
    await section(page).getByRole('button', { name: t.recordPublication }).click();
    await toastWith(page, t.publicationSaved).waitFor();
    await expect.poll(() => page.locator('#inbox-status').inputValue()).toBe('verwendet');
    const final = await smtp.next('erika@e2e.test', published);
    expect(final.subject).toBe(t.publishedMailSubject('VDI'));
    expect(final.text).toContain('https://www.linkedin.com/feed/update/urn:li:activity:1');
    expect(final.text).toContain('Ein ganz neuer Text über die Carbonbrücke.');

    // The list shows the approval as out of date, and finds it by that state.
    await page.goto('/eingang?approval=outdated');
    await item.getByText(t.listStates.outdated!).waitFor();
    await page.getByLabel(t.filterApproval).selectOption('approved');
    await page.getByText(texts.admin.emptyInbox).waitFor();
  });

  it('takes a change request with a comment, and refuses an expired link in German', async () => {
    const id = await seed(e, 'max@e2e.test');
    const page = await e.newPage(PHONE);
    await loginAs(page, 'admin');
    await page.goto(`/eingang/${id}`);
    const s = section(page);
    await s.getByRole('tab', { name: 'Instagram' }).click();
    await s.getByLabel(t.bodyLabel, { exact: true }).fill('Unsere Carbonbrücke in Köln. #Leichtbau');
    await s.getByRole('button', { name: t.save }).click();
    await toastWith(page, t.saved).waitFor();
    const before = smtp.received.length;
    await s.getByRole('button', { name: t.sendForApproval }).click();
    const mail = await smtp.next('max@e2e.test', before);

    const contributor = await e.newPage(PHONE);
    await contributor.goto(linkIn(mail.text));
    await contributor.getByRole('button', { name: t.requestChanges }).click();
    await contributor.getByRole('button', { name: t.sendChanges }).click();
    await contributor.getByText(t.commentMissing).waitFor();
    await contributor.getByLabel(t.commentLabel).fill('Bitte den Namen des Teams nennen.');
    await contributor.getByRole('button', { name: t.sendChanges }).click();
    await contributor.getByText(t.thanksChanges).waitFor();
    await contributor.reload();
    await contributor.getByText(t.thanksChanges).waitFor();
    expect(await contributor.getByRole('button', { name: t.approve }).count()).toBe(0);

    await page.goto('/eingang?approval=changes');
    await page
      .getByRole('link', { name: new RegExp(`^${texts.admin.colContentId} #${id}\\b`) })
      .getByText(t.states.changes!)
      .waitFor();
    await page.goto(`/eingang/${id}`);
    await section(page).getByRole('tab', { name: 'Instagram' }).click();
    await section(page).getByText('Bitte den Namen des Teams nennen.').waitFor();

    // A new request, expired before it is opened
    const next = smtp.received.length;
    await section(page).getByRole('button', { name: t.sendForApproval }).click();
    const second = await smtp.next('max@e2e.test', next);
    await e.t.app.db
      .updateTable('post_approvals')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('state', '=', 'pending')
      .execute();
    const late = await e.newPage(PHONE);
    await late.goto(linkIn(second.text));
    await late.getByRole('alert').getByText(t.linkExpired).waitFor();
    expect(await late.getByRole('button', { name: t.approve }).count()).toBe(0);

    // The list tells the expired link apart, and finds it by that state.
    await page.goto('/eingang?approval=expired');
    await page
      .getByRole('link', { name: new RegExp(`^${texts.admin.colContentId} #${id}\\b`) })
      .getByText(t.listStates.expired!)
      .waitFor();

    // The editor withdraws the request; the link then says so.
    await page.goto(`/eingang/${id}`);
    await section(page).getByRole('tab', { name: 'Instagram' }).click();
    await section(page).getByText(t.expired, { exact: true }).waitFor();
    await section(page).getByRole('button', { name: t.withdraw }).click();
    await toastWith(page, t.withdrawn).waitFor();
    await late.reload();
    await late.getByRole('alert').getByText(t.linkWithdrawn).waitFor();
    await page.goto('/eingang');
    await page
      .getByRole('link', { name: new RegExp(`^${texts.admin.colContentId} #${id}\\b`) })
      .getByText(t.states.changes!)
      .waitFor();
    await screenshot(page, 'post-inbox-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('lets an editor choose a daily digest at an hour on the account page', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'vdi_admin');
    await page.goto('/eingang');
    await page.getByRole('link', { name: t.navAccount }).click();
    await page.getByRole('heading', { name: t.accountTitle }).waitFor();
    await page.getByLabel(t.notifyModes.digest!).check();
    await page.getByLabel(t.digestHour).selectOption('7');
    await screenshot(page, 'post-account-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: t.notifySave }).click();
    await toastWith(page, t.notifySaved).waitFor();
    const user = await e.t.app.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', emailFor('vdi_admin'))
      .executeTakeFirstOrThrow();
    expect(
      await e.t.app.db
        .selectFrom('notification_prefs')
        .select(['mode', 'digest_hour'])
        .where('user_id', '=', user.id)
        .executeTakeFirst(),
    ).toEqual({ mode: 'digest', digest_hour: 7 });
    await page.reload();
    expect(await page.getByLabel(t.digestHour).inputValue()).toBe('7');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'post-account-1280');
  });
});

describe('a chat model that does not answer in time', () => {
  let e: E2E;
  let fake: FakeOpenAIChat;
  beforeAll(async () => {
    fake = await startFakeOpenAIChat();
    e = await startE2E({
      env: { OPENAI_BASE_URL: fake.url, OPENAI_CHAT_MODEL: 'llama3.1:8b', DRAFT_TIMEOUT_SECONDS: '1' },
    });
  });
  afterAll(async () => {
    await e.close();
    await fake.close();
  });

  it('leaves the editor their text and says so in German; an answer in time streams in and shows its sources', async () => {
    const id = await seed(e, 'erika@e2e.test');
    const page = await e.newPage(DESKTOP);
    await loginAs(page, 'vdi_admin');
    await page.goto(`/eingang/${id}`);
    const field = section(page).getByLabel(t.bodyLabel, { exact: true });
    await field.fill('Mein eigener Anfang');
    fake.behave({ delayMs: 3000 });
    await section(page).getByRole('button', { name: t.suggest }).click();
    await section(page).getByRole('alert').getByText(t.modelTimeout).waitFor();
    expect(await field.inputValue()).toBe('Mein eigener Anfang');

    fake.behave({ delayMs: 0, chunkSize: 4 });
    fake.reply('In Köln entsteht eine Fußgängerbrücke aus Carbonbeton.\nQUELLEN: 2');
    await section(page).getByRole('button', { name: t.suggest }).click();
    await expect.poll(() => field.inputValue()).toBe('In Köln entsteht eine Fußgängerbrücke aus Carbonbeton.');
    expect(await section(page).getByTestId('draft-origin').textContent()).toBe(t.modelLabel);
    await section(page)
      .getByRole('list', { name: t.sourcesTitle })
      .getByText('Wir bauen in Köln', { exact: false })
      .waitFor();
  });
});
