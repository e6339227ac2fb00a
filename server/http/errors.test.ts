import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { texts } from '../../common/texts';
import { DomainError, refusalOf } from './errors';

/** What Fastify and better-auth throw, by shape (status on the error). */
function thrown(props: Record<string, unknown>, name = 'FastifyError'): Error {
  return Object.assign(Object.assign(new Error('English text'), { name }), props);
}

describe('refusals in German', () => {
  it("answers a domain error with its code's status, message and title", () => {
    expect(refusalOf(new DomainError('conflict', 'Schon vergeben', 'Titel'))).toEqual({
      status: 409,
      body: { error: 'conflict', message: 'Schon vergeben', title: 'Titel' },
    });
  });

  it("answers a schema refusal with its first issue's message", () => {
    const result = z.object({ name: z.string().min(2, 'Zu kurz') }).safeParse({ name: 'a' });
    expect(refusalOf(result.error!)).toEqual({ status: 400, body: { error: 'invalid', message: 'Zu kurz' } });
  });

  it("maps better-auth's refusals by status, with the German text of its code", () => {
    const banned = thrown({ statusCode: 403, body: { code: 'BANNED_USER' } }, 'APIError');
    expect(refusalOf(banned)).toEqual({
      status: 403,
      body: { error: 'forbidden', message: texts.auth.loginFailedText },
    });
    expect(refusalOf(thrown({ statusCode: 401 }, 'APIError'))?.body.error).toBe('unauthenticated');
    expect(refusalOf(thrown({ statusCode: 404 }, 'APIError'))?.body.error).toBe('not_found');
    expect(refusalOf(thrown({ statusCode: 429 }, 'APIError'))?.body.error).toBe('too_many');
    expect(refusalOf(thrown({ statusCode: 400 }, 'APIError'))?.body.error).toBe('invalid');
    expect(refusalOf(thrown({ statusCode: 500 }, 'APIError'))).toBeNull();
  });

  it("puts Fastify's own refusals in German", () => {
    expect(refusalOf(thrown({ statusCode: 413 }))?.body).toEqual({
      error: 'too_large',
      message: texts.common.requestTooLarge,
    });
    expect(refusalOf(thrown({ statusCode: 415 }))?.body.error).toBe('unsupported_type');
    expect(refusalOf(thrown({ statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }))?.body.message).toBe(
      texts.common.malformedJson,
    );
    expect(refusalOf(thrown({ statusCode: 429 }))?.body.message).toBe(texts.auth.tooManyAttempts);
    expect(refusalOf(thrown({ statusCode: 405 }))).toEqual({
      status: 405,
      body: { error: 'invalid', message: texts.common.invalidInput },
    });
  });

  it('leaves a failure of ours (no status, or 500 and above) to the outage check', () => {
    expect(refusalOf(new Error('boom'))).toBeNull();
    expect(refusalOf(thrown({ statusCode: 502 }))).toBeNull();
  });
});
