import { describe, expect, it } from 'vitest';
import { routeTable } from '../../../../common/routes';
import { texts } from '../../../../common/texts';
import { decideAccess } from './RequireAccess';

const route = (path: string) => {
  const def = routeTable.find((r) => r.path === path);
  if (!def) throw new Error(`no route ${path}`);
  return def;
};
const signedIn = { initialized: true, authenticated: true, roleLoading: false, role: null, setupNeeded: false };
const signedOutState = { ...signedIn, authenticated: false };

describe("the pages' guard", () => {
  it('public pages show at once, also before the session is known (the approval link, the public link)', () => {
    expect(decideAccess(route('/freigabe/:token'), { ...signedOutState, initialized: false })).toEqual({
      kind: 'show',
    });
    expect(decideAccess(route('/p/:tenant'), signedOutState)).toEqual({ kind: 'show' });
  });

  it('waits with a spinner while the session is unknown, instead of sending a signed-in person to /login', () => {
    expect(decideAccess(route('/eingang'), { ...signedIn, initialized: false }).kind).toBe('spinner');
    expect(decideAccess(route('/eingang'), { ...signedIn, roleLoading: true, role: 'admin' }).kind).toBe('spinner');
  });

  it('a fresh install without accounts opens the setup page, without an error', () => {
    expect(decideAccess(route('/'), { ...signedOutState, setupNeeded: true })).toEqual({ kind: 'setup' });
    expect(decideAccess(route('/'), { ...signedOutState, setupNeeded: null }).kind).toBe('spinner');
  });

  it('signed out: to /login, remembering the page; the login-only pages say why', () => {
    expect(decideAccess(route('/konto'), signedOutState)).toEqual({
      kind: 'login',
      remember: true,
      toast: [texts.auth.accessDeniedTitle, texts.auth.mustBeLoggedIn],
    });
    expect(decideAccess(route('/eingang'), signedOutState)).toEqual({ kind: 'login', remember: true });
    // Right after signing out: nothing remembered, nothing said.
    expect(decideAccess(route('/eingang'), { ...signedOutState, signedOut: true })).toEqual({
      kind: 'login',
      remember: false,
    });
  });

  it('signed in without role or membership: "Keine Rolle", not an endless bounce', () => {
    expect(decideAccess(route('/eingang'), signedIn)).toMatchObject({ kind: 'no-role' });
    expect(decideAccess(route('/konto'), signedIn)).toEqual({ kind: 'show' });
  });

  it('the inbox: admins and editors enter, a contributor is refused with the German message', () => {
    expect(decideAccess(route('/eingang'), { ...signedIn, role: 'admin' })).toEqual({ kind: 'show' });
    const editor = { tenant: 'nordwerk', role: 'editor' as const };
    expect(decideAccess(route('/eingang'), { ...signedIn, membership: editor })).toEqual({ kind: 'show' });
    const contributor = { tenant: 'nordwerk', role: 'contributor' as const };
    expect(decideAccess(route('/eingang'), { ...signedIn, membership: contributor })).toEqual({
      kind: 'denied',
      toast: [texts.auth.accessDeniedTitle, texts.auth.noPermission],
    });
  });

  it("the admin pages refuse a company's user", () => {
    expect(decideAccess(route('/admin'), { ...signedIn, role: 'firma_a' }).kind).toBe('denied');
    expect(decideAccess(route('/admin'), { ...signedIn, role: 'admin' }).kind).toBe('show');
  });

  it("a created tenant's pages admit its members and admins, not another tenant's members", () => {
    const def = route('/t/:tenantKey');
    const member = { tenant: 'nordwerk', role: 'contributor' as const };
    expect(decideAccess(def, { ...signedIn, membership: member, tenantKey: 'nordwerk' }).kind).toBe('show');
    expect(decideAccess(def, { ...signedIn, membership: member, tenantKey: 'suedwerk' }).kind).toBe('denied');
    expect(decideAccess(def, { ...signedIn, role: 'admin', tenantKey: 'suedwerk' }).kind).toBe('show');
  });
});
