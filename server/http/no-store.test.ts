import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { addUser, dialects, login, startTestApp, type TestApp } from '../testing/harness';

describe.each(dialects)('answers that keep nothing and tell in German on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await addUser(t.app, 'admin@example.de', 'admin');
    cookie = await login(t, 'admin@example.de');
  });
  afterAll(() => t?.close());

  it('API answers with personal data carry Cache-Control: no-store; public assets keep their caching', async () => {
    for (const url of [
      '/api/me',
      '/api/inbox',
      '/api/admin/users',
      '/api/account/notifications',
      '/api/inbox/999999',
    ]) {
      const res = await fetch(`${t.url}${url}`, { headers: { cookie } });
      expect(res.headers.get('cache-control'), url).toBe('no-store');
    }
    const asset = await fetch(`${t.url}/api/voice/assets/rawAudioProcessor.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('a path parameter over the router limit or a malformed address answers in German without echoing the address', async () => {
    const long = `/api/inbox/${'9'.repeat(300)}`;
    const res = await fetch(`${t.url}${long}`, { headers: { cookie } });
    expect(res.status).toBe(414);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ error: 'too_long', message: texts.common.addressTooLong });
    expect(body).not.toContain('999999');
    const bad = await fetch(`${t.url}/api/submissions/%E0%A4%A`, { headers: { cookie } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid', message: texts.common.addressInvalid });
  });

  it('HEAD on an app page answers as GET does', async () => {
    for (const url of ['/', '/admin/inbox', '/p/vdi/upload']) {
      const get = await fetch(`${t.url}${url}`);
      const head = await fetch(`${t.url}${url}`, { method: 'HEAD' });
      expect(head.status, url).toBe(get.status);
      expect(head.headers.get('content-type'), url).toBe(get.headers.get('content-type'));
    }
  });
});
