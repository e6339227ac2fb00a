import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { parseRole, roles, type Role } from '../common/roles';
import { texts } from '../common/texts';
import type { Dialect } from '../server/db/database';
import { createSubmission } from '../server/submissions/service';
import { addUser, startTestApp, TEST_PASSWORD, type TestApp } from '../server/testing/harness';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 860 };

/**
 * Debian's Chromium, headless; optionally with a fake microphone that plays a WAV file, or with
 * Chromium's fake camera and microphone (`fakeMedia`: a test pattern and a beep).
 */
export async function launchBrowser(opts: { fakeAudioFile?: string; fakeMedia?: boolean } = {}): Promise<Browser> {
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--autoplay-policy=no-user-gesture-required',
  ];
  if (opts.fakeAudioFile || opts.fakeMedia)
    args.push('--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream');
  if (opts.fakeAudioFile) args.push(`--use-file-for-fake-audio-capture=${opts.fakeAudioFile}`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}

export const emailFor = (role: Role | 'none') => `${role.replace('_', '-')}@e2e.test`;

export type E2E = {
  t: TestApp;
  browser: Browser;
  /** A fresh browser context (own cookies and storage) with one page. */
  newPage(
    viewport?: { width: number; height: number },
    opts?: { permissions?: string[]; serviceWorkers?: 'allow' | 'block' },
  ): Promise<Page>;
  contexts: BrowserContext[];
  close(): Promise<void>;
};

/** A submission created as the seeded user of `role` would create it in their session; its Content-ID. */
export async function submissionBy(
  e: Pick<E2E, 't'>,
  role: Role | 'none',
  input: Parameters<typeof createSubmission>[1],
): Promise<number> {
  const user = await e.t.app.db
    .selectFrom('user')
    .selectAll()
    .where('email', '=', emailFor(role))
    .executeTakeFirstOrThrow();
  const session = { user: { id: user.id, email: user.email, name: user.name, role: parseRole(user.role) } };
  return (await createSubmission(e.t.app.db, input, session)).contentId;
}

/** The real app (built UI from dist/web) on a random port, one user per role, and Chromium. */
export async function startE2E(
  opts: { dialect?: Dialect; env?: Record<string, string>; fakeAudioFile?: string; fakeMedia?: boolean } = {},
): Promise<E2E> {
  const t = await startTestApp(opts.dialect ?? 'sqlite', opts.env ?? {});
  for (const role of roles) await addUser(t.app, emailFor(role), role);
  await addUser(t.app, emailFor('none'), null);
  const browser = await launchBrowser({ fakeAudioFile: opts.fakeAudioFile, fakeMedia: opts.fakeMedia });
  const contexts: BrowserContext[] = [];
  return {
    t,
    browser,
    contexts,
    async newPage(viewport = DESKTOP, pageOpts = {}) {
      const context = await browser.newContext({
        viewport,
        baseURL: t.url,
        locale: 'de-DE',
        permissions: pageOpts.permissions,
        serviceWorkers: pageOpts.serviceWorkers,
      });
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      await browser.close();
      await t.close();
    },
  };
}

/** Logs in through the login form, by its German labels, and waits to leave /login. */
export async function loginAs(page: Page, role: Role | 'none', opts: { from?: string } = {}): Promise<void> {
  await page.goto(opts.from ?? '/login');
  if (!page.url().includes('/login')) await page.waitForURL('**/login');
  await page.getByLabel(texts.auth.email).fill(emailFor(role));
  await page.getByLabel(texts.auth.password, { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: texts.auth.submit, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Saves a screenshot under screenshots/ (ignored by git) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.resolve('screenshots');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** The toast showing `text` (sonner renders one at a time). */
export const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Fills and sends the thank-you page's contact form, and waits for its success toast. */
/** The server fails (500) every `method` request to `url`, as a broken database would; others go through. */
export const failWrites = (page: Page, url: string, method: 'POST' | 'PUT' = 'POST') =>
  page.route(url, (route) =>
    route.request().method() === method
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"x"}' })
      : route.continue(),
  );

export async function sendContactForm(page: Page, first: string, last: string, email: string): Promise<void> {
  const f = texts.finish;
  await page.getByLabel(f.firstName, { exact: true }).fill(first);
  await page.getByLabel(f.lastName, { exact: true }).fill(last);
  await page.getByLabel(f.email, { exact: true }).fill(email);
  await page.getByRole('button', { name: f.contactSubmit }).click();
  await toastWith(page, f.contactSaved).waitFor();
}
