import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, z } from 'zod';
import { germanZodError } from '../../common/schemas/zod-de';
import type { ErrorBody, ErrorCode } from '../../common/contracts/errors';
import { texts } from '../../common/texts';
import { outageBody, outageOrDatabaseDown, RETRY_AFTER_SECONDS } from './outage';
import { germanAuthMessage } from './auth-errors-de';

function isAuthApiError(error: unknown): error is Error & { statusCode: number; body?: { code?: string } } {
  return (
    error instanceof Error &&
    error.name === 'APIError' &&
    typeof (error as { statusCode?: unknown }).statusCode === 'number'
  );
}

const statusOf: Record<ErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  too_many: 429,
  unavailable: 503,
};

/** A failure the user should read: code for the program, German message for the person. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly title?: string,
  ) {
    super(message);
  }
  get status() {
    return statusOf[this.code];
  }
}

// Every zod rule without its own message answers in German.
z.config({ customError: germanZodError });

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError | Error, request, reply) => {
    const refusal = refusalOf(error);
    if (refusal) return reply.status(refusal.status).send(refusal.body);
    // Storage or database down: a German 503 (the web app keeps the input); the raw error is logged only.
    // A library that wraps the database error (the auth library's 'Failed to get session'):
    // asked once more whether the database answers at all.
    const outage = await outageOrDatabaseDown(error, request.server.hasDecorator('db') ? request.server.db : undefined);
    if (outage) {
      request.log.error({ err: error, outage }, 'request failed: storage or database outage');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(outageBody(outage) satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'internal', message: texts.common.internalError } satisfies ErrorBody);
  });
}

type Refusal = { status: number; body: ErrorBody };

/** The answer to an error the user caused (status below 500), in German; null for a failure of ours. */
export function refusalOf(error: FastifyError | Error): Refusal | null {
  if (error instanceof DomainError)
    return { status: error.status, body: { error: error.code, message: error.message, title: error.title } };
  if (error instanceof ZodError)
    return { status: 400, body: { error: 'invalid', message: error.issues[0]?.message ?? texts.common.invalidInput } };
  // better-auth called from our own routes: its refusal in German, never its English text.
  if (isAuthApiError(error)) {
    const status = error.statusCode;
    if (status < 500)
      return { status, body: { error: authErrorCode(status), message: germanAuthMessage(error.body?.code, status) } };
  }
  return fastifyRefusalOf(error as FastifyError);
}

function authErrorCode(status: number): ErrorCode {
  if (status === 429) return 'too_many';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 401) return 'unauthenticated';
  return 'invalid';
}

/** Fastify's own refusals (body too large, unknown type, broken JSON, rate limit) in German. */
function fastifyRefusalOf(error: FastifyError): Refusal | null {
  const status = error.statusCode;
  if (status === 413) return { status, body: { error: 'too_large', message: texts.common.requestTooLarge } };
  if (status === 415)
    return { status, body: { error: 'unsupported_type', message: texts.common.unsupportedMediaType } };
  if (status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return { status, body: { error: 'invalid', message: texts.common.malformedJson } };
  if (status === 429) return { status, body: { error: 'too_many', message: texts.auth.tooManyAttempts } };
  if (status && status < 500) return { status, body: { error: 'invalid', message: texts.common.invalidInput } };
  return null;
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a URL or headers over the size
 * limit, broken framing): a German JSON answer instead of Node's English one.
 */
export function germanClientError(error: Error & { code?: string }, socket: import('node:net').Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify({
    error: tooLarge ? 'too_large' : 'invalid',
    message: tooLarge ? texts.common.requestTooLarge : texts.common.invalidInput,
  } satisfies ErrorBody);
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
