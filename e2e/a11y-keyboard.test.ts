import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRole } from '../common/roles';
import { tenantSettings } from '../common/schemas/tenants';
import { texts } from '../common/texts';
import { videoQuestions } from '../common/video-answers';
import { startFakeElevenLabs, type FakeElevenLabs } from '../server/interview/testing/fake-elevenlabs';
import { updateTenant } from '../server/tenants/service';
import { attachFile } from '../server/submissions/files';
import { createSubmission } from '../server/submissions/service';
import { lastMailTo, TEST_PASSWORD } from '../server/testing/harness';
import { expectNoAxeViolations } from './axe';
import { emailFor, PHONE, DESKTOP, screenshot, startE2E, tempDir, type E2E } from './harness';

const u = texts.uploads;
const f = texts.finish;
const vm = texts.voiceMessages;
const va = texts.videoAnswers;
const iv = texts.interview;
const questions = ['Wie sind Sie zu Ihrem Beruf gekommen?', 'Was war Ihr schönstes Projekt?'];

/** The focused element shows its focus: an outline or a ring on it, or on the box a hidden input sits in. */
const focusShown = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing focused';
    const shows = (e: Element) => {
      const s = getComputedStyle(e);
      return (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    const what = `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40) ?? ''}`;
    // A visually hidden control (the file input) shows its focus on the box around it.
    for (let i = 0; el && i < 4; i++, el = el.parentElement) if (shows(el)) return 'shown';
    return `no focus indicator on ${what}`;
  });

/** Presses Tab until `done` holds for the focused element (at most 40 stops), checking the focus is shown at each. */
async function tabTo(page: Page, done: (el: Element) => boolean, key = 'Tab', stops = 40): Promise<void> {
  const fn = `(${done.toString()})(document.activeElement)`;
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press(key);
    // A stop may land on the body while the page re-renders (a tenant row arriving): only a focused
    // control without a visible indicator fails.
    const shown = await focusShown(page);
    if (shown !== 'nothing focused') expect(shown).toBe('shown');
    if (await page.evaluate(fn)) return;
  }
  throw new Error('never reached the control by keyboard');
}
const byName = (name: string) => {
  const check = (el: Element) =>
    (el.getAttribute('aria-label') ?? el.textContent ?? '').includes('NAME') ||
    (el.id !== '' && (document.querySelector(`label[for="${el.id}"]`)?.textContent ?? '').includes('NAME'));
  return new Function('el', `return (${check.toString().replaceAll('NAME', name.replaceAll("'", "\\'"))})(el)`) as (
    el: Element,
  ) => boolean;
};

/** Waits until the focused element is the control named `name` (the focus followed a state change), and that it shows. */
async function focusLandsOn(page: Page, name: string) {
  await page.waitForFunction(
    (n) => {
      const el = document.activeElement;
      return !!el && el !== document.body && (el.getAttribute('aria-label') ?? el.textContent ?? '').includes(n);
    },
    name,
    { timeout: 20_000 },
  );
  expect(await focusShown(page)).toBe('shown');
}

/** After a navigation: the focus is on the new page's heading, the title is the page's own, the live region said it. */
async function expectPageArrived(page: Page, heading: string, tenant = 'VDI') {
  await page.waitForFunction(
    (h) => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === h,
    heading,
  );
  expect(await page.title()).toBe(`${heading} – ${tenant}`);
  expect(await page.getByTestId('route-announcer').textContent()).toBe(
    texts.nav.pageAnnounced(`${heading} – ${tenant}`),
  );
}

