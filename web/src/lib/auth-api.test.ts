import { afterEach, describe, expect, it } from 'vitest';
import { localServer } from '../testing/local-server';
import { authApi } from './auth-api';

let server: Awaited<ReturnType<typeof localServer>> | undefined;
afterEach(() => server?.close());

const answering = async (status: number, body: unknown) => {
  server = await localServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  });
  return server;
};

describe('the sign-in calls of the everyday pages', () => {
  it('a signed-in session comes back with its user', async () => {
    const session = { user: { id: 'u1', email: 'a@b.de' }, session: { id: 's1', expiresAt: '2026-12-01' } };
    const s = await answering(200, session);
    await expect(authApi.getSession()).resolves.toEqual(session);
    expect(s.seen[0]).toMatchObject({ method: 'GET', url: '/api/auth/get-session', body: '' });
  });

  it('no session (null body or 401) means signed out, not an error', async () => {
    await answering(200, null);
    await expect(authApi.getSession()).resolves.toBeNull();
    await server?.close();
    await answering(401, { message: 'Unauthorized' });
    await expect(authApi.getSession()).resolves.toBeNull();
  });

  it('a server fault while asking for the session throws (the app must not act as signed out)', async () => {
    await answering(500, { message: 'kaputt' });
    await expect(authApi.getSession()).rejects.toThrow('kaputt');
  });

  it("a refused sign-in carries better-auth's code and message for the German mapping", async () => {
    const s = await answering(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    const result = await authApi.signInEmail('a@b.de', 'falsch');
    expect(result).toEqual({
      data: null,
      error: { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
    expect(JSON.parse(s.seen[0]?.body ?? '')).toEqual({ email: 'a@b.de', password: 'falsch' });
    expect(s.seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('an unreachable server answers status 0 instead of throwing', async () => {
    await answering(200, {});
    await server?.close();
    server = undefined;
    const result = await authApi.signOut();
    expect(result.error?.status).toBe(0);
  });
});
