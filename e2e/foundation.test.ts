import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingRoute, roles, type Role } from '../common/roles';
import { texts } from '../common/texts';
import { DESKTOP, emailFor, loginAs, PHONE, screenshot, startE2E, type E2E } from './harness';

const toast = (e: E2E['newPage'] extends (...a: any[]) => Promise<infer P> ? P : never, text: string) =>
  e.locator('[data-sonner-toast]').filter({ hasText: text });

describe('login, landing and route guards', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ env: { SESSION_IDLE_MINUTES: '0.05', ACTIVITY_CHECK_SECONDS: '1' } });
  });
  afterAll(() => e.close());

  it.each(roles)('lands %s on its landing route', async (role) => {
    const page = await e.newPage();
    await loginAs(page, role);
    await page.waitForURL(`**${landingRoute[role]}`);
    expect(new URL(page.url()).pathname).toBe(landingRoute[role]);
    await expect.poll(() => page.getByTestId('header-username').textContent()).toBe(emailFor(role).split('@')[0]);
  });

  it('sends a user without a role to /no-role, which shows the address and the two buttons', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'none');
    await page.waitForURL('**/no-role');
    await page.getByText(emailFor('none')).waitFor();
    await page.getByRole('button', { name: texts.auth.refreshRole }).waitFor();
    await page.getByRole('button', { name: texts.auth.logout }).first().waitFor();
    await screenshot(page, 'no-role-390');
    // A role assigned meanwhile is picked up by 'Berechtigung aktualisieren'.
    await e.t.app.db.updateTable('user').set({ role: 'firma_b' }).where('email', '=', emailFor('none')).execute();
    await page.getByRole('button', { name: texts.auth.refreshRole }).click();
    await page.waitForURL('**/firma-b');
    await e.t.app.db.updateTable('user').set({ role: 'user' }).where('email', '=', emailFor('none')).execute();
  });

  it('remembers the requested page and goes there after login', async () => {
    const page = await e.newPage();
    await page.goto('/bank/interview-category');
    await page.waitForURL('**/login');
    await page.getByLabel(texts.auth.email).fill(emailFor('bank'));
    await page.getByLabel(texts.auth.password, { exact: true }).fill('test-passwort-123');
    await page.getByRole('button', { name: texts.auth.submit, exact: true }).click();
    await page.waitForURL('**/bank/interview-category');
    await page.getByRole('link', { name: /Der Weg zum Banker/ }).waitFor();
  });

  const denied: [Role, string][] = [
    ['firma_a', '/firma-b'],
    ['firma_b', '/bank'],
    ['bank', '/admin'],
    ['vdi_admin', '/firma-a'],
    ['testnormec', '/content-selection'],
  ];
  it.each(denied)('turns %s away from %s with "Zugriff verweigert"', async (role, path) => {
    const page = await e.newPage();
    await loginAs(page, role);
    await page.goto(path);
    await toast(page, texts.auth.noPermission).waitFor();
    await page.waitForURL(`**${landingRoute[role]}`);
  });

  const allowed: [Role, string][] = [
    ['admin', '/firma-a'],
    ['admin', '/bank'],
    ['admin', '/content-selection'],
    ['vdi_admin', '/interview/tech-dive'],
    ['firma_a', '/firma-a/thank-you'],
    ['testnormec', '/testnormec'],
  ];
  it.each(allowed)('lets %s into %s', async (role, path) => {
    const page = await e.newPage();
    await loginAs(page, role);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe(path);
  });

  it('sends a user without a role from a guarded page to /no-role with "Keine Berechtigung"', async () => {
    const page = await e.newPage();
    await loginAs(page, 'none');
    await page.goto('/bank');
    await toast(page, texts.auth.noRoleText).waitFor();
    await page.waitForURL('**/no-role');
  });

  it('sends an anonymous visitor of a login-only page to /login with the toast', async () => {
    const page = await e.newPage();
    await page.goto('/no-role');
    await toast(page, texts.auth.mustBeLoggedIn).waitFor();
    await page.waitForURL('**/login');
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await e.newPage();
    await page.goto('/gibt-es-nicht');
    await page.getByText(texts.nav.notFoundText).waitFor();
    await page.getByRole('link', { name: texts.nav.returnHome }).click();
    await page.waitForURL('**/login');
  });

  it('shows the cards of each navigation page', async () => {
    const page = await e.newPage(PHONE);
    await loginAs(page, 'firma_b');
    for (const title of [
      'Inhalte bereitstellen',
      'Interview führen',
      'Sprachnachricht senden',
      'Bild hochladen',
      'Dokument hochladen',
    ]) {
      await page.getByRole('link', { name: new RegExp(title) }).waitFor();
    }
    await screenshot(page, 'dashboard-firma-b-390');
    await page.goto('/');
    for (const title of ['Interview führen', 'Sprachnachricht senden', 'Dokument hochladen'])
      await page.getByRole('link', { name: new RegExp(title) }).waitFor();
    const bank = await e.newPage(DESKTOP);
    await loginAs(bank, 'bank');
    await bank.goto('/bank/content-selection');
    await expect.poll(() => bank.locator('main a').filter({ hasNotText: texts.nav.back }).count()).toBe(6);
    await screenshot(bank, 'bank-content-selection-1280');
    await bank.goto('/bank/interview-category');
    for (const title of ['Der Weg zum Banker', 'Deep Dive Banking', 'Allgemeines Interview'])
      await bank.getByRole('link', { name: new RegExp(title) }).waitFor();
  });

  it('logs out with "Abgemeldet" and ends the session on the server', async () => {
    const page = await e.newPage();
    await loginAs(page, 'firma_a');
    await page.getByRole('button', { name: texts.auth.logout }).click();
    await toast(page, texts.auth.loggedOutText).waitFor();
    await page.waitForURL('**/login');
    const me = await page.request.get('/api/me');
    expect(me.status()).toBe(401);
  });

  it('logs out after the idle time and clears the browser storage', async () => {
    const page = await e.newPage();
    await loginAs(page, 'firma_b');
    await page.evaluate(() => sessionStorage.setItem('currentInterviewId', '42'));
    // Idle time is 3 s in this test (SESSION_IDLE_MINUTES=0.05), checked every second.
    await page.waitForURL('**/login', { timeout: 15_000 });
    await toast(page, texts.auth.sessionExpiredText).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('currentInterviewId'))).toBeNull();
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });
});

