import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { addUser, api, login, startTestApp, type TestApp } from '../testing/harness';

describe('security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { LOGIN_RATE_LIMIT: '3', SESSION_IDLE_MINUTES: '0.05' });
    await addUser(t.app, 'firma@example.de', 'firma_a');
  });
  afterAll(() => t.close());

  it('sends a strict Content-Security-Policy and the usual security headers', async () => {
    const res = await fetch(`${t.url}/api/health`);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:\/\/(?!127\.0\.0\.1|localhost)/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sets the session cookie HttpOnly and SameSite', async () => {
    const res = await fetch(`${t.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.url },
      body: JSON.stringify({ email: 'firma@example.de', password: 'test-passwort-123' }),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('expires a session on the server after the idle time', async () => {
    const cookie = await login(t, 'firma@example.de');
    expect((await api(t, 'GET', '/api/me', { cookie })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 3500));
    expect((await api(t, 'GET', '/api/me', { cookie })).status).toBe(401);
  });

  it('limits login attempts per client', async () => {
    const attempt = () =>
      fetch(`${t.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.url },
        body: JSON.stringify({ email: 'firma@example.de', password: 'falsch-falsch' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt()).status);
    // The limit is 3 a minute; sign-ins of the tests above count too.
    expect(statuses[0]).toBe(401);
    const first429 = statuses.indexOf(429);
    expect(first429).toBeGreaterThan(0);
    expect(statuses.slice(first429).every((s) => s === 429)).toBe(true);
    // The browser shows the catalogue's text for it.
    expect(texts.auth.tooManyAttempts).toContain('Zu viele Anmeldeversuche');
  });
});