/** Issue 43: the audit's findings and keyboard-only walks, one app and one browser. */
describe('keyboard and screen reader findings (issue 43), in the browser', () => {
  let e: E2E;
  let photo: string;
  let elevenlabs: FakeElevenLabs;
  beforeAll(async () => {
    // The interview's agent: a local ElevenLabs that asks and waits (the walk stops it first).
    elevenlabs = await startFakeElevenLabs({
      apiKey: 'xi-key',
      questions,
      heard: ['Über ein Praktikum.', 'Eine Brücke.'],
      secondsPerAnswer: 60,
    });
    // Chromium's fake camera and microphone (a test pattern and a beep) for the recorders.
    e = await startE2E({
      fakeMedia: true,
      env: {
        ACCESSIBILITY_CONTACT: 'barrierefreiheit@e2e.test',
        VOICE_AGENT: 'elevenlabs',
        ELEVENLABS_API_KEY: 'xi-key',
        ELEVENLABS_BASE_URL: elevenlabs.url,
        ELEVENLABS_AGENT_IDS: 'vdi.*=agent_vdi',
      },
    });
    photo = `${tempDir('a11y-')}/bruecke.jpg`;
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a7fd4' } })
      .jpeg()
      .toFile(photo);
  }, 60_000);
  afterAll(async () => {
    await e?.close();
    await elevenlabs?.close();
  });

  const signIn = (page: Page, role: 'vdi_admin' = 'vdi_admin') =>
    page.request.post('/api/auth/sign-in/email', {
      data: { email: emailFor(role), password: TEST_PASSWORD },
      headers: { origin: e.t.url },
    });

  it('logs in by keyboard: a wrong password is said at the field (aria-invalid), then the landing page gets the focus and its title', async () => {
    const page = await e.newPage(DESKTOP);
    await page.goto('/login');
    await page.locator('h1').waitFor();
    expect(await page.title()).toBe(`${texts.auth.loginTitle} – VDI`);
    await tabTo(page, (el) => el.getAttribute('name') === 'email');
    expect(await page.locator('input[name=email]').getAttribute('aria-required')).toBe('true');
    await page.keyboard.type(emailFor('vdi_admin'));
    await page.keyboard.press('Tab');
    expect(await focusShown(page)).toBe('shown');
    await page.keyboard.type('falsches-passwort');
    await page.keyboard.press('Enter');
    const password = page.locator('input[name=password]');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('alert').filter({ hasText: texts.auth.loginFailedText }).waitFor();
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await password.fill('');
    await password.focus();
    await page.keyboard.type(TEST_PASSWORD);
    expect(await password.getAttribute('aria-invalid')).toBe('false');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/content-selection');
    await expectPageArrived(page, texts.nav.contentSelectionTitle);
  });

  it('uploads a photo by keyboard: the file picker shows its focus, the rights hint describes the checkbox, the waiting button says why', async () => {
    const page = await e.newPage(PHONE);
    await page.request.post('/api/auth/sign-in/email', {
      data: { email: emailFor('vdi_admin'), password: TEST_PASSWORD },
      headers: { origin: e.t.url },
    });
    await page.goto('/image-upload');
    await page.locator('h1').waitFor();
    expect(await page.title()).toBe(`${u.imageTitle} – VDI`);
    await tabTo(page, (el) => el instanceof HTMLInputElement && el.type === 'file');
    // The OS file dialog is not the page's: the file comes in as a chooser would bring it.
    await page.locator('input[type=file]').setInputFiles(photo);
    const box = page.getByLabel(u.rightsLabel);
    await box.waitFor();
    expect(await box.getAttribute('aria-required')).toBe('true');
    const describedBy = (sel: ReturnType<Page['locator']>) =>
      sel.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
    expect(await describedBy(box)).toBe(u.rightsText);
    const button = page.getByRole('button', { name: u.uploadButton(1) });
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    expect(await describedBy(button)).toBe(u.rightsText);
    await expectNoAxeViolations(page);
    await tabTo(page, (el) => el instanceof HTMLInputElement && el.type === 'checkbox');
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
    expect(await button.getAttribute('aria-disabled')).toBe('false');
    await tabTo(page, byName(u.uploadButton(1)));
    await page.keyboard.press('Enter');
    await page.locator('[data-sonner-toast]').filter({ hasText: u.successTitle }).waitFor({ timeout: 90_000 });
    await page.waitForURL('**/image-description', { timeout: 30_000 });
    await expectPageArrived(page, f.descriptionTitle);
  }, 150_000);

  it('the bank’s upload tabs and the inbox detail’s channel tabs work with arrow keys and control their panels', async () => {
    const bank = await e.newPage(DESKTOP);
    await bank.request.post('/api/auth/sign-in/email', {
      data: { email: emailFor('bank'), password: TEST_PASSWORD },
      headers: { origin: e.t.url },
    });
    await bank.goto('/bank/document-image-upload');
    const tabs = bank.getByRole('tab');
    await tabs.first().waitFor();
    await tabTo(bank, (el) => el.getAttribute('role') === 'tab');
    expect(await tabs.nth(0).getAttribute('aria-selected')).toBe('true');
    await bank.keyboard.press('ArrowRight');
    expect(await focusShown(bank)).toBe('shown');
    await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    const panel = await tabs.nth(1).getAttribute('aria-controls');
    expect(await bank.locator(`[id="${panel}"][role=tabpanel]`).isVisible()).toBe(true);

    const user = await e.t.app.db
      .selectFrom('user')
      .selectAll()
      .where('email', '=', emailFor('vdi_admin'))
      .executeTakeFirstOrThrow();
    const { contentId } = await createSubmission(
      e.t.app.db,
      { tenant: 'vdi', kind: 'upload' },
      { user: { id: user.id, email: user.email, name: user.name, role: parseRole(user.role) } },
    );
    await attachFile(e.t.app, {
      contentId,
      kind: 'photo',
      body: await sharp(photo).toBuffer(),
      originalName: 'bruecke.jpg',
      contentType: 'image/jpeg',
      extension: 'jpg',
    });
    const page = await e.newPage(DESKTOP);
    await page.request.post('/api/auth/sign-in/email', {
      data: { email: emailFor('vdi_admin'), password: TEST_PASSWORD },
      headers: { origin: e.t.url },
    });
    await page.goto('/eingang');
    await page.locator(`a[href="/eingang/${contentId}"]`).waitFor();
    await tabTo(page, byName(`#${contentId}`));
    // The card is named by what it shows (WCAG 2.5.3).
    const name = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(name).toBeNull();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/eingang/${contentId}`);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.title()).toMatch(/ – VDI$/);
    const channel = page.getByRole('tablist', { name: texts.post.channelLabel }).getByRole('tab');
    await channel.first().waitFor();
    await tabTo(page, (el) => el.getAttribute('role') === 'tab' && el.getAttribute('aria-selected') === 'true');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => channel.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await focusShown(page)).toBe('shown');
    const controls = await channel.nth(1).getAttribute('aria-controls');
    expect(await page.locator(`[id="${controls}"][role=tabpanel]`).isVisible()).toBe(true);

    // The delete dialog: focus inside, kept inside, Escape closes, the focus returns to its button.
    const del = page.getByRole('button', { name: texts.admin.deleteSubmission });
    await del.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      expect(await focusShown(page)).toBe('shown');
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await del.evaluate((b) => b === document.activeElement)).toBe(true);
  }, 90_000);

  it('the inbox detail by keyboard alone: a quote card, the post saved and sent for approval, the status; the contributor approves', async () => {
    const user = await e.t.app.db
      .selectFrom('user')
      .selectAll()
      .where('email', '=', emailFor('vdi_admin'))
      .executeTakeFirstOrThrow();
    const { contentId } = await createSubmission(
      e.t.app.db,
      { tenant: 'vdi', kind: 'interview' },
      { user: { id: user.id, email: user.email, name: user.name, role: parseRole(user.role) } },
    );
    await e.t.app.db
      .updateTable('submissions')
      .set({
        transcript: 'Interviewer: Woran arbeiten Sie?\n\nDu: Wir bauen eine Brücke aus Carbonbeton in Köln.',
        contact_first_name: 'Erika',
        contact_email: 'erika-tastatur@e2e.test',
        completed_at: new Date().toISOString(),
      })
      .where('id', '=', contentId)
      .execute();
    await e.t.app.db
      .insertInto('consents')
      .values({
        submission_id: contentId,
        kind: 'publication',
        text: 'wie gezeigt',
        given_at: new Date().toISOString(),
      })
      .execute();
    const page = await e.newPage(DESKTOP);
    await page.request.post('/api/auth/sign-in/email', {
      data: { email: emailFor('vdi_admin'), password: TEST_PASSWORD },
      headers: { origin: e.t.url },
    });
    await page.goto(`/eingang/${contentId}`);
    const cards = page.getByTestId('card-maker');
    await cards.waitFor();
    const status = async () =>
      (
        await e.t.app.db
          .selectFrom('submissions')
          .select('status')
          .where('id', '=', contentId)
          .executeTakeFirstOrThrow()
      ).status;
    const before = await status();
    // Content: a quote card from the transcript.
    await tabTo(page, byName(texts.content.quoteFromTranscript), 'Tab', 60);
    await page.keyboard.press('ArrowDown');
    await tabTo(page, byName(texts.content.makeCard));
    await page.keyboard.press('Enter');
    await page.locator('[data-sonner-toast]').filter({ hasText: texts.content.cardMade }).waitFor({ timeout: 30_000 });
    // Post: the text, saved, then sent for approval.
    const bodyField = byName(texts.post.bodyLabel);
    await tabTo(
      page,
      new Function('el', `return el.tagName === 'TEXTAREA' && (${bodyField.toString()})(el)`) as (
        el: Element,
      ) => boolean,
    );
    await page.keyboard.type('Eine Brücke aus Carbonbeton in Köln.');
    await tabTo(page, byName(texts.post.save));
    await page.keyboard.press('Enter');
    await page.locator('[data-sonner-toast]').filter({ hasText: texts.post.saved }).waitFor();
    await tabTo(page, byName(texts.post.sendForApproval));
    await page.keyboard.press('Enter');
    await page.locator('[data-sonner-toast]').filter({ hasText: texts.post.sentForApproval }).waitFor();
    const link = /(http:\/\/\S+\/freigabe\/[A-Za-z0-9_-]+)/.exec(
      (await lastMailTo(e.t.app.db, 'erika-tastatur@e2e.test')).body,
    )![1]!;
    // Status: the select by arrow key.
    await tabTo(page, (el) => el.id === 'inbox-status', 'Tab', 60);
    await page.keyboard.press('ArrowDown');
    await expect.poll(status).not.toBe(before);
    await expectNoAxeViolations(page);
    // The contributor approves by keyboard on the approval page, and hears it (role=status).
    const contributor = await e.newPage(PHONE);
    await contributor.goto(link);
    await contributor.locator('h1').waitFor();
    await tabTo(contributor, byName(texts.post.approve));
    await contributor.keyboard.press('Enter');
    await contributor.getByRole('status').filter({ hasText: texts.post.thanksApproved }).waitFor();
  }, 120_000);

  it('the contact form on the thank-you page by keyboard: saved, the page stays with its message in focus', async () => {
    const page = await e.newPage(PHONE);
    await page.request.post('/api/auth/sign-in/email', {
      data: { email: emailFor('vdi_admin'), password: TEST_PASSWORD },
      headers: { origin: e.t.url },
    });
    const user = await e.t.app.db
      .selectFrom('user')
      .selectAll()
      .where('email', '=', emailFor('vdi_admin'))
      .executeTakeFirstOrThrow();
    const { contentId } = await createSubmission(
      e.t.app.db,
      { tenant: 'vdi', kind: 'upload' },
      { user: { id: user.id, email: user.email, name: user.name, role: parseRole(user.role) } },
    );
    await page.goto('/login');
    await page.evaluate((id) => sessionStorage.setItem('currentInterviewId', id), String(contentId));
    await page.goto('/thank-you');
    await page.getByTestId('content-id').waitFor();
    await tabTo(page, byName(f.firstName));
    await page.keyboard.type('Erika');
    await tabTo(page, byName(f.lastName));
    await page.keyboard.type('Muster');
    await tabTo(page, byName(f.email));
    await page.keyboard.type('erika@e2e.test');
    await page.getByLabel(f.email, { exact: true }).press('Enter');
    const saved = page.getByTestId('contact-saved');
    await saved.waitFor();
    await page.waitForTimeout(2500);
    expect(new URL(page.url()).pathname).toBe('/thank-you');
    expect(await saved.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await saved.textContent()).toContain(f.contactSaved);
    await page.getByRole('link', { name: f.finishedLink }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('placeholders have at least 4.5:1 contrast; the footer leads by keyboard to the accessibility statement', async () => {
    const page = await e.newPage(DESKTOP);
    await page.request.post('/api/auth/sign-in/email', {
      data: { email: emailFor('vdi_admin'), password: TEST_PASSWORD },
      headers: { origin: e.t.url },
    });
    await page.goto('/eingang');
    await page.locator('input[placeholder]').first().waitFor();
    const ratios = await page.evaluate(() => {
      const channel = (v: number) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (css: string) => {
        const [r, g, b] = css.match(/[\d.]+/g)!.map(Number);
        return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
      };
      return [...document.querySelectorAll('input[placeholder], textarea[placeholder]')].map((el) => {
        const fg = luminance(getComputedStyle(el, '::placeholder').color);
        const bg = luminance(getComputedStyle(el).backgroundColor);
        return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
      });
    });
    expect(ratios.length).toBeGreaterThan(0);
    for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(4.5);

    await page.getByRole('link', { name: texts.accessibility.footerLink }).focus();
    expect(await focusShown(page)).toBe('shown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/barrierefreiheit');
    await expectPageArrived(page, texts.accessibility.title);
    for (const needle of ['WCAG', 'EN 301 549', 'BFSG', texts.accessibility.knownTitle])
      expect(await page.locator('main').textContent()).toContain(needle);
    await page.getByRole('link', { name: 'barrierefreiheit@e2e.test' }).waitFor();
    await expectNoAxeViolations(page);
    // Signed out too, from the login page.
    const anon = await e.newPage(PHONE);
    await anon.goto('/login');
    await anon.getByRole('link', { name: texts.accessibility.footerLink }).click();
    await anon.getByRole('heading', { level: 1, name: texts.accessibility.title }).waitFor();
  });

  it('records a voice message by keyboard: start, stop, send; the recorder says its state and the time left politely', async () => {
    const page = await e.newPage(PHONE);
    await signIn(page);
    await page.goto('/voice-message');
    await page.locator('h1').waitFor();
    expect(await page.title()).toBe(`${vm.voiceTitle} – VDI`);
    const said = page.getByTestId('recorder-announcer');
    expect(await said.getAttribute('aria-live')).toBe('polite');
    // Nothing is said before the first recording.
    expect(await said.textContent()).toBe('');
    await tabTo(page, byName(vm.start));
    await page.keyboard.press('Enter');
    // "Aufnahme starten" gives way to "Aufnahme beenden": the focus goes with it.
    await focusLandsOn(page, vm.stop);
    await expect.poll(() => said.textContent()).toBe(texts.recorder.started(300));
    await page.waitForTimeout(2000);
    await page.keyboard.press('Enter');
    await focusLandsOn(page, vm.play);
    await expect.poll(() => said.textContent()).toMatch(/^Aufnahme beendet, \d+ Sekunden? lang\./);
    await tabTo(page, byName(vm.reset));
    await tabTo(page, byName(vm.next));
    await page.keyboard.press('Enter');
    // No transcriber on this server: the focus that "Weiter" lost while it waited goes to "Text selbst eingeben".
    await focusLandsOn(page, vm.typeYourself);
    await screenshot(page, 'keyboard-voice-message-phone');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/transcript-edit');
    await expectPageArrived(page, vm.editTitle);
  }, 90_000);

  it('answers a video question by keyboard: record, retake, record, send; the focus follows each step', async () => {
    await e.t.app.tenantRegistry.fresh();
    const row = e.t.app.tenantRegistry.get('vdi')!;
    await updateTenant(
      e.t.app,
      null,
      'vdi',
      tenantSettings.parse({
        ...row,
        entryCards: [...row.entryCards.filter((c) => c !== 'video-answer'), 'video-answer'],
      }),
    );
    const qs = videoQuestions('engineer', 'tech-dive');
    const page = await e.newPage(DESKTOP);
    await signIn(page);
    await page.goto('/video-answer');
    await page.locator('h1').waitFor();
    expect(await page.title()).toBe(`${va.title} – VDI`);
    await tabTo(page, byName(texts.nav.topics.engineer['tech-dive'].title));
    await page.keyboard.press('Enter');
    await tabTo(page, (el) => el instanceof HTMLInputElement && el.type === 'checkbox');
    await page.keyboard.press('Space');
    await tabTo(page, byName(va.startCamera));
    await page.keyboard.press('Enter');
    // The camera is on: the focus is on "Aufnahme starten".
    await focusLandsOn(page, va.record);
    const said = page.getByTestId('recorder-announcer');
    expect(await said.getAttribute('aria-live')).toBe('polite');
    const recordOnce = async () => {
      await page.keyboard.press('Enter');
      await page.getByTestId('countdown').waitFor();
      // After the countdown the focus is on "Aufnahme beenden".
      await focusLandsOn(page, va.stop);
      await expect.poll(() => said.textContent()).toBe(texts.recorder.started(90));
      await page.waitForTimeout(1500);
      await page.keyboard.press('Enter');
      await focusLandsOn(page, va.send);
      await expect.poll(() => said.textContent()).toMatch(/^Aufnahme beendet, \d+ Sekunden? lang\./);
    };
    await recordOnce();
    await screenshot(page, 'keyboard-video-answer-review-desktop');
    await tabTo(page, byName(va.retake));
    await page.keyboard.press('Enter');
    await focusLandsOn(page, va.record);
    expect(await said.textContent()).toBe('');
    await recordOnce();
    await page.keyboard.press('Enter');
    // Sent: the next question, the focus back on "Aufnahme starten".
    await expect.poll(() => page.getByTestId('teleprompter').innerText()).toBe(qs[1]);
    await focusLandsOn(page, va.record);
    await page.getByTestId('clip-list').getByText(va.clipStates.sent).waitFor({ timeout: 30_000 });
  }, 120_000);

  it('runs the interview by keyboard: start, stop, on to the images; the button keeps the focus through connecting', async () => {
    const page = await e.newPage(PHONE);
    await signIn(page);
    await page.goto('/interview/behind-scenes');
    await page.locator('h1').waitFor();
    await tabTo(page, byName(iv.instructionsRead));
    await page.keyboard.press('Enter');
    await tabTo(page, byName(iv.start));
    await page.keyboard.press('Enter');
    // Disabled while connecting, then "Interview beenden" with the focus on it.
    await focusLandsOn(page, iv.stop);
    await page.getByTestId('transcript').getByText(questions[0]!).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await page.getByText(iv.endedWithTranscript).waitFor();
    await focusLandsOn(page, iv.repeat);
    await tabTo(page, byName(iv.toImageUpload));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/image-upload-after-voice');
    await expectPageArrived(page, u.afterVoiceTitle);
  }, 90_000);
});
