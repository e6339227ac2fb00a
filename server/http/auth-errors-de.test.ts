import { describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { germanAuthMessage, germanAuthRefusal } from './auth-errors-de';

const json = (body: unknown) => Buffer.from(JSON.stringify(body));

describe('better-auth refusals in German', () => {
  it('gives the German text for a known code, and one by status for the rest', () => {
    expect(germanAuthMessage('INVALID_TOKEN', 400)).toBe(texts.auth.resetLinkInvalid);
    expect(germanAuthMessage('SOMETHING_NEW', 403)).toBe(texts.auth.noPermission);
    expect(germanAuthMessage(undefined, 400)).toBe(texts.common.invalidInput);
  });

  it('replaces the English message of a refusal and keeps its code', () => {
    const refusal = germanAuthRefusal(
      400,
      'application/json',
      json({ code: 'INVALID_TOKEN', message: 'invalid token' }),
    );
    expect(refusal).toEqual({ status: 400, body: { code: 'INVALID_TOKEN', message: texts.auth.resetLinkInvalid } });
  });

  it('tells a deactivated account what a wrong password is told', () => {
    const refusal = germanAuthRefusal(403, 'application/json', json({ code: 'BANNED_USER', message: 'banned' }));
    expect(refusal).toEqual({
      status: 401,
      body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: texts.auth.loginFailedText },
    });
  });

  it("keeps the server's own German message and marks 429 as too_many", () => {
    const own = germanAuthRefusal(
      400,
      'application/json; charset=utf-8',
      json({ code: 'PASSWORD_TOO_COMMON', message: texts.auth.passwordTooCommon }),
    );
    expect(own?.body.message).toBe(texts.auth.passwordTooCommon);
    const limited = germanAuthRefusal(429, 'application/json', json({ message: 'Too many requests' }));
    expect(limited?.body).toEqual({ error: 'too_many', message: texts.auth.tooManyAttempts });
  });

  it('passes successes, non-JSON and unreadable bodies through', () => {
    expect(germanAuthRefusal(200, 'application/json', json({ ok: true }))).toBeNull();
    expect(germanAuthRefusal(400, 'text/plain', Buffer.from('nope'))).toBeNull();
    expect(germanAuthRefusal(400, 'application/json', Buffer.from('{broken'))).toBeNull();
    expect(germanAuthRefusal(400, 'application/json', json(5))).toBeNull();
  });
});
