import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { databaseReachable } from '../db/database';
import type { DB } from '../db/schema';
import { texts } from '../../common/texts';
import type { ErrorBody } from '../../common/contracts/errors';

/**
 * Faults of the server's own storage or database (not of the request): they answer 503 with a
 * German message, the raw error goes to the log only.
 */
export type Outage = 'storage' | 'database';

/** File system errors that mean: the disk is full, read-only, gone or refuses us. */
const storageCodes = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EACCES',
  'EPERM',
  'EIO',
  'EMFILE',
  'ENFILE',
  'ESTALE',
  'ENXIO',
]);
/** SQLite: its disk full, failing, read-only or the file unopenable (a storage fault)... */
const sqliteStoragePrefixes = ['SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_READONLY', 'SQLITE_CANTOPEN'];
/** ...or busy/locked beyond the busy timeout, out of memory (the database cannot serve now). */
const sqliteBusyPrefixes = ['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_NOMEM'];
/** pg-pool and pg's own texts for a lost or unobtainable connection. */
const pgConnectionTexts =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

function classify(error: Record<string, unknown>): Outage | null {
  const code = typeof error.code === 'string' ? error.code : '';
  if (storageCodes.has(code)) return 'storage';
  if (sqliteStoragePrefixes.some((p) => code.startsWith(p))) return 'storage';
  if (sqliteBusyPrefixes.some((p) => code.startsWith(p))) return 'database';
  // PostgreSQL SQLSTATE: 08 connection exception, 53 insufficient resources (disk full, too many
  // connections), 57P01-03 server shutting down or starting.
  if (/^(08|53)[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code)) return 'database';
  // An S3 store that answers with a server error or refuses our credentials.
  const s3 = error.$metadata as { httpStatusCode?: number } | undefined;
  if (
    s3 &&
    typeof s3 === 'object' &&
    (s3.httpStatusCode === undefined || s3.httpStatusCode >= 500 || s3.httpStatusCode === 403)
  )
    return 'storage';
  if (typeof error.message === 'string' && pgConnectionTexts.test(error.message)) return 'database';
  // SQLite rolled a transaction back itself (disk full, I/O error, busy, out of memory): the
  // library's ROLLBACK then fails with this text and hides the cause.
  if (typeof error.message === 'string' && /cannot rollback.{1,4}no transaction is active/i.test(error.message))
    return 'storage';
  return null;
}

/**
 * Which outage an error is, looking through `cause` and AggregateError's `errors`; null: none.
 * A bare network error (ECONNREFUSED…) may come from any outside service, so it is not judged
 * here: the error handler asks the database itself (see installErrorHandler).
 */
export function outageOf(error: unknown, depth = 0): Outage | null {
  if (!error || typeof error !== 'object' || depth > 5) return null;
  const e = error as Record<string, unknown>;
  const own = classify(e);
  if (own) return own;
  if (e.cause) {
    const inner = outageOf(e.cause, depth + 1);
    if (inner) return inner;
  }
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const found = outageOf(inner, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/**
 * A fault that waiting mends (a full, read-only or failing disk, a database outage): work that met
 * it is tried again later, never marked failed for good. Tools report the system's text only
 * (sharp, ffmpeg's `detail`), so that text counts too.
 */
export function storageFault(error: unknown): boolean {
  const e = error as { message?: unknown; detail?: unknown } | null;
  return (
    outageOf(error) !== null ||
    /no space left|ENOSPC|EROFS|read-only file system|disk quota|EDQUOT|input\/output error|EIO/i.test(
      `${String(e?.message ?? error)} ${String(e?.detail ?? '')}`,
    )
  );
}

/**
 * outageOf, and for any other error the question whether the database answers at all: libraries
 * that wrap its error (the auth library's 'Failed to get session') or a bare ECONNREFUSED from pg.
 */
export async function outageOrDatabaseDown(error: unknown, db: Kysely<DB> | undefined): Promise<Outage | null> {
  return outageOf(error) ?? (db && !(await databaseReachable(db)) ? 'database' : null);
}

/** An outage's error body: always with its title. */
export type OutageBody = ErrorBody & { error: 'unavailable'; title: string };

export function outageBody(outage: Outage): OutageBody {
  return {
    error: 'unavailable',
    message: outage === 'storage' ? texts.common.storageOutage : texts.common.databaseOutage,
    title: texts.common.outageTitle,
  };
}

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * For the tus server's `onResponseError`: storage and database faults become a German 503, any
 * other raw error (not one of tus' own protocol answers) a German 500; the raw text is logged only.
 */
export function tusFaultMapper(log: FastifyBaseLogger, db: Kysely<DB>) {
  return async (
    _req: unknown,
    error: Error | { status_code: number; body: string },
  ): Promise<{ status_code: number; body: string } | undefined> => {
    // tus' own protocol answers and our refusals from onUploadFinish pass unchanged.
    if (!(error instanceof Error) && typeof error.status_code === 'number') return undefined;
    const outage = await outageOrDatabaseDown(error, db);
    log.error({ err: error }, outage ? `upload failed: ${outage} outage` : 'upload failed');
    if (outage) return { status_code: 503, body: JSON.stringify(outageBody(outage)) };
    return { status_code: 500, body: JSON.stringify({ error: 'internal', message: texts.common.internalError }) };
  };
}