describe('account recovery and two-factor login', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(() => e.close());

  it('sends a reset link to the outbox that sets a new password', async () => {
    const page = await e.newPage(PHONE);
    await page.goto('/login');
    await screenshot(page, 'login-390');
    await page.getByRole('button', { name: texts.auth.forgotPassword }).click();
    await page.getByLabel(texts.auth.email).fill(emailFor('firma_a'));
    await page.getByRole('button', { name: texts.auth.forgotSubmit }).click();
    await page.getByText(texts.auth.forgotSent).waitFor();
    const mail = await e.t.app.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', emailFor('firma_a'))
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(texts.auth.resetMailSubject);
    const link = mail.body.match(/https?:\/\/\S+/)![0];
    await page.goto(link);
    await page.waitForURL('**/reset-password?token=*');
    await page.getByLabel(texts.auth.newPassword, { exact: true }).fill('ganz-neues-passwort');
    await page.getByLabel(texts.auth.newPasswordRepeat).fill('ganz-neues-passwort');
    await page.getByRole('button', { name: texts.auth.setPassword }).click();
    await page.getByText(texts.auth.passwordSet).first().waitFor();
    const res = await page.request.post('/api/auth/sign-in/email', {
      data: { email: emailFor('firma_a'), password: 'ganz-neues-passwort' },
      headers: { origin: e.t.url },
    });
    expect(res.status()).toBe(200);
  });

  it('lets an admin turn on TOTP, then asks for the code at login', async () => {
    const page = await e.newPage();
    await loginAs(page, 'admin');
    await page.goto('/security');
    await page.getByLabel(texts.auth.twoFactorPasswordPrompt).fill('test-passwort-123');
    await page.getByRole('button', { name: texts.auth.twoFactorEnable }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!;
    const enableCode = totp(secret);
    await page.getByLabel(texts.auth.totpCode).fill(enableCode);
    await page.getByRole('button', { name: texts.auth.totpSubmit }).click();
    await page.getByText(texts.auth.twoFactorOn).waitFor();

    const again = await e.newPage();
    await again.goto('/login');
    await again.getByLabel(texts.auth.email).fill(emailFor('admin'));
    await again.getByLabel(texts.auth.password, { exact: true }).fill('test-passwort-123');
    await again.getByRole('button', { name: texts.auth.submit, exact: true }).click();
    await again.getByLabel(texts.auth.totpCode).fill('000000');
    await again.getByRole('button', { name: texts.auth.totpSubmit }).click();
    await again.locator('[data-sonner-toast]').filter({ hasText: texts.auth.totpInvalid }).waitFor();
    // Codes are single-use: within the same 30 s the login takes the next step's code (one step ahead is accepted).
    const loginCode = totp(secret) === enableCode ? totp(secret, 1) : totp(secret);
    await again.getByLabel(texts.auth.totpCode).fill(loginCode);
    await again.getByRole('button', { name: texts.auth.totpSubmit }).click();
    await again.waitForURL('**/admin');
  });
});

/** RFC 6238 code for a base32 secret (what an authenticator app shows). */
function totp(base32: string, stepsAhead = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + stepsAhead));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}
