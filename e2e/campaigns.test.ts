import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { cliWithEnv } from '../server/testing/cli';
import { startLocalSmtp } from '../server/testing/local-smtp';
import { DESKTOP, loginAs, PHONE, screenshot, startE2E, tempDir, toastWith, type E2E } from './harness';

const c = texts.campaigns;
const sp = texts.voiceMessages;
const f = texts.finish;
const DAY = 86_400_000;

/**
 * A campaign walked as its team and one invitee would: the editor makes it and imports three
 * people from a CSV file, the invitations arrive at a real (local) SMTP server, one invitee opens
 * her personal link on a phone without an account, records a voice message and sends it with her
 * prefilled contact details; the board says "eingereicht" for her, and the operator's remind
 * command sends the first reminder to the two others, once, and none to her.
 */
describe('a campaign from invitation to reminder', () => {
  let e: E2E;
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    e = await startE2E({ fakeMedia: true, env: { SMTP_URL: smtp.url, CAMPAIGN_MAILS_PER_SECOND: '50' } });
    e.t.app.jobs.start();
  }, 60_000);
  afterAll(async () => {
    await e?.t.app.jobs.stop();
    await e?.close();
    await smtp?.close();
  });

  it('invites three people from a CSV file, takes one answer by phone and reminds the two others once', async () => {
    const editor = await e.newPage(DESKTOP);
    await loginAs(editor, 'vdi_admin');
    await editor.goto('/eingang');
    await editor.getByRole('link', { name: c.navLabel }).click();
    await editor.getByRole('button', { name: c.newTitle }).click();
    await editor.getByLabel(c.fields.name).fill('Frauen in der Technik');
    await editor.getByLabel(c.fields.senderName).fill('Team Social Media');
    await editor.getByLabel(c.fields.contactEmail).fill('team@example.org');
    // Prefilled from the tenant's topics and the defaults: questions, deadline, reminders 3 and 7.
    expect(await editor.getByLabel(c.fields.questions).inputValue()).not.toBe('');
    expect(await editor.getByLabel(c.fields.reminderDays).inputValue()).toBe('3, 7');
    await editor.getByRole('button', { name: c.create }).click();
    await editor.waitForURL(/\/kampagnen\/\d+$/);

    const csv = path.join(tempDir('campaign-'), 'eingeladene.csv');
    writeFileSync(
      csv,
      'Vorname;Nachname;E-Mail;Funktion\nAda;Lovelace;ada@example.org;Ingenieurin\nGrace;Hopper;grace@example.org;Informatikerin\nEmmy;Noether;emmy@example.org;Mathematikerin\n',
    );
    const before = smtp.received.length;
    await editor.locator('input[type=file]').setInputFiles(csv);
    await editor.getByTestId('import-preview').getByText('ada@example.org').waitFor();
    await editor.getByRole('button', { name: c.invitees.importAll(3) }).click();
    await toastWith(editor, c.invitees.added(3)).waitFor();

    const mails = await Promise.all(
      ['ada@example.org', 'grace@example.org', 'emmy@example.org'].map((to) => smtp.next(to, before)),
    );
    expect(mails[0]!.subject).toBe(c.mail.invitationSubject('Frauen in der Technik'));
    const link = /http:\/\/[^\s]+\/e\/[0-9a-z]{15}/.exec(mails[0]!.text)![0];
    await screenshot(editor, 'campaign-board-invited-1280');

    // Ada, on her phone, without an account.
    const phone = await e.newPage(PHONE, { permissions: ['microphone'] });
    await phone.goto(new URL(link).pathname);
    await phone.getByRole('heading', { name: texts.personalLinks.greeting('Ada') }).waitFor();
    await phone.getByText(c.invitation.askedBy('Team Social Media')).waitFor();
    await screenshot(phone, 'campaign-invitation-390');
    await phone.getByRole('link', { name: new RegExp(texts.publicLink.cards.voice.title) }).click();
    await phone.waitForURL('**/voice-message');
    await phone.getByRole('button', { name: sp.start }).click();
    await expect.poll(() => phone.getByText(sp.recording).count()).toBeGreaterThan(0);
    await phone.waitForTimeout(1500);
    await phone.getByRole('button', { name: sp.stop }).click();
    await phone.getByRole('button', { name: sp.next }).click();
    await phone.getByRole('button', { name: sp.typeYourself }).click();
    await phone.waitForURL('**/transcript-edit');
    await phone.getByLabel(sp.transcriptLabel).fill('Ich bin über einen Schülerinnentag zur Technik gekommen.');
    await phone.getByRole('button', { name: sp.continueToImages }).click();
    await phone.waitForURL('**/image-upload-after-voice');
    await phone.getByRole('button', { name: texts.uploads.skip }).click();
    await phone.waitForURL('**/contact-information');
    await phone.getByRole('button', { name: f.postSkip }).click();
    await phone.waitForURL('**/thank-you');
    // The contact step knows her; the consent she gives is hers.
    expect(await phone.getByLabel(f.firstName, { exact: true }).inputValue()).toBe('Ada');
    expect(await phone.getByLabel(f.email, { exact: true }).inputValue()).toBe('ada@example.org');
    await phone.getByRole('button', { name: f.contactSubmit }).click();
    await toastWith(phone, f.contactSaved).waitFor();
    await screenshot(phone, 'campaign-thank-you-390');
    expect(phone.url()).toContain('/e/');

    const ada = editor.locator('[data-testid=invitee][data-email="ada@example.org"]');
    await editor.reload();
    await ada.getByTestId('invitee-state').getByText(c.states.eingereicht).waitFor({ timeout: 15_000 });
    const grace = editor.locator('[data-testid=invitee][data-email="grace@example.org"]');
    await grace.getByTestId('invitee-state').getByText(c.states.eingeladen).waitFor();
    await screenshot(editor, 'campaign-board-submitted-1280');

    // The campaign's shared link: its questions without any person, on a phone.
    const shared = await editor.getByTestId('public-link').textContent();
    expect(shared).toMatch(/\/k\/[0-9a-z]{12}$/);
    const visitor = await e.newPage(PHONE);
    await visitor.goto(new URL(shared!.trim()).pathname);
    await visitor.getByRole('heading', { name: 'Frauen in der Technik' }).waitFor();
    await visitor.getByRole('link', { name: new RegExp(texts.publicLink.cards.voice.title) }).waitFor();
    await screenshot(visitor, 'campaign-shared-390');

    // The inbox names the campaign and filters by it.
    const campaignId = /\/kampagnen\/(\d+)/.exec(editor.url())![1];
    await editor.goto(`/eingang?campaign=${campaignId}`);
    await editor.getByTestId('inbox-campaign').getByText('Frauen in der Technik').waitFor();

    // The operator sends what is due three days later: twice, and it goes out once.
    const env = {
      DATA_DIR: e.t.config.dataDir,
      AUTH_SECRET: e.t.config.authSecret,
      SMTP_URL: smtp.url,
      BASE_URL: e.t.url,
    };
    const asOf = new Date(Date.now() + 3 * DAY + 3_600_000).toISOString();
    const beforeReminders = smtp.received.length;
    const first = await cliWithEnv(env, 'campaign', 'remind', '--as-of', asOf);
    expect(first).toMatchObject({ code: 0 });
    const second = await cliWithEnv(env, 'campaign', 'remind', '--as-of', asOf);
    expect(second.out).toContain(c.cli.reminded(0));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const reminders = smtp.received.slice(beforeReminders);
    expect(reminders.map((m) => m.to[0]).sort()).toEqual(['emmy@example.org', 'grace@example.org']);
    expect(reminders.every((m) => m.subject === c.mail.reminderSubject('Frauen in der Technik'))).toBe(true);
  }, 120_000);
});
